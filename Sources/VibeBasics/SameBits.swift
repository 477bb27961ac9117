/// Whether two values have the same bits. For a value made of values alone (structs,
/// enums, texts, lists and maps: no class with state of its own), the same bits mean the
/// same content, byte for byte, so a copy of a value kept from an earlier build is known to
/// be the same without walking it. Values with the same content may have different bits
/// (made apart, in storage of their own): false says nothing.
public func sameBits<T>(_ a: T, _ b: T) -> Bool {
  withUnsafeBytes(of: a) { x in withUnsafeBytes(of: b) { y in x.elementsEqual(y) } }
}

extension String {
  /// Whether two texts are the same byte for byte (not by Unicode equivalence, as `==`
  /// compares them: "é" and "e" with a combining accent print differently).
  public func isSameText(as other: String) -> Bool {
    sameBits(self, other) || (utf8.count == other.utf8.count && utf8.elementsEqual(other.utf8))
  }
}

extension Optional where Wrapped == String {
  /// Whether two optional texts are both absent or the same byte for byte.
  public func isSameText(as other: String?) -> Bool {
    switch (self, other) {
    case (nil, nil): true
    case (let a?, let b?): a.isSameText(as: b)
    default: false
    }
  }
}

extension Array where Element == String {
  /// Whether two lists of texts are the same byte for byte, text by text.
  public func isSameText(as other: [String]) -> Bool {
    sameBits(self, other)
      || (count == other.count && zip(self, other).allSatisfy { $0.isSameText(as: $1) })
  }
}
