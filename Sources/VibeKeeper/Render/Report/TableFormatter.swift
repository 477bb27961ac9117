/// Writes report tables as aligned plain text, CSV or Markdown.
public enum TableFormatter {
  /// Aligned columns separated by two spaces, with a rule under the header. Text from data
  /// is escaped for the terminal (`TerminalText`).
  public static func text(_ unescaped: ReportTable) -> String {
    var table = unescaped
    table.title = TerminalText.escaped(table.title)
    table.headers = table.headers.map(TerminalText.escaped)
    table.rows = table.rows.map { $0.map(TerminalText.escaped) }
    table.footer = table.footer.map(TerminalText.escaped)
    var widths = table.headers.map(displayWidth)
    for row in table.rows {
      for (i, cell) in row.enumerated() where i < widths.count {
        widths[i] = max(widths[i], displayWidth(cell))
      }
    }
    func line(_ cells: [String]) -> String {
      var parts: [String] = []
      for (i, width) in widths.enumerated() {
        let cell = i < cells.count ? cells[i] : ""
        let pad = String(repeating: " ", count: max(0, width - displayWidth(cell)))
        let right = i < table.alignments.count && table.alignments[i] == .right
        parts.append(right ? pad + cell : cell + pad)
      }
      var s = parts.joined(separator: "  ")
      while s.hasSuffix(" ") { s.removeLast() }
      return s
    }
    var out = table.title.isEmpty ? "" : table.title + "\n"
    out += line(table.headers) + "\n"
    out += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
    for row in table.rows { out += line(row) + "\n" }
    if table.rows.isEmpty { out += "(none)\n" }
    for f in table.footer { out += f + "\n" }
    return out
  }

  /// RFC 4180 CSV: header row, then rows; CRLF line ends, fields quoted when needed.
  public static func csv(_ table: ReportTable) -> String {
    var out = table.headers.map(csvField).joined(separator: ",") + "\r\n"
    for row in table.rows { out += row.map(csvField).joined(separator: ",") + "\r\n" }
    return out
  }

  /// One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a
  /// leading =, +, - or @ (a formula to a spreadsheet) gets a `'` before it; control
  /// characters but the line feed are written out, as in the table (CSV is printed to a
  /// terminal too: an escape sequence from data must not colour it or set its title).
  public static func csvField(_ s: String) -> String {
    var v = TerminalText.escapedLines(s)
    if let f = v.first, "=+-@".contains(f), v.count > 1, Double(v) == nil { v = "'" + v }
    if v.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) {
      return "\"" + v.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
    return v
  }

  /// A GitHub-flavoured Markdown table under a `###` heading.
  public static func markdown(_ table: ReportTable) -> String {
    let cell = markdownText
    var out = table.title.isEmpty ? "" : "### \(cell(table.title))\n\n"
    out += "| " + table.headers.map(cell).joined(separator: " | ") + " |\n"
    out +=
      "|"
      + table.alignments.map { $0 == .right ? " ---: |" : " --- |" }.joined() + "\n"
    for row in table.rows { out += "| " + row.map(cell).joined(separator: " | ") + " |\n" }
    if !table.footer.isEmpty {
      out += "\n" + table.footer.map(cell).joined(separator: "  \n") + "\n"
    }
    return out
  }

  /// Text from data as literal inline Markdown (a table cell, a heading's text): HTML is
  /// escaped (a `<script>` or an `<img onerror>` shows as text), the punctuation that makes
  /// emphasis, code, links, strike-through or a new cell is backslash-escaped, and a line
  /// break becomes a space (it cannot end a heading or a row early). Control characters
  /// are written out.
  public static func markdownText(_ text: String) -> String {
    var out = ""
    let oneLine = text.split(omittingEmptySubsequences: false) {
      $0 == "\n" || $0 == "\r" || $0 == "\r\n"
    }
    .joined(separator: " ")
    for scalar in TerminalText.escaped(oneLine).unicodeScalars {
      switch scalar {
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "&": out += "&amp;"
      case "\\", "`", "*", "_", "[", "]", "|", "~":
        out += "\\"
        out.unicodeScalars.append(scalar)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// The width of a string in terminal columns (wide East Asian and emoji count two).
  public static func displayWidth(_ s: String) -> Int {
    s.unicodeScalars.reduce(0) { total, u in
      let v = u.value
      if (0x300...0x36F).contains(v) || v == 0x200D || (0xFE00...0xFE0F).contains(v) {
        return total
      }
      let wide =
        (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v)
        || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v)
        || (0xFF00...0xFF60).contains(v) || (0x1F300...0x1FAFF).contains(v)
      return total + (wide ? 2 : 1)
    }
  }
}
