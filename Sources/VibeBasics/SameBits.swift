/// Whether two values have the same bits. For a value made of values alone (structs,
/// enums, texts, lists and maps: no class with state of its own), the same bits mean the
/// same content, byte for byte, so a copy of a value kept from an earlier build is known to
/// be the same without walking it. Values with the same content may have different bits
/// (made apart, in storage of their own): false says nothing.
public func sameBits<T>(_ a: T, _ b: T) -> Bool {
  withUnsafeBytes(of: a) { x in withUnsafeBytes(of: b) { y in x.elementsEqual(y) } }
}

extension Optional where Wrapped == String {
  /// Whether two optional texts are the same byte for byte (not by Unicode equivalence,
  /// as `==` compares them: "é" and "e" with a combining accent print differently).
  public func isSameText(as other: String?) -> Bool {
    switch (self, other) {
    case (nil, nil): true
    case (let a?, let b?):
      sameBits(a, b) || (a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8))
    default: false
    }
  }
}
