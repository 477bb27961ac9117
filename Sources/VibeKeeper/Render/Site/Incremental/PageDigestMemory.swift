import VibeBasics

/// The digests of what each record page read of its own record's value, from one build,
/// for the next build in the same process (`watch`, `serve`): a page whose record value
/// was taken as it was (`ValueMemory`) and whose recorded fingerprint is the one these
/// digests went into reads the same of the same value, so its digests are taken instead of
/// walking the value again. Without this, deciding that 10,000 unchanged gift pages can
/// stay walks 10,000 values on every rebuild.
struct PageDigestMemory: Sendable {
  /// One page's digests.
  struct Entry: Sendable {
    /// The fingerprint the page got in the build the digests are from.
    let fingerprint: Fingerprint
    /// The digest of each member read that holds the record's value, by name.
    let digests: [Member]
  }

  /// The digest of one member read.
  struct Member: Sendable {
    let name: String
    let digest: Fingerprint
  }

  /// Entries by page path.
  var pages: [String: Entry] = [:]

  /// The digest of member `name` for the page at `path` when it went into `fingerprint`.
  func digest(_ name: String, path: String, fingerprint: Fingerprint) -> Fingerprint? {
    guard let entry = pages[path], entry.fingerprint == fingerprint else { return nil }
    return entry.digests.first { $0.name == name }?.digest
  }
}
