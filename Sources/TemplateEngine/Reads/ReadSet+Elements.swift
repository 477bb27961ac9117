import VibeBasics

extension ReadSet {
  /// The digest of each element of a list a variable holds, as what every element's reads
  /// saw of it, with the element it was made of (kept so the next digest of the same
  /// variable takes the digests of the elements that are the same).
  public struct ElementDigests: Sendable {
    fileprivate var elements: [(value: TemplateValue, digest: Fingerprint)] = []

    /// None.
    public init() {}

    /// How many elements' digests are kept.
    public var count: Int { elements.count }
  }

  /// The digest of what these reads see of a variable's whole value (nil: there is no such
  /// variable). A list whose every element was read adds each element's own digest, so a
  /// list of 10,000 records that changed in one is not walked again: an element that is
  /// the same (`TemplateValue.isSame(as:)`) as the one at its place in `last` takes its
  /// digest from there. Returns the elements' digests for the next time (none for any
  /// other value).
  public func digest(of value: TemplateValue?, reusing last: ElementDigests? = nil) -> (
    Fingerprint, ElementDigests
  ) {
    var hasher = StableHasher()
    guard let value, flags & ReadNode.full == 0, let every = each.first,
      case .array(let list) = value
    else {
      digest(value, into: &hasher)
      return (hasher.digest, ElementDigests())
    }
    // As `digest(_:into:)`, but for the elements.
    digestAllButElements(value, into: &hasher)
    hasher.add(list.count)
    var made = ElementDigests()
    made.elements.reserveCapacity(list.count)
    for (i, item) in list.enumerated() {
      let digest: Fingerprint
      if let last, i < last.elements.count, last.elements[i].value.isSame(as: item) {
        digest = last.elements[i].digest
      } else {
        var own = StableHasher()
        every.digest(item, into: &own)
        digest = own.digest
      }
      hasher.add(digest)
      made.elements.append((item, digest))
    }
    return (hasher.digest, made)
  }
}
