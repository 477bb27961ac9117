/// Hexadecimal text of bytes, both ways (secrets, tokens, percent escapes).
extension Array where Element == UInt8 {
  /// The bytes as lowercase hex, two digits a byte.
  public var hexString: String {
    var text: [UInt8] = []
    text.reserveCapacity(count * 2)
    for byte in self {
      text.append(UInt8.hexDigits[Int(byte >> 4)])
      text.append(UInt8.hexDigits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The bytes that `hexString` writes as `text` (two digits a byte, either case); nil
  /// for an odd number of digits or any other character.
  public init?(hexString text: some StringProtocol) {
    let digits = Array(text.utf8)
    guard digits.count % 2 == 0 else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count / 2)
    for i in stride(from: 0, to: digits.count, by: 2) {
      guard let high = digits[i].hexDigitValue, let low = digits[i + 1].hexDigitValue else {
        return nil
      }
      bytes.append(high << 4 | low)
    }
    self = bytes
  }
}

extension Array where Element == UInt8 {
  /// Appends the lowercase hex digits of `value`: all sixteen, or without leading zeros.
  @inlinable
  public mutating func appendHex(_ value: UInt64, leadingZeros: Bool) {
    var shift = leadingZeros ? 60 : Swift.max(0, (63 - value.leadingZeroBitCount) / 4 * 4)
    while shift >= 0 {
      let digit = UInt8(truncatingIfNeeded: (value >> UInt64(shift)) & 0xF)
      append(digit < 10 ? 0x30 + digit : 0x57 + digit)
      shift -= 4
    }
  }

  /// Appends the decimal digits of `value` (with a minus sign when it is negative).
  @inlinable
  public mutating func appendDecimal(_ value: Int) {
    guard value >= 0 else {
      append(contentsOf: String(value).utf8)
      return
    }
    var divisor = 1
    while divisor <= value / 10 { divisor *= 10 }
    var rest = value
    while divisor > 0 {
      append(0x30 + UInt8(truncatingIfNeeded: rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }
}

extension UInt8 {
  /// The lowercase hex digits, by value (`hexDigits[10]` is `a`): one table for every
  /// writer of hex.
  public static let hexDigits = Array("0123456789abcdef".utf8)

  /// The value of this byte as a hexadecimal digit (`0`-`9`, `a`-`f`, `A`-`F`); nil for
  /// any other byte.
  public var hexDigitValue: UInt8? {
    switch self {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): self - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): self - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): self - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
