import VibeBasics

/// The search index entries one build wrote, each with what it was written from, for the
/// next build in the same process: an entry whose document and address are the same byte
/// for byte is taken as it was, not folded and escaped again; a gift's entry whose gift is
/// the very same (one buffer), for a recipient of the same name, is taken without making
/// its document at all; and a run of entries all taken in place gives its text as it was.
struct SearchMemory: Sendable {
  /// One written entry (a reference: 10,000 entries are carried to the next build without
  /// copying their documents).
  final class Entry: Sendable {
    let document: SearchDocument
    let url: String?
    let text: String
    /// The gift it was written from, and the name of the contact it is for (nil for
    /// another kind).
    let gift: Gift?
    let recipientName: String?

    init(
      document: SearchDocument, url: String?, text: String, gift: Gift? = nil,
      recipientName: String? = nil
    ) {
      self.document = document
      self.url = url
      self.text = text
      self.gift = gift
      self.recipientName = recipientName
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

    /// Whether this entry was written from this very gift (the same buffer), for a
    /// recipient of the same name, at `url`: its document would be the same.
    func isOf(_ gift: Gift, recipientName: String?, url: String?) -> Bool {
      guard let own = self.gift, own.isIdentical(to: gift) else { return false }
      return self.recipientName.isSameText(as: recipientName) && self.url.isSameText(as: url)
    }
  }

  /// A record's place among the entries: its kind and id.
  struct Key: Hashable, Sendable {
    let kind: SearchHit.Kind
    let id: String
  }

  /// The entries, in the index's order.
  var entries: [Entry] = []
  /// The text of each run of `chunk` entries, as written into the index.
  var chunks: [String] = []
  /// How many entries a run holds.
  static let chunk = 256

  /// The entries by record, for records that moved since (one was added or removed).
  func byKey() -> [Key: Entry] {
    var table: [Key: Entry] = [:]
    table.reserveCapacity(entries.count)
    for e in entries { table[Key(kind: e.document.kind, id: e.document.id)] = e }
    return table
  }
}
