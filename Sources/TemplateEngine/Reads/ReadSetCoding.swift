import VibeBasics

/// A compact, byte-exact text form of `ReadSet` and `RenderReads`, for records an application
/// keeps between builds (the site's page record). Names are length-prefixed, so any text
/// survives:
///
///     node    := "{" flags ("m" length ":" name node)* ("i" position "," node)* ("e" node)? "}"
extension ReadSet {
  /// Appends the encoding.
  public func encode(into out: inout [UInt8]) {
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
  public static func decode(_ reader: inout ByteReader, depth: Int = 0) -> ReadSet? {
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
  public func encode(into out: inout [UInt8]) {
    out.append(today ? UInt8(ascii: "1") : UInt8(ascii: "0"))
    out += Array(String(templates.count).utf8)
    out.append(UInt8(ascii: ":"))
    for name in templates { ByteCoding.appendLengthPrefixed(name, to: &out) }
    context.encode(into: &out)
  }

  /// Decodes `encode`'s form.
  public static func decode(_ reader: inout ByteReader) -> RenderReads? {
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
