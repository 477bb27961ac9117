import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a file a chunk at a time and hands out its lines, so an import of a large export
/// keeps only one line (and what it builds) in memory. Lines end in LF or CRLF, or in CR
/// alone in a file whose first chunk has no LF; a UTF-16 file is refused with a message
/// saying so; a leading UTF-8 byte order mark is dropped; a line longer than `maxLine` bytes is reported as too
/// long rather than read.
struct SourceLines {
  /// The longest line read, in bytes: a photo of up to 10 MB written on one line (as
  /// base64, or a vCard 4 data URI) fits; a folded photo is many lines, each short.
  static let maxLine = 16 << 20

  /// What a line too long is told as.
  static let tooLongMessage = "the line is longer than 16 MB, so it is left out"

  /// A line: its number and bytes (without the line end), or that it was too long.
  enum Line {
    case text(number: Int, bytes: [UInt8])
    case tooLong(number: Int)
  }

  /// Why a file could not be read.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// Calls `body` with each line of the file at `path` in order; `body` returns false to
  /// stop early.
  static func read(_ path: String, _ body: (Line) throws -> Bool) throws {
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw Failure(description: "cannot read \(path): \(String(cString: strerror(errno)))")
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      throw Failure(description: "\(path) is not a file")
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw Failure(description: "cannot open \(path)")
    }
    defer { try? handle.close() }
    var pending: [UInt8] = []
    var skipping = false
    var number = 0
    var first = true
    func emit() throws -> Bool {
      number += 1
      if skipping {
        skipping = false
        pending.removeAll(keepingCapacity: true)
        return try body(.tooLong(number: number))
      }
      // CRLF, and the CR CR LF of a CRLF file that went through a text-mode copy once more.
      while pending.last == UInt8(ascii: "\r") { pending.removeLast() }
      if first {
        first = false
        if pending.starts(with: [0xEF, 0xBB, 0xBF]) { pending.removeFirst(3) }
      }
      let line = pending
      pending.removeAll(keepingCapacity: true)
      return try body(.text(number: number, bytes: line))
    }
    // The line end: LF (and CRLF), or a lone CR in a file that has no LF (old Mac exports).
    var lineEnd: UInt8?
    while true {
      var chunk = handle.readData(ofLength: 1 << 18)
      if chunk.isEmpty { break }
      if lineEnd == nil {
        if chunk.starts(with: [0xFF, 0xFE]) || chunk.starts(with: [0xFE, 0xFF]) {
          throw Failure(
            description:
              "\(path) is UTF-16 text; export it again as UTF-8 (or save it as UTF-8 in an editor)"
          )
        }
        let hasLF = chunk.contains(UInt8(ascii: "\n"))
        lineEnd = !hasLF && chunk.contains(UInt8(ascii: "\r")) ? UInt8(ascii: "\r") : 10
      }
      if lineEnd == UInt8(ascii: "\r") {
        chunk = Data(chunk.map { $0 == UInt8(ascii: "\r") ? UInt8(ascii: "\n") : $0 })
      }
      var stop = false
      try chunk.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
        var start = 0
        let bytes = raw.bindMemory(to: UInt8.self)
        while start < bytes.count {
          if let nl = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            if !skipping { pending.append(contentsOf: bytes[start..<nl]) }
            start = nl + 1
            if !skipping, pending.count > maxLine { skipping = true }
            if try !emit() {
              stop = true
              return
            }
          } else {
            if !skipping { pending.append(contentsOf: bytes[start...]) }
            if pending.count > maxLine {
              skipping = true
              pending.removeAll()
            }
            start = bytes.count
          }
        }
      }
      if stop { return }
    }
    if !pending.isEmpty || skipping { _ = try emit() }
  }
}

/// Text of an imported file: UTF-8, or a declared or guessed legacy charset.
enum ImportText {
  /// `bytes` as text in `charset` (an IANA name such as `UTF-8`, `ISO-8859-1`,
  /// `windows-1252`); nil when they are not valid in it. Without a charset, UTF-8.
  static func decode(_ bytes: some Collection<UInt8>, charset: String? = nil) -> String? {
    switch charset?.lowercased() {
    case nil, "utf-8", "utf8", "us-ascii", "ascii":
      return String(validating: bytes, as: UTF8.self)
    case "iso-8859-1", "latin1", "iso_8859-1", "l1", "iso8859-1":
      return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    case "windows-1252", "cp1252":
      return String(data: Data(bytes), encoding: .windowsCP1252)
    case "iso-8859-15", "latin-9", "latin9":
      // Latin-1 with eight letters changed, the euro sign among them.
      let changed: [UInt8: Unicode.Scalar] = [
        0xA4: "€", 0xA6: "Š", 0xA8: "š", 0xB4: "Ž", 0xB8: "ž", 0xBC: "Œ", 0xBD: "œ", 0xBE: "Ÿ",
      ]
      return String(String.UnicodeScalarView(bytes.map { changed[$0] ?? Unicode.Scalar($0) }))
    case "shift_jis", "shift-jis", "sjis":
      return String(data: Data(bytes), encoding: .shiftJIS)
    default:
      return String(validating: bytes, as: UTF8.self)
    }
  }
}
