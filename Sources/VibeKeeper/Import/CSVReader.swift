/// Reads the rows of a CSV file one at a time (RFC 4180: quoted fields with `""` and line
/// breaks inside quotes; LF or CRLF), with `,`, `;` or a tab between fields. Without a
/// given separator it takes the one the first row uses most.
struct CSVReader {
  /// The separator, or nil to guess it from the first row.
  var separator: Character?
  /// The file's charset (`windows-1252`); UTF-8 by default.
  var encoding: String?
  /// The lines before the one the separator is guessed from (a bank's preamble).
  var guessAfter = 0

  /// Calls `row` with each row's fields and its first line; `problem` gets lines that are
  /// not text in the charset or too long.
  func read(
    _ path: String, row: (_ fields: [String], _ line: Int) -> Void,
    problem: (Int, String) -> Void
  ) throws {
    var separator = self.separator
    var fields: [String] = []
    var field = ""
    var quoted = false
    var start = 0
    var skipRow = false
    try SourceLines.read(path) { line in
      switch line {
      case .tooLong(let number):
        problem(number, SourceLines.tooLongMessage)
        fields = []
        field = ""
        quoted = false
        return true
      case .text(let number, let bytes):
        guard let text = ImportText.decode(bytes, charset: encoding) else {
          problem(
            number, "this line is not valid \(encoding ?? "UTF-8") text, so its row is left out")
          // Inside a quoted field the row goes on to its end, and is dropped there.
          if quoted { skipRow = true }
          return true
        }
        if !quoted {
          start = number
          if separator == nil, number > guessAfter { separator = Self.guess(text) }
        } else {
          field.append("\n")
        }
        let sep = separator ?? ","
        var iterator = text.makeIterator()
        while let ch = iterator.next() {
          if quoted {
            if ch == "\"" {
              // `""` inside quotes is one quote; a lone one closes the field.
              var lookahead = iterator
              if lookahead.next() == "\"" {
                field.append("\"")
                iterator = lookahead
              } else {
                quoted = false
              }
            } else {
              field.append(ch)
            }
          } else if ch == "\"", field.allSatisfy({ $0 == " " }) {
            field = ""
            quoted = true
          } else if ch == sep {
            fields.append(field)
            field = ""
          } else {
            field.append(ch)
          }
        }
        if quoted { return true }
        fields.append(field)
        field = ""
        if !skipRow { row(fields, start) }
        skipRow = false
        fields = []
        return true
      }
    }
    if quoted {
      problem(
        start,
        "a quoted field opened on this line is never closed, so this row and every line after it (read as part of the field) are left out"
      )
    }
  }

  /// The separator a header line uses most, outside quotes: `,`, `;` or tab.
  static func guess(_ line: String) -> Character {
    var counts: [Character: Int] = [",": 0, ";": 0, "\t": 0]
    var quoted = false
    for ch in line {
      if ch == "\"" {
        quoted.toggle()
      } else if !quoted, counts[ch] != nil {
        counts[ch, default: 0] += 1
      }
    }
    // The most used; a tie goes to the comma, then the semicolon.
    var best: Character = ","
    for c in [";", "\t"] as [Character] where (counts[c] ?? 0) > (counts[best] ?? 0) { best = c }
    return best
  }
}
