/// A data file's bytes turned into text: UTF-8 checked (with the position of the first bad
/// byte), a leading BOM dropped, and CRLF line ends made LF so lines keep their numbers.
struct SourceText {
  /// The normalised text.
  let text: String

  /// Decodes `bytes`, or returns the error diagnostic for invalid UTF-8.
  static func decode(_ bytes: [UInt8], file: String) -> Result<SourceText, Diagnostic> {
    var slice = bytes[...]
    if slice.starts(with: [0xEF, 0xBB, 0xBF]) { slice = slice.dropFirst(3) }
    // Validating from a buffer takes the standard library's fast UTF-8 path (a generic
    // slice takes the slow one).
    let validated = slice.withUnsafeBufferPointer { String(validating: $0, as: UTF8.self) }
    guard let decoded = validated else {
      let (line, column) = firstInvalidByte(in: slice)
      return .failure(
        Diagnostic(
          .error, SourceLocation(file: file, line: line, column: column),
          "the file is not valid UTF-8",
          hint: "save the file with UTF-8 encoding (most editors offer it under 'Save As')"))
    }
    let text =
      slice.contains(0x0D) ? decoded.replacingOccurrences(of: "\r\n", with: "\n") : decoded
    return .success(SourceText(text: text))
  }

  /// The 1-based line and column (in Unicode scalars) of the first byte that is not UTF-8.
  private static func firstInvalidByte(in bytes: ArraySlice<UInt8>) -> (Int, Int) {
    var line = 1
    var column = 1
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let s):
        if s == "\n" {
          line += 1
          column = 1
        } else {
          column += 1
        }
      case .emptyInput, .error:
        return (line, column)
      }
    }
  }
}
