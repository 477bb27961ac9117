/// A QR code (ISO/IEC 18004, model 2, versions 1 to 40) holding bytes in byte mode, as a
/// matrix of dark and light modules, with SVG and terminal renderings. Text is encoded as
/// its UTF-8 bytes without an ECI header, which is what phone scanners expect for URLs.
///
/// The mask is the one with the lowest ISO 18004 penalty (N1 to N4; ties go to the lowest
/// mask number), scored on the masked symbol before the format and version information and
/// the dark module are drawn, as the standard orders the encoding steps (segno does the
/// same; encoders that score with the format bits drawn may pick another, equally valid
/// mask).
public struct QRCode: Sendable, Equatable {
  /// How much damage the code survives: about 7, 15, 25 and 30 % of its codewords.
  public enum ErrorCorrection: Sendable, Hashable, CaseIterable {
    /// Level L, about 7 %.
    case low
    /// Level M, about 15 %.
    case medium
    /// Level Q, about 25 %.
    case quartile
    /// Level H, about 30 %.
    case high

    /// The row of the block tables.
    fileprivate var index: Int {
      switch self {
      case .low: 0
      case .medium: 1
      case .quartile: 2
      case .high: 3
      }
    }

    /// The two bits of the format information.
    fileprivate var formatBits: Int {
      switch self {
      case .low: 1
      case .medium: 0
      case .quartile: 3
      case .high: 2
      }
    }
  }

  /// The data does not fit in the largest allowed version at the chosen error correction.
  public struct TooLong: Error, Equatable, CustomStringConvertible {
    /// How many bytes were to be encoded.
    public let byteCount: Int
    /// The most bytes the largest allowed version holds at the chosen error correction.
    public let capacity: Int
    /// The largest allowed version: 40, or the version that was asked for.
    public let version: Int
    /// The error correction that was asked for.
    public let correction: ErrorCorrection

    /// A sentence for the user.
    public var description: String {
      "\(byteCount) bytes do not fit in a QR code: version \(version) holds at most "
        + "\(capacity) bytes with \(correction) error correction"
    }
  }

  /// A forced version outside 1...40 or a forced mask outside 0...7.
  public struct InvalidOption: Error, Equatable, CustomStringConvertible {
    /// A sentence for the user.
    public let description: String
  }

  /// The number of modules per side, without the quiet zone: 17 + 4 × version.
  public let size: Int
  /// The version, 1...40.
  public let version: Int
  /// The data mask pattern, 0...7.
  public let mask: Int
  /// The error correction level.
  public let correction: ErrorCorrection
  /// The modules, row by row; true is dark.
  private let modules: [Bool]

  /// Encodes the UTF-8 bytes of `text` in the smallest version that holds them.
  /// - Throws: `TooLong` when they do not fit in version 40.
  public init(_ text: String, correction: ErrorCorrection = .medium) throws {
    try self.init(bytes: Array(text.utf8), correction: correction)
  }

  /// Encodes `bytes` in byte mode; `version` and `mask` are chosen when nil.
  /// - Throws: `TooLong` when the bytes do not fit (in `version` if given, else in version
  ///   40); `InvalidOption` for a version outside 1...40 or a mask outside 0...7.
  public init(
    bytes: [UInt8], correction: ErrorCorrection = .medium, version: Int? = nil, mask: Int? = nil
  ) throws {
    if let version, !(1...40).contains(version) {
      throw InvalidOption(description: "QR code version \(version) is not in 1...40")
    }
    if let mask, !(0...7).contains(mask) {
      throw InvalidOption(description: "QR code mask \(mask) is not in 0...7")
    }
    let candidates = version.map { [$0] } ?? Array(1...40)
    guard
      let chosen = candidates.first(where: {
        QRCode.byteCapacity(version: $0, correction: correction) >= bytes.count
      })
    else {
      let largest = version ?? 40
      throw TooLong(
        byteCount: bytes.count,
        capacity: QRCode.byteCapacity(version: largest, correction: correction),
        version: largest, correction: correction)
    }
    var matrix = Matrix(version: chosen)
    matrix.place(QRCode.codewords(bytes, version: chosen, correction: correction))
    var best = mask ?? 0
    if mask == nil {
      var bestScore = Int.max
      for candidate in 0..<8 {
        var masked = matrix
        masked.applyMask(candidate)
        let score = masked.penalty()
        if score < bestScore { (best, bestScore) = (candidate, score) }
      }
    }
    matrix.applyMask(best)
    matrix.drawFormatAndVersion(correction: correction, mask: best)
    self.size = matrix.size
    self.version = chosen
    self.mask = best
    self.correction = correction
    self.modules = matrix.dark
  }

  /// Whether the module in column `x` and row `y` (0-based, from the top left) is dark;
  /// false outside the symbol (`code[x, y]`).
  public subscript(x: Int, y: Int) -> Bool {
    guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
    return modules[y * size + x]
  }

  /// The most bytes `version` holds in byte mode at `correction`.
  public static func byteCapacity(version: Int, correction: ErrorCorrection) -> Int {
    guard (1...40).contains(version) else { return 0 }
    let bits = dataCodewords(version, correction) * 8 - 4 - (version < 10 ? 8 : 16)
    return bits / 8
  }

  // MARK: Renderings

  /// An inline SVG of the code: a white square (the code plus `quietZone` light modules on
  /// every side) and one black path of horizontal runs, `moduleSize` pixels per module.
  /// `title` (user text, escaped) names the image for screen readers; `id` is the id of its
  /// `<title>` element, referenced by `aria-labelledby`: it must be a valid XML id (a letter
  /// first; letters, digits, `-`, `_`, `.`) unique on the page. The output is deterministic.
  public func svg(id: String, title: String, moduleSize: Int = 4, quietZone: Int = 4) -> String {
    let quiet = max(0, quietZone)
    let side = size + 2 * quiet
    let pixels = side * max(1, moduleSize)
    let id = xmlEscaped(id)
    var path = ""
    for y in 0..<size {
      var x = 0
      while x < size {
        guard self[x, y] else {
          x += 1
          continue
        }
        var run = 1
        while self[x + run, y] { run += 1 }
        path += "M\(x + quiet) \(y + quiet)h\(run)v1h-\(run)z"
        x += run
      }
    }
    return """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" \
      width="\(pixels)" height="\(pixels)" role="img" aria-labelledby="\(id)" \
      shape-rendering="crispEdges"><title id="\(id)">\(xmlEscaped(title))</title>\
      <rect width="\(side)" height="\(side)" fill="#fff"/><path fill="#000" d="\(path)"/></svg>
      """
  }

  /// The code as lines of Unicode half blocks, two module rows per line, each line ending
  /// in a newline, with `quietZone` light modules on every side. The colours are inverted
  /// for terminals with a dark background: light modules (and the quiet zone) are printed
  /// as blocks in the text colour, dark modules as blanks showing the background. On a
  /// light-background terminal it prints as a negative, which many scanners still read.
  public func terminalText(quietZone: Int = 2) -> String {
    let quiet = max(0, quietZone)
    let side = size + 2 * quiet
    func light(_ x: Int, _ y: Int) -> Bool {
      guard y < side else { return false }  // Below the last row: print nothing.
      return !self[x - quiet, y - quiet]
    }
    var text = ""
    for y in stride(from: 0, to: side, by: 2) {
      for x in 0..<side {
        switch (light(x, y), light(x, y + 1)) {
        case (true, true): text += "█"
        case (true, false): text += "▀"
        case (false, true): text += "▄"
        case (false, false): text += " "
        }
      }
      text += "\n"
    }
    return text
  }

  // MARK: Codewords

  /// The data and error correction codewords, interleaved in placement order.
  private static func codewords(
    _ bytes: [UInt8], version: Int, correction: ErrorCorrection
  ) -> [UInt8] {
    let capacity = dataCodewords(version, correction)
    var bits = BitWriter()
    bits.append(0b0100, count: 4)
    bits.append(bytes.count, count: version < 10 ? 8 : 16)
    for byte in bytes { bits.append(Int(byte), count: 8) }
    bits.append(0, count: min(4, capacity * 8 - bits.count))
    bits.append(0, count: (8 - bits.count % 8) % 8)
    var data = bits.bytes
    var pad: UInt8 = 0xEC
    while data.count < capacity {
      data.append(pad)
      pad ^= 0xEC ^ 0x11
    }
    let blockCount = errorBlocks[correction.index][version]
    let ecLength = errorCodewordsPerBlock[correction.index][version]
    let raw = rawDataModules(version) / 8
    let shortBlocks = blockCount - raw % blockCount
    let shortLength = raw / blockCount - ecLength
    let divisor = ReedSolomon.generator(degree: ecLength)
    var blocks: [[UInt8]] = []
    var ecBlocks: [[UInt8]] = []
    var start = 0
    for block in 0..<blockCount {
      let length = shortLength + (block < shortBlocks ? 0 : 1)
      let piece = Array(data[start..<start + length])
      start += length
      blocks.append(piece)
      ecBlocks.append(ReedSolomon.remainder(piece, divisor: divisor))
    }
    var result: [UInt8] = []
    result.reserveCapacity(raw)
    for i in 0...shortLength {
      for block in blocks where i < block.count { result.append(block[i]) }
    }
    for i in 0..<ecLength {
      for block in ecBlocks { result.append(block[i]) }
    }
    return result
  }

  /// The data codewords of `version` at `correction`.
  private static func dataCodewords(_ version: Int, _ correction: ErrorCorrection) -> Int {
    let level = correction.index
    return rawDataModules(version) / 8 - errorCodewordsPerBlock[level][version]
      * errorBlocks[level][version]
  }

  /// The modules of `version` left for codewords and remainder bits once the function
  /// patterns, format and version information are drawn.
  private static func rawDataModules(_ version: Int) -> Int {
    var result = (16 * version + 128) * version + 64
    if version >= 2 {
      let align = version / 7 + 2
      result -= (25 * align - 10) * align - 55
      if version >= 7 { result -= 36 }
    }
    return result
  }

  /// Error correction codewords per block, by level (L, M, Q, H) and version (index 0 unused).
  private static let errorCodewordsPerBlock: [[Int]] = [
    [
      0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
      28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
    ],
    [
      0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
      26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
    ],
    [
      0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
      28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
    ],
    [
      0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
      30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
    ],
  ]

  /// Error correction blocks, by level (L, M, Q, H) and version (index 0 unused).
  private static let errorBlocks: [[Int]] = [
    [
      0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
      8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25,
    ],
    [
      0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
      17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
    ],
    [
      0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
      23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
    ],
    [
      0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
      25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
    ],
  ]
}

/// Bits appended most significant first, packed into bytes.
private struct BitWriter {
  private(set) var bytes: [UInt8] = []
  private(set) var count = 0

  /// Appends the low `count` bits of `value`.
  mutating func append(_ value: Int, count bitCount: Int) {
    for shift in stride(from: bitCount - 1, through: 0, by: -1) {
      if count % 8 == 0 { bytes.append(0) }
      if (value >> shift) & 1 == 1 { bytes[bytes.count - 1] |= UInt8(0x80 >> (count % 8)) }
      count += 1
    }
  }
}

/// Reed–Solomon error correction over GF(256) with the polynomial x⁸+x⁴+x³+x²+1 (0x11D).
private enum ReedSolomon {
  /// Powers of α = 2, twice over so that sums of two logarithms need no reduction.
  static let exp: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 512)
    var x = 1
    for i in 0..<255 {
      table[i] = UInt8(x)
      table[i + 255] = UInt8(x)
      x <<= 1
      if x & 0x100 != 0 { x ^= 0x11D }
    }
    return table
  }()

  /// Logarithms to base α (index 0 unused).
  static let log: [Int] = {
    var table = [Int](repeating: 0, count: 256)
    for i in 0..<255 { table[Int(exp[i])] = i }
    return table
  }()

  /// The product in GF(256).
  static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
    a == 0 || b == 0 ? 0 : exp[log[Int(a)] + log[Int(b)]]
  }

  /// The coefficients of ∏ (x − αⁱ) for i < degree, highest first, without the leading 1.
  static func generator(degree: Int) -> [UInt8] {
    var result = [UInt8](repeating: 0, count: degree)
    result[degree - 1] = 1
    var root: UInt8 = 1
    for _ in 0..<degree {
      for j in 0..<degree {
        result[j] = multiply(result[j], root)
        if j + 1 < degree { result[j] ^= result[j + 1] }
      }
      root = multiply(root, 2)
    }
    return result
  }

  /// The remainder of data × x^degree divided by the generator: the error codewords.
  static func remainder(_ data: [UInt8], divisor: [UInt8]) -> [UInt8] {
    var result = [UInt8](repeating: 0, count: divisor.count)
    for byte in data {
      let factor = byte ^ result[0]
      result.removeFirst()
      result.append(0)
      for i in result.indices { result[i] ^= multiply(divisor[i], factor) }
    }
    return result
  }
}

/// The symbol while it is built: modules and which of them belong to function patterns.
private struct Matrix {
  let version: Int
  let size: Int
  var dark: [Bool]
  var function: [Bool]

  /// Draws the finder, separator, timing and alignment patterns and reserves the format
  /// and version areas and the dark module (left light until the mask is chosen).
  init(version: Int) {
    self.version = version
    size = version * 4 + 17
    dark = Array(repeating: false, count: size * size)
    function = dark
    for i in 0..<size {
      set(6, i, i % 2 == 0)
      set(i, 6, i % 2 == 0)
    }
    for (cx, cy) in [(3, 3), (size - 4, 3), (3, size - 4)] {
      for dy in -4...4 {
        for dx in -4...4 where (0..<size).contains(cx + dx) && (0..<size).contains(cy + dy) {
          let ring = max(abs(dx), abs(dy))
          set(cx + dx, cy + dy, ring != 2 && ring != 4)
        }
      }
    }
    let centres = Matrix.alignmentCentres(version)
    for (i, cx) in centres.enumerated() {
      for (j, cy) in centres.enumerated() {
        let last = centres.count - 1
        if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) { continue }
        for dy in -2...2 {
          for dx in -2...2 { set(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1) }
        }
      }
    }
    for i in 0..<9 where i != 6 {
      set(8, i, false)
      set(i, 8, false)
    }
    for i in 0..<8 {
      set(size - 1 - i, 8, false)
      set(8, size - 1 - i, false)
    }
    if version >= 7 {
      for i in 0..<18 {
        set(size - 11 + i % 3, i / 3, false)
        set(i / 3, size - 11 + i % 3, false)
      }
    }
  }

  /// The rows (and columns) of the alignment pattern centres.
  static func alignmentCentres(_ version: Int) -> [Int] {
    guard version > 1 else { return [] }
    let count = version / 7 + 2
    let step = (version * 8 + count * 3 + 5) / (count * 4 - 4) * 2
    let last = version * 4 + 10
    return [6] + (0..<count - 1).reversed().map { last - $0 * step }
  }

  /// Sets a function module.
  mutating func set(_ x: Int, _ y: Int, _ isDark: Bool) {
    dark[y * size + x] = isDark
    function[y * size + x] = true
  }

  /// Places the codewords in two-module columns, zigzagging up and down from the right.
  mutating func place(_ codewords: [UInt8]) {
    var bit = 0
    var right = size - 1
    while right >= 1 {
      if right == 6 { right = 5 }
      let upward = (right + 1) & 2 == 0
      for vertical in 0..<size {
        let y = upward ? size - 1 - vertical : vertical
        for x in [right, right - 1] where !function[y * size + x] {
          guard bit < codewords.count * 8 else { return }
          dark[y * size + x] = (codewords[bit >> 3] >> (7 - (bit & 7))) & 1 == 1
          bit += 1
        }
      }
      right -= 2
    }
  }

  /// Inverts the data modules where mask pattern `mask` says so (applying it twice undoes it).
  mutating func applyMask(_ mask: Int) {
    for y in 0..<size {
      for x in 0..<size where !function[y * size + x] {
        let invert: Bool
        switch mask {
        case 0: invert = (x + y) % 2 == 0
        case 1: invert = y % 2 == 0
        case 2: invert = x % 3 == 0
        case 3: invert = (x + y) % 3 == 0
        case 4: invert = (x / 3 + y / 2) % 2 == 0
        case 5: invert = x * y % 2 + x * y % 3 == 0
        case 6: invert = (x * y % 2 + x * y % 3) % 2 == 0
        default: invert = ((x + y) % 2 + x * y % 3) % 2 == 0
        }
        if invert { dark[y * size + x].toggle() }
      }
    }
  }

  /// Draws the format information (both copies), the dark module and, from version 7 on,
  /// the version information (both copies).
  mutating func drawFormatAndVersion(correction: QRCode.ErrorCorrection, mask: Int) {
    let data = correction.formatBits << 3 | mask
    var rem = data
    for _ in 0..<10 { rem = (rem << 1) ^ ((rem >> 9) * 0x537) }
    let format = (data << 10 | rem) ^ 0x5412
    func bit(_ i: Int) -> Bool { (format >> i) & 1 == 1 }
    for i in 0...5 { set(8, i, bit(i)) }
    set(8, 7, bit(6))
    set(8, 8, bit(7))
    set(7, 8, bit(8))
    for i in 9..<15 { set(14 - i, 8, bit(i)) }
    for i in 0..<8 { set(size - 1 - i, 8, bit(i)) }
    for i in 8..<15 { set(8, size - 15 + i, bit(i)) }
    set(8, size - 8, true)
    guard version >= 7 else { return }
    var vrem = version
    for _ in 0..<12 { vrem = (vrem << 1) ^ ((vrem >> 11) * 0x1F25) }
    let bits = version << 12 | vrem
    for i in 0..<18 {
      let isDark = (bits >> i) & 1 == 1
      set(size - 11 + i % 3, i / 3, isDark)
      set(i / 3, size - 11 + i % 3, isDark)
    }
  }

  /// The ISO 18004 penalty: runs of five or more (N1), 2×2 blocks (N2), finder-like
  /// 1:1:3:1:1 patterns with four light modules on one side (N3), dark proportion (N4)
  /// in steps of 5 % away from half.
  func penalty() -> Int {
    var score = 0
    var darkCount = 0
    for a in 0..<size {
      let row = (0..<size).map { dark[a * size + $0] }
      let column = (0..<size).map { dark[$0 * size + a] }
      score += Matrix.linePenalty(row) + Matrix.linePenalty(column)
      darkCount += row.lazy.filter { $0 }.count
    }
    for y in 0..<size - 1 {
      for x in 0..<size - 1 {
        let colour = dark[y * size + x]
        if dark[y * size + x + 1] == colour && dark[(y + 1) * size + x] == colour
          && dark[(y + 1) * size + x + 1] == colour
        {
          score += 3
        }
      }
    }
    let total = size * size
    return score + 10 * (abs(darkCount * 20 - total * 10) / total)
  }

  /// N1 and N3 of one row or column; outside the symbol counts as light. Finder-like
  /// patterns are counted left to right without overlapping (as segno does).
  static func linePenalty(_ line: [Bool]) -> Int {
    var score = 0
    var run = 0
    for (i, module) in line.enumerated() {
      run = i > 0 && module == line[i - 1] ? run + 1 : 1
      if i == line.count - 1 || line[i + 1] != module, run >= 5 { score += run - 2 }
    }
    let finder = [true, false, true, true, true, false, true]
    var start = 0
    while start + 7 <= line.count {
      let before = line[max(0, start - 4)..<start]
      let after = line[start + 7..<min(line.count, start + 11)]
      if line[start..<start + 7].elementsEqual(finder),
        !before.contains(true) || !after.contains(true)
      {
        score += 40
        start += 7
      } else {
        start += 1
      }
    }
    return score
  }
}

/// `text` escaped for XML text and attribute values; characters XML 1.0 forbids (most
/// control characters) become U+FFFD.
private func xmlEscaped(_ text: String) -> String {
  var result = ""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "&": result += "&amp;"
    case "<": result += "&lt;"
    case ">": result += "&gt;"
    case "\"": result += "&quot;"
    case "'": result += "&#39;"
    case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
    default:
      let forbidden = scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF
      result.unicodeScalars.append(forbidden ? "\u{FFFD}" : scalar)
    }
  }
  return result
}
