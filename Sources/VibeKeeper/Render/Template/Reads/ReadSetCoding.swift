/// A compact, byte-exact text form of `ReadSet`, `RenderReads` and fingerprints for the page
/// record kept between builds (`PageRecord`). Names are length-prefixed, so any text
/// survives:
///
///     node    := "{" flags ("m" length ":" name node)* ("i" position "," node)* ("e" node)? "}"
extension ReadSet {
  /// Appends the encoding.
  func encode(into out: inout [UInt8]) {
    out.append(UInt8(ascii: "{"))
    out.append(UInt8(ascii: "0") + flags)
    for m in members {
      out.append(UInt8(ascii: "m"))
      ByteCoding.appendLengthPrefixed(m.name, to: &out)
      m.reads.encode(into: &out)
    }
    for e in indices {
      out.append(UInt8(ascii: "i"))
      out += Array(String(e.position).utf8)
      out.append(UInt8(ascii: ","))
      e.reads.encode(into: &out)
    }
    if let every = each.first {
      out.append(UInt8(ascii: "e"))
      every.encode(into: &out)
    }
    out.append(UInt8(ascii: "}"))
  }

  /// Decodes a node at the reader's position; nil when the bytes are not a valid encoding.
  static func decode(_ reader: inout ByteReader, depth: Int = 0) -> ReadSet? {
    guard depth < 512, reader.take(UInt8(ascii: "{")), let f = reader.next(),
      f >= UInt8(ascii: "0"), f <= UInt8(ascii: "3")
    else { return nil }
    var node = ReadSet(flags: f - UInt8(ascii: "0"))
    while reader.take(UInt8(ascii: "m")) {
      guard let name = reader.lengthPrefixed(), let child = decode(&reader, depth: depth + 1)
      else { return nil }
      node.members.append(Member(name: name, reads: child))
    }
    while reader.take(UInt8(ascii: "i")) {
      guard let position = reader.integer(until: UInt8(ascii: ",")),
        let child = decode(&reader, depth: depth + 1)
      else { return nil }
      node.indices.append(Element(position: position, reads: child))
    }
    if reader.take(UInt8(ascii: "e")) {
      guard let child = decode(&reader, depth: depth + 1) else { return nil }
      node.each = [child]
    }
    return reader.take(UInt8(ascii: "}")) ? node : nil
  }
}

extension RenderReads {
  /// Appends the encoding: "today" flag, the templates, the context reads.
  func encode(into out: inout [UInt8]) {
    out.append(today ? UInt8(ascii: "1") : UInt8(ascii: "0"))
    out += Array(String(templates.count).utf8)
    out.append(UInt8(ascii: ":"))
    for name in templates { ByteCoding.appendLengthPrefixed(name, to: &out) }
    context.encode(into: &out)
  }

  /// Decodes `encode`'s form.
  static func decode(_ reader: inout ByteReader) -> RenderReads? {
    guard let flag = reader.next(), flag == UInt8(ascii: "0") || flag == UInt8(ascii: "1"),
      let count = reader.integer(until: UInt8(ascii: ":")), count >= 0
    else { return nil }
    var templates: [String] = []
    for _ in 0..<count {
      guard let name = reader.lengthPrefixed() else { return nil }
      templates.append(name)
    }
    guard let context = ReadSet.decode(&reader) else { return nil }
    return RenderReads(context: context, templates: templates, today: flag == UInt8(ascii: "1"))
  }
}

/// Helpers for the length-prefixed text encoding.
enum ByteCoding {
  /// Appends `length:text` (length in UTF-8 bytes).
  static func appendLengthPrefixed(_ text: String, to out: inout [UInt8]) {
    let bytes = Array(text.utf8)
    out += Array(String(bytes.count).utf8)
    out.append(UInt8(ascii: ":"))
    out += bytes
  }
}

/// Reads bytes front to back, for the page record's encoding.
struct ByteReader {
  private let bytes: [UInt8]
  /// The position of the next byte.
  private(set) var position = 0

  /// A reader at the start of `bytes`.
  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// Whether every byte was read.
  var atEnd: Bool { position >= bytes.count }

  /// The next byte, consumed.
  mutating func next() -> UInt8? {
    guard position < bytes.count else { return nil }
    defer { position += 1 }
    return bytes[position]
  }

  /// Consumes `byte` when it is next.
  mutating func take(_ byte: UInt8) -> Bool {
    guard position < bytes.count, bytes[position] == byte else { return false }
    position += 1
    return true
  }

  /// A decimal integer (optionally negative) ended by `end`, which is consumed.
  mutating func integer(until end: UInt8) -> Int? {
    var negative = false
    if take(UInt8(ascii: "-")) { negative = true }
    var value = 0
    var digits = 0
    while position < bytes.count, bytes[position] >= UInt8(ascii: "0"),
      bytes[position] <= UInt8(ascii: "9")
    {
      let b = bytes[position]
      let (m, o1) = value.multipliedReportingOverflow(by: 10)
      let (s, o2) = m.addingReportingOverflow(Int(b - UInt8(ascii: "0")))
      guard !o1, !o2 else { return nil }
      value = s
      digits += 1
      position += 1
    }
    guard digits > 0, take(end) else { return nil }
    return negative ? -value : value
  }

  /// `length:text`.
  mutating func lengthPrefixed() -> String? {
    guard let count = integer(until: UInt8(ascii: ":")), count >= 0,
      count <= bytes.count - position
    else { return nil }
    defer { position += count }
    return String(decoding: bytes[position..<position + count], as: UTF8.self)
  }

  /// Bytes up to (not including) `end`, which is consumed.
  mutating func field(until end: UInt8) -> String? {
    guard let stop = bytes[position...].firstIndex(of: end) else { return nil }
    defer { position = stop + 1 }
    return String(decoding: bytes[position..<stop], as: UTF8.self)
  }
}
