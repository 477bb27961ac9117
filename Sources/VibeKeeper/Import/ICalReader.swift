/// One VEVENT of a calendar file: its properties, as read by the vCard property parser
/// (iCalendar lines have the same shape), and its first line.
struct ICalEvent {
  var line: Int
  var properties: [VCardProperty] = []

  /// The first property named `name`.
  func first(_ name: String) -> VCardProperty? { properties.first { $0.name == name } }

  /// Every property named `name`.
  func all(_ name: String) -> [VCardProperty] { properties.filter { $0.name == name } }

  /// A property's value as text (UTF-8), with iCalendar's escapes undone.
  static func text(_ p: VCardProperty) -> String? {
    VCard.unescape(ImportText.decode(p.raw) ?? ImportText.decode(p.raw, charset: "windows-1252"))
  }

  /// A property's value as written, without escapes undone (dates, rules).
  static func raw(_ p: VCardProperty) -> String {
    String(decoding: p.raw, as: UTF8.self).trimmingCharacters(in: .whitespaces)
  }
}

/// Reads the VEVENTs of an iCalendar file one at a time (folded lines joined; alarms and
/// time zone definitions skipped), and the calendar's name.
enum ICalReader {
  /// Calls `event` with each VEVENT, and `name` with `X-WR-CALNAME` when there is one;
  /// false when the file holds no calendar at all.
  @discardableResult
  static func read(
    _ path: String, event: (ICalEvent) -> Void, name: (String) -> Void,
    problem: (Int, String) -> Void
  ) throws -> Bool {
    var current: (line: Int, bytes: [UInt8])?
    var stack: [String] = []
    var open: ICalEvent?
    var sawCalendar = false
    var lastLine = 1

    func flush() {
      guard let c = current else { return }
      current = nil
      guard let p = VCardReader.parse(c.bytes, line: c.line) else {
        problem(c.line, "this line is not an iCalendar property (NAME:value), so it is left out")
        return
      }
      let value = ICalEvent.raw(p).uppercased()
      switch p.name {
      case "BEGIN":
        stack.append(value)
        if value == "VCALENDAR" { sawCalendar = true }
        if value == "VEVENT", stack.count == 2 { open = ICalEvent(line: c.line) }
      case "END":
        // An END closes the innermost component of its name; components opened inside it
        // and never closed (a VALARM without END:VALARM) are closed with it, said at their
        // BEGIN's name. An END that closes nothing open is left out.
        guard let at = stack.lastIndex(of: value) else {
          problem(c.line, "END:\(value) closes no open component, so it is left out")
          return
        }
        for unclosed in stack[(at + 1)...].reversed() {
          problem(c.line, "BEGIN:\(unclosed) is never closed; END:\(value) closes it here")
        }
        stack.removeSubrange(at...)
        if value == "VEVENT", stack.count == 1, let e = open {
          event(e)
          open = nil
        }
      default:
        if stack.count == 1, p.name == "X-WR-CALNAME", let t = ICalEvent.text(p) { name(t) }
        if stack.count == 2, stack.last == "VEVENT" { open?.properties.append(p) }
      }
    }

    try SourceLines.read(path) { line in
      switch line {
      case .tooLong(let number):
        lastLine = number
        flush()
        problem(number, SourceLines.tooLongMessage)
      case .text(let number, let bytes):
        lastLine = number
        if let first = bytes.first, first == 32 || first == 9, current != nil {
          current?.bytes += bytes.dropFirst()
          if (current?.bytes.count ?? 0) > VCardReader.maxProperty {
            problem(current?.line ?? number, "a property longer than 16 MB is left out")
            current = nil
          }
        } else {
          flush()
          if !bytes.allSatisfy({ $0 == 32 || $0 == 9 }) { current = (number, bytes) }
        }
      }
      return true
    }
    flush()
    // A file that ends inside a component was cut off: what it was saying is lost (an
    // event without its end, the moved dates of a series further on), so say so.
    if let e = open {
      problem(
        e.line,
        "the file ends before END:VEVENT, so this event is left out (is the file cut off?)")
    }
    if sawCalendar, stack.contains("VCALENDAR") {
      problem(
        lastLine,
        "the file ends before END:VCALENDAR: it may be cut off, and events further on (a moved date of a series) be missing"
      )
    }
    return sawCalendar
  }
}
