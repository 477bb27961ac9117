import Foundation
import Testing
import VibeKeeper

/// The QR encoder against fixed expectations taken from segno 1.6.6 (with its extra
/// padding byte, heuer/segno#148, removed), so the tests need no Python. Version, level and
/// mask matrices were compared module by module with segno and decoded with zbarimg when
/// the encoder was written.
@Suite struct QRCodeTests {
  static let feed = "webcal://example.org/feeds/0123456789abcdef0123456789abcdef/calendar.ics"

  /// "HELLO WORLD" in byte mode, version 1-M, mask 2.
  static let helloWorld = [
    "#######.....#.#######",
    "#.....#..#.#..#.....#",
    "#.###.#.###.#.#.###.#",
    "#.###.#.#.#.#.#.###.#",
    "#.###.#.#.#.#.#.###.#",
    "#.....#.##.#..#.....#",
    "#######.#.#.#.#######",
    "........#.#..........",
    "#.#####...##..#####..",
    ".##....#.#######.##..",
    "#.##..##....###..###.",
    ".###.#..######..###..",
    "#...#.##.##.##....#.#",
    "........###.#....#...",
    "#######..#.#..#...##.",
    "#.....#.###..#.#.####",
    "#.###.#.#..#...#..#.#",
    "#.###.#.#...######...",
    "#.###.#.##..#..#..#..",
    "#.....#...#.##..###..",
    "#######.#.###...#.##.",
  ]

  static func rows(_ code: QRCode) -> [String] {
    (0..<code.size).map { y in String((0..<code.size).map { code[$0, y] ? "#" : "." }) }
  }

  /// The top-left and the split copy of the format information, most significant bit first.
  static func formatBits(_ code: QRCode) -> (String, String) {
    let n = code.size
    let first: [(Int, Int)] =
      (0...5).map { ($0, 8) } + [(7, 8), (8, 8), (8, 7)] + (0...5).reversed().map { (8, $0) }
    let second: [(Int, Int)] =
      (1...7).map { (8, n - $0) } + (n - 8...n - 1).map { ($0, 8) }
    func read(_ cells: [(Int, Int)]) -> String {
      String(cells.map { code[$0.0, $0.1] ? "1" : "0" })
    }
    return (read(first), read(second))
  }

  @Test func knownMatrix() throws {
    let code = try QRCode(bytes: Array("HELLO WORLD".utf8), correction: .medium, mask: 2)
    #expect(code.version == 1 && code.size == 21 && code.mask == 2)
    #expect(Self.rows(code) == Self.helloWorld)
    // The automatic mask is the one segno picks too.
    let automatic = try QRCode("HELLO WORLD")
    #expect(automatic.version == 1 && automatic.mask == 4 && automatic.correction == .medium)
  }

  @Test func smallestVersionThatFits() throws {
    let expected: [(QRCode.ErrorCorrection, Int, Int)] = [
      (.low, 4, 2), (.medium, 5, 2), (.quartile, 6, 4), (.high, 8, 2),
    ]
    for (level, version, mask) in expected {
      let code = try QRCode(Self.feed, correction: level)
      #expect(code.version == version && code.size == 17 + 4 * version && code.mask == mask)
    }
    #expect(try QRCode("").version == 1)
    #expect(try QRCode("Grüße ✓", correction: .high).version == 2)
    #expect(QRCode.byteCapacity(version: 40, correction: .medium) == 2331)
    let largest = try QRCode(String(repeating: "x", count: 2331))
    #expect(largest.version == 40 && largest.size == 177)
  }

  @Test func tooLongAndInvalidOptionsThrow() {
    #expect(throws: QRCode.TooLong.self) { try QRCode(String(repeating: "x", count: 2332)) }
    #expect(throws: QRCode.TooLong.self) {
      try QRCode(String(repeating: "x", count: 1274), correction: .high)
    }
    do {
      _ = try QRCode(bytes: Array(repeating: 0, count: 15), correction: .medium, version: 1)
      Issue.record("15 bytes fit in version 1-M")
    } catch let error as QRCode.TooLong {
      #expect(error.capacity == 14 && error.version == 1 && error.byteCount == 15)
      #expect(error.description.contains("at most 14 bytes"))
    } catch { Issue.record("\(error)") }
    #expect(throws: QRCode.InvalidOption.self) { try QRCode(bytes: [], version: 41) }
    #expect(throws: QRCode.InvalidOption.self) { try QRCode(bytes: [], mask: 8) }
  }

  @Test func functionPatterns() throws {
    let code = try QRCode(bytes: Array(Self.feed.utf8), correction: .low, version: 7, mask: 5)
    let n = code.size
    #expect(n == 45)
    for (ox, oy) in [(0, 0), (n - 7, 0), (0, n - 7)] {
      for dy in 0..<7 {
        for dx in 0..<7 {
          let ring = max(abs(dx - 3), abs(dy - 3))
          #expect(code[ox + dx, oy + dy] == (ring != 2), "finder at \(ox + dx), \(oy + dy)")
        }
      }
    }
    for i in 0..<8 {  // Separators.
      #expect(!code[7, i] && !code[i, 7] && !code[n - 8, i] && !code[i, n - 8])
    }
    for i in 8..<n - 8 { #expect(code[i, 6] == (i % 2 == 0) && code[6, i] == (i % 2 == 0)) }
    #expect(code[8, n - 8])  // The dark module.
    #expect(code[22, 22] && !code[21, 22] && code[20, 22])  // Centre alignment pattern.
    #expect(!code[-1, 0] && !code[0, n] && !code[n, 0])
    // Version information, both copies: 000111110010010100 for version 7.
    var bits = ""
    var transposed = ""
    for i in (0..<18).reversed() {
      bits += code[n - 11 + i % 3, i / 3] ? "1" : "0"
      transposed += code[i / 3, n - 11 + i % 3] ? "1" : "0"
    }
    #expect(bits == "000111110010010100" && transposed == bits)
  }

  @Test func formatInformation() throws {
    let expected: [(QRCode.ErrorCorrection, Int, String)] = [
      (.low, 0, "111011111000100"), (.medium, 2, "101111001111100"),
      (.quartile, 5, "010000110000011"), (.high, 7, "000100000111011"),
    ]
    for (level, mask, format) in expected {
      for version in [1, 10] {
        let code = try QRCode(bytes: [1, 2, 3], correction: level, version: version, mask: mask)
        let (first, second) = Self.formatBits(code)
        #expect(first == format && second == format, "\(level) \(mask) version \(version)")
      }
    }
  }

  @Test func svgIsEscapedAndDeterministic() throws {
    let code = try QRCode(bytes: Array("HELLO WORLD".utf8), correction: .medium, mask: 2)
    let svg = code.svg(id: "qr-1", title: "<script>&\"'")
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 29 29\""))
    #expect(svg.contains("width=\"116\" height=\"116\""))
    #expect(svg.contains("aria-labelledby=\"qr-1\""))
    #expect(svg.contains("<title id=\"qr-1\">&lt;script&gt;&amp;&quot;&#39;</title>"))
    #expect(!svg.contains("<script"))
    #expect(svg.components(separatedBy: "<path").count == 2)
    #expect(svg.contains("d=\"M4 4h7v1h-7zM16 4h1v1h-1zM18 4h7v1h-7zM4 5h1v1h-1z"))
    #expect(svg.hasSuffix("</svg>"))
    #expect(code.svg(id: "a\"b", title: "").contains("aria-labelledby=\"a&quot;b\""))
    #expect(code.svg(id: "x", title: "\u{0}").contains("<title id=\"x\">\u{FFFD}</title>"))
    let again = try QRCode(bytes: Array("HELLO WORLD".utf8), correction: .medium, mask: 2)
    #expect(again == code && again.svg(id: "qr-1", title: "<script>&\"'") == svg)
    let larger = code.svg(id: "q", title: "t", moduleSize: 2, quietZone: 0)
    #expect(larger.contains("viewBox=\"0 0 21 21\" width=\"42\""))
    #expect(larger.contains("M0 0h7v1h-7z"))
  }

  @Test func terminalText() throws {
    let code = try QRCode(bytes: Array("HELLO WORLD".utf8), correction: .medium, mask: 2)
    let lines = code.terminalText().split(separator: "\n", omittingEmptySubsequences: false)
    // 21 + 2 × 2 = 25 rows, two per line, and the empty string after the last newline.
    #expect(lines.count == 14 && lines.last == "")
    #expect(lines.dropLast().allSatisfy { $0.count == 25 })
    #expect(lines[0] == Substring(String(repeating: "█", count: 25)))
    #expect(lines[12] == Substring(String(repeating: "▀", count: 25)))
    // Code rows 0 and 1: the finder's dark top edge (blank) over its light ring ("▄").
    #expect(lines[1].hasPrefix("██ ▄▄▄▄▄ █"))
    #expect(code.terminalText(quietZone: 0).split(separator: "\n").count == 11)
  }
}
