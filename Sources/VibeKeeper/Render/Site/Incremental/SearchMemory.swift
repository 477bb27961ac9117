import VibeBasics

/// The search index entries one build wrote, each with the document and address it was
/// written from, for the next build in the same process: an entry whose document and
/// address are the same byte for byte is taken as it was, not folded and escaped again.
struct SearchMemory: Sendable {
  /// One written entry (a reference: 10,000 entries are carried to the next build without
  /// copying their documents).
  final class Entry: Sendable {
    let document: SearchDocument
    let url: String?
    let text: String

    init(document: SearchDocument, url: String?, text: String) {
      self.document = document
      self.url = url
      self.text = text
    }

    /// Whether this entry was written from `document` at `url`.
    func isOf(_ document: SearchDocument, url: String?) -> Bool {
      let d = self.document
      guard d.kind == document.kind, self.url.isSameText(as: url),
        d.id.isSameText(as: document.id), d.name.isSameText(as: document.name),
        d.fields.count == document.fields.count
      else { return false }
      for (a, b) in zip(d.fields, document.fields) {
        guard a.0.isSameText(as: b.0), a.1.isSameText(as: b.1) else { return false }
      }
      return true
    }
  }

  /// A record's place among the entries: its kind and id.
  struct Key: Hashable, Sendable {
    let kind: SearchHit.Kind
    let id: String
  }

  /// The entries by record.
  var entries: [Key: Entry] = [:]
}
