/// Sets fields of one record inside a file's text, changing only the lines that hold them:
/// a field that is there gets its value replaced on its own line (a comment after it is
/// kept); one that is not is added after the record's last line, indented like its other
/// fields. Comments, order, quoting and the Markdown body stay byte for byte. A record
/// written as a flow mapping on one line (`- {date: ..., price: 1.89}`) is edited inside
/// that line.
struct RecordEdit {
  /// The file's kind and its path inside the data folder (for the records' ids).
  let file: RecordFile

  /// Why an edit cannot be made.
  struct Problem: Error, Equatable, CustomStringConvertible {
    let description: String
  }

  /// `text` with `fields` (name and YAML scalar text) set on the record `id`.
  func setting(_ fields: [(key: String, value: String)], onRecord id: String, in text: String)
    throws(Problem) -> String
  {
    // Parsed as the loader reads it (no byte order mark, LF line ends: the same lines and
    // columns), edited on the text as it is.
    let bom = text.hasPrefix("\u{FEFF}")
    var lines = TextLines(bom ? String(text.dropFirst()) : text)
    // One field at a time, each on the text as the last one left it (positions move).
    for (key, value) in fields {
      let mapping = try find(id, in: lines.text.replacingOccurrences(of: "\r\n", with: "\n"))
      try set(key, value, mapping, &lines)
    }
    return (bom ? "\u{FEFF}" : "") + lines.text
  }

  /// `text` with `fields` set on entry `index` (0-based) of the record's list `list`
  /// (a shopping list's `items`).
  func setting(
    _ fields: [(key: String, value: String)], onEntry index: Int, of list: String,
    inRecord id: String, in text: String
  ) throws(Problem) -> String {
    let bom = text.hasPrefix("\u{FEFF}")
    var lines = TextLines(bom ? String(text.dropFirst()) : text)
    for (key, value) in fields {
      let record = try find(id, in: lines.text.replacingOccurrences(of: "\r\n", with: "\n"))
      guard let entry = record.entries.first(where: { $0.key.text == list }),
        case .sequence(let items, _, _) = entry.value, items.indices.contains(index),
        case .mapping(let mapping) = items[index]
      else {
        throw Problem(description: "\(file.displayPath) has no entry \(index + 1) in '\(list)'")
      }
      try set(key, value, mapping, &lines)
    }
    return (bom ? "\u{FEFF}" : "") + lines.text
  }

  /// `text` with `entry` (a flow mapping's text, `{item: oat-milk, quantity: 2}`) added at
  /// the end of the record's list `list`, in the list's indentation; the list is started
  /// when the record has none.
  func appending(entry: String, to list: String, inRecord id: String, in text: String)
    throws(Problem) -> String
  {
    let bom = text.hasPrefix("\u{FEFF}")
    let body = bom ? String(text.dropFirst()) : text
    let record = try find(id, in: body.replacingOccurrences(of: "\r\n", with: "\n"))
    var lines = TextLines(body)
    if let field = record.entries.first(where: { $0.key.text == list }),
      let comment = Self.emptyListComment(field, list, lines)
    {
      // `items: []` or `items:` with nothing: the list starts on the next line.
      let indent = String(repeating: " ", count: max(0, field.key.column - 1))
      lines.replace(field.key.line, with: indent + list + ":" + comment)
      lines.insert([indent + "  - " + entry], after: field.key.line)
    } else if let field = record.entries.first(where: { $0.key.text == list }) {
      guard case .sequence(let items, let line, let column) = field.value,
        !lines.content(line).unicodeScalars.dropFirst(column - 1).starts(with: ["["])
      else {
        throw Problem(
          description:
            "'\(list)' in \(file.displayPath):\(field.key.line) is not a list of lines; edit it by hand"
        )
      }
      let dash = String(repeating: " ", count: max(0, column - 1))
      let last =
        items.last.map { item -> Int in
          if case .mapping(let m) = item, Self.isFlow(m, lines) { return m.line }
          // The item's lines are those indented deeper than its dash.
          return lastLine(from: item.position.line, keyColumn: column, lines, ownLists: false)
        } ?? field.key.line
      lines.insert([dash + "- " + entry], after: last)
    } else {
      let indent = String(
        repeating: " ", count: max(0, (record.entries.first?.key.column ?? 1) - 1))
      lines.insert(
        [indent + list + ":", indent + "  - " + entry], after: lastLine(of: record, lines))
    }
    return (bom ? "\u{FEFF}" : "") + lines.text
  }

  /// For a list field written empty on its key's line (`items: []`, `items:`, `items: ~`),
  /// what follows the value there (a comment, or nothing); nil for any other field.
  static func emptyListComment(_ field: YAMLEntry, _ name: String, _ lines: TextLines)
    -> String?
  {
    switch field.value {
    case .scalar(let s) where s.isNull: break
    case .sequence(let items, _, _) where items.isEmpty: break
    default: return nil
    }
    let content = lines.content(field.key.line)
    let start = content.index(
      content.startIndex, offsetBy: field.key.column - 1, limitedBy: content.endIndex)
    guard let start, content[start...].hasPrefix(name + ":") else { return nil }
    var rest = content[content.index(start, offsetBy: name.count + 1)...].drop { $0 == " " }
    for empty in ["[]", "[ ]", "~", "null", "Null", "NULL"] where rest.hasPrefix(empty) {
      rest = rest.dropFirst(empty.count)
      break
    }
    let comment = rest.drop { $0 == " " || $0 == "\t" }
    guard comment.isEmpty || comment.hasPrefix("#") else { return nil }
    return comment.isEmpty ? "" : " " + comment
  }

  // MARK: Finding the record

  /// The mapping of record `id` in the file (`fileID` or its `id:`; `fileID#N` in a list).
  func find(_ id: String, in text: String) throws(Problem) -> YAMLMapping {
    let display = file.displayPath
    if file.isMarkdown {
      guard case .success(let fm) = FrontMatter.split(text) else {
        throw Problem(description: "\(display) has no front matter to edit")
      }
      let (node, diags) = YAMLReader(file: display, lineOffset: fm.yamlFirstLine - 1).read(
        fm.yaml)
      guard diags.isEmpty, case .mapping(let m)? = node else {
        throw Problem(description: "\(display) cannot be read; fix it first (`vibekeeper check`)")
      }
      return m
    }
    let (node, diags) = YAMLReader(file: display, lineOffset: 0).read(Substring(text))
    guard diags.isEmpty, let node else {
      throw Problem(description: "\(display) cannot be read; fix it first (`vibekeeper check`)")
    }
    switch node {
    case .mapping(let m): return m
    case .sequence(let items, _, _):
      for (i, item) in items.enumerated() {
        guard case .mapping(let m) = item else { continue }
        if Self.id(of: m, default: "\(file.fileID)#\(i + 1)") == id { return m }
      }
      throw Problem(description: "\(display) holds no record '\(id)'")
    case .scalar:
      throw Problem(description: "\(display) holds no record '\(id)'")
    }
  }

  /// A record's id: its `id:` (lower case), else `fallback`.
  static func id(of m: YAMLMapping, default fallback: String) -> String {
    for entry in m.entries where entry.key.text == "id" {
      if case .scalar(let s) = entry.value, !s.isNull {
        return s.text.trimmedWhitespace().lowercased()
      }
    }
    return fallback
  }

  /// Sets one field of `mapping` in `lines`, inside its line for a flow mapping.
  private func set(_ key: String, _ value: String, _ mapping: YAMLMapping, _ lines: inout TextLines)
    throws(Problem)
  {
    if Self.isFlow(mapping, lines) {
      try setFlow(key, value, mapping, &lines)
    } else {
      try setBlock(key, value, mapping, &lines)
    }
  }

  // MARK: Block mappings

  private func setBlock(
    _ key: String, _ value: String, _ m: YAMLMapping, _ lines: inout TextLines
  ) throws(Problem) {
    if let entry = m.entries.first(where: { $0.key.text == key }) {
      guard case .scalar(let s) = entry.value, s.line == entry.key.line,
        !Self.continues(entry.key.line, column: entry.key.column, lines)
      else {
        throw Problem(
          description:
            "'\(key)' in \(file.displayPath):\(entry.key.line) spans several lines; edit it by hand"
        )
      }
      let line = lines.content(entry.key.line)
      let scalars = Array(line.unicodeScalars)
      let keyStart = entry.key.column - 1
      let comment = Self.comment(in: scalars, from: s.column - 1)
      var new = String(String.UnicodeScalarView(scalars[..<max(0, keyStart)]))
      new += key + ": " + value
      if var comment {
        // The blanks before the comment stay as they were.
        while comment > 0, scalars[comment - 1] == " " || scalars[comment - 1] == "\t" {
          comment -= 1
        }
        new += String(String.UnicodeScalarView(scalars[comment...]))
      }
      lines.replace(entry.key.line, with: new)
      return
    }
    let indent = String(repeating: " ", count: max(0, (m.entries.first?.key.column ?? 1) - 1))
    lines.insert([indent + key + ": " + value], after: lastLine(of: m, lines))
  }

  /// The line the record's last field ends on: before the closing `---` of front matter,
  /// else the last line before the next list entry or the end that is not blank or a
  /// comment.
  private func lastLine(of m: YAMLMapping, _ lines: TextLines) -> Int {
    lastLine(
      from: m.entries.last?.key.line ?? m.line, keyColumn: m.entries.first?.key.column ?? 1,
      lines, ownLists: true)
  }

  /// The last line from `start` on that is not blank or a comment and is indented deeper
  /// than column `keyColumn` (1-based; so belongs to what starts there), before a `---`.
  /// With `ownLists`, a list item at the keys' own indentation (`tags:` then `- a` below
  /// it, which YAML allows) belongs there too.
  private func lastLine(from start: Int, keyColumn: Int, _ lines: TextLines, ownLists: Bool)
    -> Int
  {
    var last = start
    var n = start + 1
    while n <= lines.lines.count {
      let content = lines.content(n)
      let trimmed = content.trimmedWhitespace()
      if trimmed == "---" || trimmed == "..." { break }
      let indent = content.prefix { $0 == " " }.count
      if !trimmed.isEmpty, !trimmed.hasPrefix("#") {
        // A line indented deeper than the keys continues the last field.
        let ownItem = ownLists && indent == keyColumn - 1 && trimmed.hasPrefix("- ")
        guard indent >= keyColumn || ownItem || (ownLists && trimmed == "-") else { break }
        last = n
      }
      n += 1
    }
    return last
  }

  /// Whether the value on line `n` goes on below it: the next line that is not blank or a
  /// comment is indented deeper than the key at `column`.
  private static func continues(_ n: Int, column: Int, _ lines: TextLines) -> Bool {
    var i = n + 1
    while i <= lines.lines.count {
      let content = lines.content(i)
      let trimmed = content.trimmedWhitespace()
      if !trimmed.isEmpty, !trimmed.hasPrefix("#") {
        return trimmed != "---" && content.prefix { $0 == " " }.count >= column
      }
      i += 1
    }
    return false
  }

  /// Where a `#` comment starts in a line, scanning from `from` outside quotes.
  static func comment(in scalars: [Unicode.Scalar], from: Int) -> Int? {
    let i = firstUnquoted(scalars, from: from) { i, _ in
      scalars[i] == "#" && i > 0 && (scalars[i - 1] == " " || scalars[i - 1] == "\t")
    }
    return i < scalars.count ? i : nil
  }

  /// The first index from `from` outside quoted text where `stop` (given the index and
  /// the bracket depth there) holds, or `s.count`.
  static func firstUnquoted(
    _ s: [Unicode.Scalar], from: Int, where stop: (Int, Int) -> Bool
  ) -> Int {
    var i = max(0, from)
    var depth = 0
    var quote: Unicode.Scalar?
    // The last scalar before `i` that is not white space: a quote opens quoted text only
    // where a value starts (`Sainsbury's` is plain text with an apostrophe in it).
    var previous: Unicode.Scalar?
    while i < s.count {
      let c = s[i]
      if let q = quote {
        if c == "\\", q == "\"" {
          i += 1
        } else if c == "'", q == "'", i + 1 < s.count, s[i + 1] == "'" {
          i += 1  // '' is a quote inside single-quoted text
        } else if c == q {
          quote = nil
        }
      } else if c == "\"" || c == "'",
        previous.map({ "{[,:-?".unicodeScalars.contains($0) }) ?? true
      {
        quote = c
      } else if stop(i, depth) {
        return i
      } else if c == "[" || c == "{" {
        depth += 1
      } else if c == "]" || c == "}" {
        depth = max(0, depth - 1)
      }
      if c != " ", c != "\t" { previous = c }
      i += 1
    }
    return s.count
  }

  // MARK: Flow mappings

  static func isFlow(_ m: YAMLMapping, _ lines: TextLines) -> Bool {
    let scalars = Array(lines.content(m.line).unicodeScalars)
    return scalars.indices.contains(m.column - 1) && scalars[m.column - 1] == "{"
  }

  private func setFlow(
    _ key: String, _ value: String, _ m: YAMLMapping, _ lines: inout TextLines
  ) throws(Problem) {
    guard m.entries.allSatisfy({ $0.key.line == m.line && $0.value.position.line == m.line })
    else {
      throw Problem(
        description:
          "the record at \(file.displayPath):\(m.line) spans several lines; edit it by hand")
    }
    var scalars = Array(lines.content(m.line).unicodeScalars)
    if let entry = m.entries.first(where: { $0.key.text == key }) {
      let start = entry.value.position.column - 1
      let end = Self.flowValueEnd(scalars, from: start)
      scalars.replaceSubrange(start..<end, with: Array(value.unicodeScalars))
    } else {
      guard let close = Self.closingBrace(scalars, open: m.column - 1) else {
        throw Problem(description: "the record at \(file.displayPath):\(m.line) has no closing '}'")
      }
      var insert = Array(((m.entries.isEmpty ? "" : ", ") + key + ": " + value).unicodeScalars)
      // Keep `{a: 1 }` spacing: insert before any blanks that precede the brace.
      var at = close
      while at > 0, scalars[at - 1] == " " { at -= 1 }
      if m.entries.isEmpty { insert = Array((key + ": " + value).unicodeScalars) }
      scalars.insert(contentsOf: insert, at: at)
    }
    lines.replace(m.line, with: String(String.UnicodeScalarView(scalars)))
  }

  /// Where a flow value starting at `from` ends: the next `,` or `}` outside quotes and
  /// brackets, without the blanks before it.
  static func flowValueEnd(_ s: [Unicode.Scalar], from: Int) -> Int {
    var end = firstUnquoted(s, from: from) { i, depth in
      depth == 0 && (s[i] == "," || s[i] == "}")
    }
    while end > from, s[end - 1] == " " { end -= 1 }
    return end
  }

  /// The `}` closing the flow mapping opened at `open`.
  static func closingBrace(_ s: [Unicode.Scalar], open: Int) -> Int? {
    let end = flowValueEnd(s, from: open + 1)
    var i = end
    while i < s.count, s[i] != "}" {
      // Step over further entries.
      i = flowValueEnd(s, from: i + 1)
      if i >= s.count { return nil }
    }
    return i < s.count ? i : nil
  }
}
