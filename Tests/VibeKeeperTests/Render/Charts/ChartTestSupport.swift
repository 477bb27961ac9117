import Foundation

@testable import VibeKeeper

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Helpers for the chart tests: counting markup and checking the shared guarantees.
enum ChartCheck {
  /// Labels that try to break out of text, attributes or the SVG.
  static let hostile = [
    "<script>alert(1)</script>", "\" onload=\"x", "' onmouseover='y", "a&b</text><svg>",
    "]]><!--", "tab\tnew\nline\u{0}\u{7}",
  ]

  /// A date from `YYYY-MM-DD` (the tests only pass valid literals).
  static func day(_ text: String) -> LocalDate { LocalDate(iso: text) ?? LocalDate(dayNumber: 0) }

  /// An exact decimal from text.
  static func dec(_ text: String) -> Decimal { Decimal(string: text) ?? .nan }

  /// How often `needle` occurs in `haystack`.
  static func count(_ needle: String, in haystack: String) -> Int {
    haystack.components(separatedBy: needle).count - 1
  }

  /// The text of the first `<desc …>` element.
  static func desc(_ svg: String) -> String {
    guard let open = svg.range(of: "<desc id=\""),
      let start = svg[open.upperBound...].range(of: "\">"),
      let end = svg[start.upperBound...].range(of: "</desc>")
    else { return "" }
    return String(svg[start.upperBound..<end.lowerBound])
  }

  /// Attributes holding numbers or path data.
  static let numeric: Set<String> = [
    "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "width", "height", "viewBox",
    "points", "d", "font-size", "stroke-width", "fill-opacity", "stroke-opacity",
  ]

  /// Every `name="value"` pair of the markup, in order.
  static func attributes(_ svg: String) -> [(String, String)] {
    guard let regex = try? NSRegularExpression(pattern: "([A-Za-z][A-Za-z0-9:-]*)=\"([^\"]*)\"")
    else { return [] }
    let ns = svg as NSString
    return regex.matches(in: svg, range: NSRange(location: 0, length: ns.length)).map {
      (ns.substring(with: $0.range(at: 1)), ns.substring(with: $0.range(at: 2)))
    }
  }

  /// The problems that every chart must avoid: missing accessibility, unsafe markup,
  /// non-finite numbers, unbalanced elements. Empty when the markup is fine.
  static func problems(_ svg: String, id: String) -> [String] {
    var found: [String] = []
    let lower = svg.lowercased()
    if !svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart chart-") {
      found.append("root")
    }
    if !svg.contains("role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\"") {
      found.append("aria")
    }
    if count("<title id=\"\(id)-title\">", in: svg) != 1 { found.append("title id") }
    if count("<desc id=\"\(id)-desc\">", in: svg) != 1 { found.append("desc id") }
    if !svg.contains(" viewBox=\"0 0 ") || !svg.contains(" width=\"") { found.append("size") }
    for bad in ["nan", "inf", "<script", "javascript:", "href", "<style", "url(", "<!--"] {
      if lower.contains(bad) { found.append("contains \(bad)") }
    }
    let ids = attributes(svg).filter { $0.0 == "id" }.map(\.1)
    if ids != [id + "-title", id + "-desc"] { found.append("ids \(ids)") }
    if ids.contains(where: { $0.contains { !"abcdefghijklmnopqrstuvwxyz0123456789-".contains($0) } }
    ) {
      found.append("id characters")
    }
    for (name, value) in attributes(svg) {
      if name.hasPrefix("on") || name == "style" { found.append("attribute \(name)") }
      if numeric.contains(name), value.contains(where: { !"0123456789.-, MLVZ".contains($0) }) {
        found.append("number \(name)=\(value)")
      }
    }
    if count("<svg", in: svg) != 1 || !svg.hasSuffix("</svg>\n") { found.append("svg nesting") }
    if count("<text", in: svg) != count("</text>", in: svg) { found.append("text balance") }
    if count("<g", in: svg) != count("</g>", in: svg) { found.append("g balance") }
    if svg.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" }) {
      found.append("control characters")
    }
    if XMLCheck.parse(svg) == false { found.append("not well-formed XML") }
    return found
  }
}

/// Well-formedness through Foundation's XML parser.
enum XMLCheck {
  static func parse(_ text: String) -> Bool { XMLParser(data: Data(text.utf8)).parse() }
}
