/// One property of a vCard: `item1.X-ABDATE;TYPE=x:1930-03-20`.
struct VCardProperty {
  /// The group (`item1`), lower-cased; nil when there is none.
  var group: String?
  /// The name, upper-cased (`BDAY`).
  var name: String
  /// The parameters, names upper-cased; a bare 2.1 parameter (`CELL`) is a `TYPE`.
  var params: [(name: String, value: String)]
  /// The value's bytes as written (quoted-printable decoded, still escaped, not yet text).
  var raw: [UInt8]
  /// The line it starts on.
  var line: Int

  /// The first value of parameter `name`.
  func param(_ name: String) -> String? {
    params.first { $0.name == name }?.value
  }

  /// Whether `TYPE` (or a bare 2.1 parameter) lists `type`, ignoring case.
  func hasType(_ type: String) -> Bool {
    params.contains {
      $0.name == "TYPE"
        && $0.value.lowercased().split(separator: ",").contains { $0 == type.lowercased() }
    }
  }
}

/// One card: its first line, version and properties in order.
struct VCard {
  var line: Int
  var version = "3.0"
  var properties: [VCardProperty] = []

  /// The properties named `name`.
  func all(_ name: String) -> [VCardProperty] { properties.filter { $0.name == name } }

  /// The label Apple and Google give a grouped property (`item9.X-ABLabel`), unwrapped from
  /// Apple's `_$!<Anniversary>!$_`.
  func label(of p: VCardProperty) -> String? {
    guard let group = p.group,
      let l = properties.first(where: { $0.group == group && $0.name == "X-ABLABEL" })
    else { return nil }
    var text = text(of: l) ?? ""
    if text.hasPrefix("_$!<"), text.hasSuffix(">!$_") {
      text = String(text.dropFirst(4).dropLast(4))
    }
    // Google's own labels: DOMESTIC_PARTNER, REFERRED_BY.
    if text.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || $0 == "_" }) {
      text = text.lowercased().replacingOccurrences(of: "_", with: " ")
    }
    return text.isEmpty ? nil : text
  }

  /// A property's value as text: its charset applied (a 2.1 card without one may be
  /// Windows-1252), escapes (`\,` `\;` `\n`) undone. Nil when its bytes are not text.
  func text(of p: VCardProperty) -> String? {
    VCard.unescape(decoded(p))
  }

  /// The value's parts split at unescaped `separator` (`N` at `;`, `CATEGORIES` at `,`),
  /// each unescaped.
  func parts(of p: VCardProperty, separator: Character) -> [String]? {
    guard let text = decoded(p) else { return nil }
    var out: [String] = []
    var current = ""
    var escaped = false
    for ch in text {
      if escaped {
        current.append("\\")
        current.append(ch)
        escaped = false
      } else if ch == "\\" {
        escaped = true
      } else if ch == separator {
        out.append(current)
        current = ""
      } else {
        current.append(ch)
      }
    }
    out.append(current)
    return out.compactMap(VCard.unescape)
  }

  private func decoded(_ p: VCardProperty) -> String? {
    if let charset = p.param("CHARSET") { return ImportText.decode(p.raw, charset: charset) }
    if let utf8 = ImportText.decode(p.raw) { return utf8 }
    return version == "2.1" ? ImportText.decode(p.raw, charset: "windows-1252") : nil
  }

  static func unescape(_ text: String?) -> String? {
    guard let text, text.contains("\\") else { return text }
    var out = ""
    var escaped = false
    for ch in text {
      if escaped {
        out.append(ch == "n" || ch == "N" ? "\n" : ch)
        escaped = false
      } else if ch == "\\" {
        escaped = true
      } else {
        out.append(ch)
      }
    }
    if escaped { out.append("\\") }
    return out
  }
}

/// Reads the cards of a vCard file (2.1, 3.0 or 4.0) one at a time: folded lines,
/// quoted-printable soft breaks and 2.1 base64 blocks ended by a blank line are joined; a
/// property longer than `maxProperty` bytes is skipped with a problem.
struct VCardReader {
  /// The longest property read, in bytes (an inline photo).
  static let maxProperty = 16 << 20

  /// Calls `card` with each card of the file at `path`; `problem` gets the lines that
  /// could not be read.
  static func read(
    _ path: String, card: (VCard) -> Void, problem: (Int, String) -> Void
  ) throws {
    var current: (line: Int, bytes: [UInt8], qp: Bool, base64: Bool)?
    var cardOpen: VCard?
    var depth = 0
    var tooLong = false

    func flush() {
      guard let c = current else { return }
      current = nil
      if tooLong {
        tooLong = false
        problem(c.line, "a property longer than 16 MB is left out")
        return
      }
      guard var p = parse(c.bytes, line: c.line) else {
        if cardOpen != nil, depth == 0, !c.bytes.allSatisfy({ $0 == 32 || $0 == 9 }) {
          problem(c.line, "this line is not a vCard property (NAME:value), so it is left out")
        }
        return
      }
      if c.qp { p.raw = quotedPrintable(p.raw) }
      let value = String(decoding: p.raw, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        .uppercased()
      if p.name == "BEGIN", value == "VCARD" {
        if cardOpen == nil {
          cardOpen = VCard(line: c.line)
        } else {
          depth += 1  // a 2.1 AGENT's card inside this one
        }
        return
      }
      if p.name == "END", value == "VCARD" {
        if depth > 0 {
          depth -= 1
        } else if let done = cardOpen {
          card(done)
          cardOpen = nil
        }
        return
      }
      guard depth == 0, cardOpen != nil else { return }
      if p.name == "VERSION" { cardOpen?.version = value }
      cardOpen?.properties.append(p)
    }

    try SourceLines.read(path) { line in
      switch line {
      case .tooLong(let number):
        flush()
        problem(number, SourceLines.tooLongMessage)
        return true
      case .text(let number, let bytes):
        let blank = bytes.allSatisfy { $0 == 32 || $0 == 9 }
        if var c = current {
          // The property's bytes are taken out while they grow, so each line is appended
          // in place (a folded 10 MB photo once copied all it had read at every line).
          current = nil
          let folded = bytes.first == 32 || bytes.first == 9
          if c.base64, !blank, folded || !bytes.contains(UInt8(ascii: ":")) {
            c.bytes += bytes.filter { $0 != 32 && $0 != 9 }
          } else if folded, !blank {
            c.bytes += bytes.dropFirst()
          } else if c.qp, c.bytes.last == UInt8(ascii: "=") {
            c.bytes.removeLast()
            c.bytes += bytes
          } else {
            current = c
            flush()
            if !blank { current = start(number, bytes) }
            return true
          }
          if c.bytes.count > maxProperty {
            tooLong = true
            c.bytes = []
            c.base64 = false
            c.qp = false
          }
          current = c
          if tooLong { current?.bytes = [] }
        } else if !blank {
          current = start(number, bytes)
        }
        return true
      }
    }
    flush()
    if let open = cardOpen {
      problem(open.line, "this card has no END:VCARD, so it is read to the end of the file")
      card(open)
    }
  }

  /// A new logical line: whether its value is quoted-printable or a 2.1 base64 block.
  private static func start(_ number: Int, _ bytes: [UInt8]) -> (Int, [UInt8], Bool, Bool) {
    let head = bytes.prefix { $0 != UInt8(ascii: ":") }
    let upper = String(decoding: head, as: UTF8.self).uppercased()
    let qp = upper.contains("QUOTED-PRINTABLE")
    let base64 = upper.contains("BASE64") || upper.contains("ENCODING=B")
    return (number, bytes, qp, base64)
  }

  /// `group.NAME;P=V;BARE:value`, with quoted parameter values that may hold `:` and `;`.
  static func parse(_ bytes: [UInt8], line: Int) -> VCardProperty? {
    var i = 0
    var quoted = false
    var colon: Int?
    while i < bytes.count {
      let b = bytes[i]
      if b == UInt8(ascii: "\"") {
        quoted.toggle()
      } else if b == UInt8(ascii: ":"), !quoted {
        colon = i
        break
      }
      i += 1
    }
    guard let colon else { return nil }
    let head = String(decoding: bytes[..<colon], as: UTF8.self)
    var pieces: [String] = []
    var current = ""
    quoted = false
    for ch in head {
      if ch == "\"" {
        quoted.toggle()
        current.append(ch)
      } else if ch == ";", !quoted {
        pieces.append(current)
        current = ""
      } else {
        current.append(ch)
      }
    }
    pieces.append(current)
    var name = pieces.removeFirst().trimmingCharacters(in: .whitespaces)
    var group: String?
    if let dot = name.lastIndex(of: ".") {
      group = name[..<dot].lowercased()
      name = String(name[name.index(after: dot)...])
    }
    guard !name.isEmpty,
      name.unicodeScalars.allSatisfy({
        $0.properties.isAlphabetic || $0 == "-" || ("0"..."9").contains($0)
      })
    else { return nil }
    var params: [(String, String)] = []
    for piece in pieces where !piece.isEmpty {
      if let eq = piece.firstIndex(of: "=") {
        var value = String(piece[piece.index(after: eq)...])
        if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
          value = String(value.dropFirst().dropLast())
        }
        params.append((piece[..<eq].uppercased().trimmingCharacters(in: .whitespaces), value))
      } else {
        let bare = piece.uppercased()
        switch bare {
        case "QUOTED-PRINTABLE", "BASE64", "8BIT", "7BIT", "B": params.append(("ENCODING", bare))
        default: params.append(("TYPE", piece))
        }
      }
    }
    return VCardProperty(
      group: group, name: name.uppercased(), params: params, raw: Array(bytes[(colon + 1)...]),
      line: line)
  }

  /// Quoted-printable bytes decoded: `=C3=91` is one byte each, a `=` at a line end is
  /// gone already, a broken escape stays as written.
  static func quotedPrintable(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    func hex(_ b: UInt8) -> UInt8? {
      switch b {
      case 48...57: b - 48
      case 65...70: b - 55
      case 97...102: b - 87
      default: nil
      }
    }
    while i < bytes.count {
      if bytes[i] == UInt8(ascii: "="), i + 2 < bytes.count + 0, i + 2 <= bytes.count - 1,
        let hi = hex(bytes[i + 1]), let lo = hex(bytes[i + 2])
      {
        out.append(hi << 4 | lo)
        i += 3
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    return out
  }
}
