import Foundation

/// How `import vcard` files contacts.
public struct VCardOptions: Sendable {
  /// Where a card's `CATEGORIES` go.
  public enum Categories: String, Sendable, CaseIterable {
    /// As the contact's `tags` (the default).
    case tags
    /// The first category as the contact's subfolder (`contacts/family/ana.md`), the rest
    /// as tags.
    case folders
    /// Not at all.
    case none
  }

  /// Where categories go.
  public var categories: Categories = .tags
  /// Whether pictures are written into `media/contacts/`.
  public var photos = false
  /// The name of the card that is the user's own: its related names ("mother: Ana") become
  /// those contacts' `relationship`.
  public var me: String?

  /// The defaults: categories as tags, no photos.
  public init() {}
}

/// Turns the cards of a vCard file into contacts, and their anniversaries and other dates
/// into yearly occasions of those contacts.
struct VCardContacts {
  let options: VCardOptions
  /// Whether a card's source key is already imported (then its photo is not fetched: the
  /// card is skipped anyway).
  var isImported: (String) -> Bool = { _ in false }
  /// Today, for the year of an anniversary written without one.
  let today: LocalDate

  /// What one card gives before the relationships between cards are known.
  private struct Person {
    var key: String
    var name: String
    var first: String?
    var last: String?
    var birthday: String?
    var tags: [String] = []
    var folder: String?
    var notes: [String] = []
    var related: [(label: String, name: String)] = []
    var dates: [(label: String?, anniversary: Bool, date: VCardDate, line: Int)] = []
    var photo: (bytes: [UInt8], ext: String)?
    var line: Int
  }

  /// The batch of the file at `path`, shown as `file`.
  func batch(_ path: String, file: String) -> ImportBatch {
    var batch = ImportBatch(file: file)
    var people: [Person] = []
    do {
      try VCardReader.read(
        path, card: { card in if let p = person(card, &batch) { people.append(p) } },
        problem: { line, message in batch.problem(line: line, message) })
    } catch {
      batch.problem(.error, line: 1, "\(error)")
      return batch
    }
    if people.isEmpty, batch.problems.isEmpty {
      batch.problem(
        .error, line: 1, "there is no vCard in this file (no BEGIN:VCARD line)",
        hint: "export the contacts as vCard (.vcf)")
    }
    // Relationships: the user's own card names them directly; another card's related
    // names say "spouse of Ana".
    let me = options.me.map(ActionContext.key)
    if let named = options.me, !people.isEmpty,
      !people.contains(where: { ActionContext.key($0.name) == me })
    {
      batch.problem(
        line: 1,
        "--me '\(named)' names no card of this file, so its relationships are each card's own ('mother of …')",
        hint: "give the name of your own card as this file writes it")
    }
    var relationship: [String: String] = [:]
    for p in people {
      let isMe = me == ActionContext.key(p.name)
      for r in p.related {
        let k = ActionContext.key(r.name)
        if isMe {
          relationship[k] = r.label.lowercased()
        } else if relationship[k] == nil {
          relationship[k] = r.label.lowercased() + " of " + p.name
        }
      }
    }
    for p in people {
      var fields: [(name: String, value: ImportedRecord.Value)] = [("name", .text(p.name))]
      if let f = p.first { fields.append(("first_name", .text(f))) }
      if let l = p.last { fields.append(("last_name", .text(l))) }
      if let r = relationship[ActionContext.key(p.name)], me != ActionContext.key(p.name) {
        fields.append(("relationship", .text(r)))
      }
      if let b = p.birthday { fields.append(("birthday", .plain(b))) }
      if !p.tags.isEmpty {
        fields.append(
          (
            "tags",
            .plain("[" + p.tags.map { YAMLText.text($0, flow: true) }.joined(separator: ", ") + "]")
          ))
      }
      var record = ImportedRecord(
        kind: .contacts, key: p.key, label: p.name, fields: fields,
        placement: .file(folder: p.folder),
        origin: SourceLocation(file: file, line: p.line, column: 1))
      var body = p.notes
      if !p.related.isEmpty {
        body.append(
          p.related.map { "- \($0.label.capitalizedFirst): \($0.name)" }.joined(separator: "\n"))
      }
      record.body = body.joined(separator: "\n\n")
      record.photo = p.photo
      batch.records.append(record)
    }
    for p in people {
      for d in p.dates {
        let label = d.anniversary ? "anniversary" : (d.label ?? "other date")
        let title = d.anniversary ? "\(p.name)'s anniversary" : "\(p.name): \(label)"
        // Without a year: this year, or for 29 February the last leap year (so it falls on
        // 29 February in leap years, on the 28th in others).
        var year = d.date.year ?? today.year
        if d.date.year == nil, d.date.month == 2, d.date.day == 29 {
          while !LocalDate.isLeapYear(year) { year -= 1 }
        }
        guard let date = LocalDate(year: year, month: d.date.month, day: d.date.day) else {
          continue
        }
        // Without its year an anniversary cannot count its years.
        let type = d.anniversary && d.date.year != nil ? "anniversary" : "event"
        let fields: [(name: String, value: ImportedRecord.Value)] = [
          ("title", .text(title)), ("date", .plain(date.description)),
          ("recurring", .plain("yearly")), ("contact", .id(of: p.key)), ("type", .plain(type)),
        ]
        batch.records.append(
          ImportedRecord(
            kind: .occasions, key: "\(p.key)#\(label.lowercased()):\(d.date.birthday)",
            label: title, fields: fields, placement: .list(name: "contacts"),
            origin: SourceLocation(file: file, line: d.line, column: 1)))
      }
    }
    return batch
  }

  /// A card's person, or nil (with a problem) when it has no usable name.
  private func person(_ card: VCard, _ batch: inout ImportBatch) -> Person? {
    var card = card
    // FullContact hides some properties in hex-named ones (X-FCENCODED-<hex of NAME:label>).
    for i in card.properties.indices where card.properties[i].name.hasPrefix("X-FCENCODED-") {
      let hex = card.properties[i].name.dropFirst("X-FCENCODED-".count)
      if let bytes = [UInt8](hexString: String(hex)),
        let decoded = String(validating: bytes, as: UTF8.self)
      {
        let parts = decoded.split(separator: ":", maxSplits: 1).map(String.init)
        card.properties[i].name = parts[0].uppercased()
        if parts.count > 1 { card.properties[i].params.append(("X-LABEL", parts[1])) }
      }
    }
    let fn = card.all("FN").lazy.compactMap { card.text(of: $0) }.map(Self.clean).first {
      !$0.isEmpty
    }
    let n = card.all("N").first.flatMap { card.parts(of: $0, separator: ";") }?.map(Self.clean)
    let family = n.flatMap { $0.count > 0 ? $0[0] : nil }.flatMap { $0.isEmpty ? nil : $0 }
    let given = n.flatMap { $0.count > 1 ? $0[1] : nil }.flatMap { $0.isEmpty ? nil : $0 }
    let additional = n.flatMap { $0.count > 2 ? $0[2] : nil }.flatMap { $0.isEmpty ? nil : $0 }
    let composed = [given, additional, family].compactMap { $0 }.joined(separator: " ")
    guard let name = fn ?? (composed.isEmpty ? nil : composed) else {
      let unreadable = card.properties.contains {
        ($0.name == "FN" || $0.name == "N") && card.text(of: $0) == nil
      }
      batch.problem(
        line: card.line,
        unreadable
          ? "this card's name is not valid text, so it is not imported"
          : "this card has no name (FN and N are empty), so it is not imported",
        hint: "give the contact a name in the app it comes from and export again")
      return nil
    }
    guard name.count <= 200 else {
      batch.problem(
        line: card.line, "this card's name is longer than 200 characters, so it is not imported")
      return nil
    }
    // Text a card's character set cannot read (a Latin-1 file that says UTF-8) is left
    // out, and said: the name may then come from N, a relation go missing.
    let textual: Set<String> = [
      "FN", "N", "NOTE", "RELATED", "X-ABRELATEDNAMES", "X-FC-RELATEDNAMES", "X-SPOUSE",
      "X-MS-SPOUSE", "X-EVOLUTION-SPOUSE", "NICKNAME", "ORG", "TITLE", "CATEGORIES",
    ]
    let unreadable = Set(
      card.properties.filter { textual.contains($0.name) && card.text(of: $0) == nil }.map(\.name))
    if !unreadable.isEmpty {
      batch.problem(
        line: card.line,
        "\(unreadable.sorted().joined(separator: ", ")) of '\(name)' is not valid text in the card's character set, so it is left out",
        hint: "export the contacts as UTF-8")
    }
    var p = Person(key: "", name: name, first: given, last: family, line: card.line)

    // Birthday: the first BDAY that is a date; text that is no date goes to the notes.
    let omit = card.properties.lazy.compactMap { $0.param("X-APPLE-OMIT-YEAR") }.compactMap {
      Int($0)
    }.first
    /// The year a property marks as "unknown": its own `X-APPLE-OMIT-YEAR`, else the card's.
    func omitYear(_ prop: VCardProperty) -> Int? {
      Int(prop.param("X-APPLE-OMIT-YEAR") ?? "") ?? omit
    }
    var birthday: VCardDate?
    for b in card.all("BDAY") {
      guard let text = card.text(of: b) else { continue }
      // A date is a date even when the card says VALUE=text (FullContact writes both).
      if let d = VCardDate(text, omitYear: omitYear(b)) {
        if birthday == nil { birthday = d }
      } else if !text.isEmpty {
        p.notes.append("Birthday: \(text)")
        batch.problem(
          line: b.line,
          "\(name)'s birthday '\(text)' is not a date, so it is kept in the notes only")
      }
    }
    /// A birthday read (from `BDAY`, or Android's birthday event): one in a future year is
    /// left out, said once.
    func take(_ b: VCardDate) {
      if let y = b.year, y > today.year {
        batch.problem(
          line: card.line, "\(name)'s birthday \(b.birthday) is in the future, so it is left out")
      } else {
        p.birthday = b.birthday
      }
    }
    if let b = birthday { take(b) }
    p.key =
      card.all("UID").lazy.compactMap { card.text(of: $0) }
      .map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
      .map { "vcard:" + $0 }
      ?? "vcard:"
      + Array(
        SHA256.hash(Array((ActionContext.key(name) + "|" + (p.birthday ?? "")).utf8)).prefix(8)
      ).hexString

    // Anniversaries and other dates.
    func addDate(_ prop: VCardProperty, _ text: String?, label: String?, anniversary: Bool) {
      guard let text,
        let d = VCardDate(text, omitYear: omitYear(prop))
      else {
        if let text, !text.isEmpty {
          batch.problem(
            line: prop.line, "\(name)'s date '\(text)' is not a date, so it is left out")
        }
        return
      }
      guard !p.dates.contains(where: { $0.date == d && $0.anniversary == anniversary }) else {
        return
      }
      p.dates.append((label, anniversary, d, prop.line))
    }
    for prop in card.properties {
      switch prop.name {
      case "ANNIVERSARY", "X-ANNIVERSARY", "X-MS-ANNIVERSARY", "X-EVOLUTION-ANNIVERSARY",
        "X-KADDRESSBOOK-X-ANNIVERSARY":
        addDate(prop, card.text(of: prop), label: nil, anniversary: true)
      case "X-ABDATE", "X-FC-OTHERDATES":
        let label = card.label(of: prop) ?? prop.param("X-LABEL")
        let isAnniversary = label?.lowercased() == "anniversary"
        addDate(
          prop, card.text(of: prop), label: isAnniversary ? nil : label, anniversary: isAnniversary)
      case "X-ANDROID-CUSTOM":
        guard let parts = card.parts(of: prop, separator: ";"), parts.count >= 3 else { continue }
        if parts[0] == "vnd.android.cursor.item/contact_event" {
          // 1 anniversary, 2 other, 3 birthday, 0 custom (its label follows).
          switch parts[2] {
          case "1": addDate(prop, parts[1], label: nil, anniversary: true)
          case "3":
            if p.birthday == nil, birthday == nil,
              let d = VCardDate(parts[1], omitYear: omitYear(prop))
            {
              birthday = d
              take(d)
            }
          default:
            let label = parts.count > 3 && !parts[3].isEmpty ? parts[3] : nil
            addDate(prop, parts[1], label: label, anniversary: false)
          }
        } else if parts[0] == "vnd.android.cursor.item/relation", !parts[1].isEmpty {
          let types = [
            "1": "assistant", "2": "brother", "3": "child", "4": "domestic partner",
            "5": "father", "6": "friend", "7": "manager", "8": "mother", "9": "parent",
            "10": "partner", "11": "referred by", "12": "relative", "13": "sister",
            "14": "spouse",
          ]
          let label =
            types[parts[2]] ?? (parts.count > 3 && !parts[3].isEmpty ? parts[3] : "related")
          p.related.append((label, Self.clean(parts[1])))
        }
      case "X-ABRELATEDNAMES", "X-FC-RELATEDNAMES", "RELATED", "X-SPOUSE", "X-MS-SPOUSE",
        "X-EVOLUTION-SPOUSE":
        guard let text = card.text(of: prop).map(Self.clean), !text.isEmpty else { continue }
        // A RELATED that points at another card (urn:uuid:...) or an address is not a name.
        if prop.name == "RELATED", prop.param("VALUE")?.lowercased() != "text" { continue }
        let label: String =
          switch prop.name {
          case "X-SPOUSE", "X-MS-SPOUSE", "X-EVOLUTION-SPOUSE": "spouse"
          case "RELATED":
            prop.params.first { $0.name == "TYPE" }?.value.split(separator: ",").first.map(
              String.init) ?? "related"
          default: card.label(of: prop) ?? prop.param("X-LABEL") ?? "related"
          }
        p.related.append((label, text))
      case "NOTE":
        if let text = card.text(of: prop)?.trimmingCharacters(in: .whitespacesAndNewlines),
          !text.isEmpty
        {
          p.notes.append(text.replacingOccurrences(of: "\r\n", with: "\n"))
        }
      case "CATEGORIES":
        guard options.categories != .none, let parts = card.parts(of: prop, separator: ",") else {
          continue
        }
        for c in parts.map(Self.clean) where !c.isEmpty {
          let slug = Slug.make(c, fallback: "")
          // Every Google contact is in "My Contacts": a group that says nothing.
          guard !slug.isEmpty, slug != "my-contacts", slug != "mycontacts" else { continue }
          if options.categories == .folders, p.folder == nil {
            p.folder = slug
          } else if !p.tags.contains(slug) {
            p.tags.append(slug)
          }
        }
      case "PHOTO" where options.photos && p.photo == nil && !isImported(p.key):
        p.photo = photo(prop, card, name: name, &batch)
      default: continue
      }
    }
    return p
  }

  /// A card's picture: inline base64 or a `data:` address, checked to be an image.
  private func photo(_ prop: VCardProperty, _ card: VCard, name: String, _ batch: inout ImportBatch)
    -> (bytes: [UInt8], ext: String)?
  {
    func checked(_ bytes: [UInt8]) -> (bytes: [UInt8], ext: String)? {
      guard let ext = Self.imageType(bytes) else {
        batch.problem(
          line: prop.line,
          "\(name)'s photo is not a JPEG, PNG, GIF or WebP image, so it is left out")
        return nil
      }
      return (bytes, ext)
    }
    var raw = prop.raw.filter { $0 != 32 && $0 != 9 && $0 != 13 && $0 != 10 }
    let encoding = prop.param("ENCODING")?.uppercased()
    if encoding != "B", encoding != "BASE64" {
      let text = String(decoding: raw, as: UTF8.self)
      let lower = text.lowercased()
      if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
        switch HTTPExchange.get(text, limit: 10 << 20, timeout: 15) {
        case .success(let data): return checked([UInt8](data))
        case .failure(let why):
          batch.problem(
            line: prop.line, "\(name)'s photo could not be downloaded (\(why)), so it is left out")
          return nil
        }
      }
      if !lower.hasPrefix("data:") {
        batch.problem(
          line: prop.line,
          "\(name)'s photo is at an address that is not http or https (\(text.prefix(60))), so it is left out",
          hint: "save the picture into media/contacts/ and add `photo:` to the contact")
        return nil
      }
      guard let comma = raw.firstIndex(of: UInt8(ascii: ",")),
        text.prefix(comma).lowercased().contains(";base64")
      else {
        batch.problem(
          line: prop.line,
          "\(name)'s photo is a data: address that is not base64, so it is left out")
        return nil
      }
      raw = Array(raw[(comma + 1)...])
    }
    guard raw.count <= 14 << 20,
      let data = Data(base64Encoded: Data(raw), options: .ignoreUnknownCharacters)
    else {
      batch.problem(
        line: prop.line,
        "\(name)'s photo is not valid base64 (or larger than 10 MB), so it is left out")
      return nil
    }
    return checked([UInt8](data))
  }

  /// The file extension of an image by its first bytes, nil for anything else.
  static func imageType(_ b: [UInt8]) -> String? {
    if b.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpg" }
    if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "png" }
    if b.starts(with: Array("GIF87a".utf8)) || b.starts(with: Array("GIF89a".utf8)) { return "gif" }
    if b.count > 12, b.starts(with: Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) {
      return "webp"
    }
    return nil
  }

  /// Whitespace runs (QP's trailing `=20`, tabs, line breaks) as one space, trimmed.
  static func clean(_ text: String) -> String {
    text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }
}

extension String {
  /// The text with its first letter upper-cased (`spouse` → `Spouse`).
  fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
