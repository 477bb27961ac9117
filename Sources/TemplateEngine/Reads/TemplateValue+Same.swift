import Foundation
import VibeBasics

extension TemplateValue {
  /// Whether `other` is surely the same value: the same type and the same content byte for
  /// byte (texts by their UTF-8 bytes, not by Unicode equivalence; decimals by their exact
  /// representation, so 1.5 and 1.50 differ), so every digest and every render of either
  /// gives the same result. Lists and maps that share their storage are the same without
  /// being walked, which makes comparing a value kept from an earlier build with itself
  /// cheap. A model object or a macro is never surely the same (false).
  public func isSame(as other: TemplateValue) -> Bool {
    switch (self, other) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.int(let a), .int(let b)): return a == b
    case (.decimal(let a), .decimal(let b)): return sameBits(a, b)
    case (.string(let a), .string(let b)), (.safe(let a), .safe(let b)):
      return a.isSameText(as: b)
    case (.date(let a), .date(let b)): return a == b
    case (.dateTime(let a), .dateTime(let b)):
      return a.timeIntervalSince1970.bitPattern == b.timeIntervalSince1970.bitPattern
    case (.time(let a), .time(let b)): return a == b
    case (.array(let a), .array(let b)):
      if sameBits(a, b) { return true }
      guard a.count == b.count else { return false }
      for (x, y) in zip(a, b) where !x.isSame(as: y) { return false }
      return true
    case (.dictionary(let a), .dictionary(let b)):
      if sameBits(a, b) { return true }
      guard a.count == b.count else { return false }
      for (name, x) in a {
        // Looked up by Unicode equivalence: the key found must be the same bytes too.
        guard let at = b.index(forKey: name), b[at].key.isSameText(as: name),
          x.isSame(as: b[at].value)
        else { return false }
      }
      return true
    default:
      return false
    }
  }
}
