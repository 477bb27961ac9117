extension String {
  /// The lines, split at each LF byte with a CR before it dropped: how files are numbered
  /// in diagnostics. (`"\r\n"` is one Character, so splitting on Characters would keep a
  /// Windows file one line.)
  public var linesAtLF: [Substring] {
    var lines: [Substring] = []
    let bytes = utf8
    var start = bytes.startIndex
    while let newline = bytes[start...].firstIndex(of: 0x0A) {
      var end = newline
      if end > start, bytes[bytes.index(before: end)] == 0x0D { end = bytes.index(before: end) }
      lines.append(self[start..<end])
      start = bytes.index(after: newline)
    }
    lines.append(self[start...])
    return lines
  }
}
