import Testing

@testable import VibeKeeper

@Suite struct ShareTextTests {
  func parse(_ text: String) throws -> ShareResult { try #require(ShareText.parse(text)) }

  // MARK: - Wordle

  @Test func wordleSolved() throws {
    let r = try parse(
      """
      Wordle 1,234 4/6

      ⬛🟨⬛⬛⬛
      ⬛🟩🟨⬛⬛
      🟩🟩⬛🟩⬛
      🟩🟩🟩🟩🟩
      """)
    #expect(r == ShareResult(game: "wordle", name: "Wordle", puzzle: 1_234, score: "4/6"))
  }

  @Test func wordleLost() throws {
    let r = try parse(
      "Wordle 1,497 X/6\n\n⬛⬛🟨⬛🟨\n⬛🟨⬛🟨⬛\n⬛🟩⬛🟩🟩\n⬛🟩⬛🟩🟩\n⬛🟩⬛🟩🟩\n🟨🟩⬛🟩🟩")
    #expect(r.puzzle == 1_497)
    #expect(r.score == "X/6")
    #expect(r.failed)
  }

  /// A comment after the score on the first line (`4/6* 🔥`, `3/6 phew`) is ignored, as a
  /// comment on a line of its own is.
  @Test func wordleWithACommentAfterTheScore() throws {
    let r = try parse("Wordle 1,627 4/6* 🔥\n\n⬛🟨⬛⬛⬛\n⬛🟩🟨⬛⬛\n🟩🟩⬛🟩⬛\n🟩🟩🟩🟩🟩")
    #expect(r == ShareResult(game: "wordle", name: "Wordle", puzzle: 1_627, score: "4/6*"))
    #expect(try parse("Wordle 1 627 3/6 phew, close one").puzzle == 1_627)
    #expect(ShareText.parse("Wordle 1,627 🔥") == nil)
  }

  @Test func wordleHardModeKeepsItsStar() throws {
    let r = try parse("Wordle 1,406 3/6*\n\n⬜⬜⬜⬜🟩\n⬜🟨⬜⬜🟩\n🟩🟩🟩🟩🟩")
    #expect(r.score == "3/6*")
    #expect(!r.failed)
  }

  @Test func wordleHighContrastWithVariationSelectors() throws {
    let r = try parse("Wordle 1,234 2/6\n\n⬜\u{FE0F}🟦⬜\u{FE0F}⬜\u{FE0F}🟧\n🟧🟧🟧🟧🟧")
    #expect(r.score == "2/6")
  }

  @Test(arguments: [
    "Wordle 1,234 3/6", "Wordle 1.234 3/6", "Wordle 1\u{202F}234 3/6", "Wordle 1\u{A0}234 3/6",
    "Wordle 1 234 3/6", "Wordle 1'234 3/6", "Wordle 1234 3/6",
  ])
  func wordleThousandsSeparators(_ header: String) throws {
    let r = try parse(header + "\n\n⬛🟨⬛⬛⬛\n⬛🟩🟨🟩⬛\n🟩🟩🟩🟩🟩")
    #expect(r.puzzle == 1_234)
    #expect(r.score == "3/6")
  }

  @Test func crlfLineEnds() throws {
    let r = try parse("Wordle 1,234 2/6\r\n\r\n⬛🟨⬛⬛⬛\r\n🟩🟩🟩🟩🟩\r\n")
    #expect(r == ShareResult(game: "wordle", name: "Wordle", puzzle: 1_234, score: "2/6"))
  }

  @Test(arguments: [
    "\u{FEFF}Wordle 1,234 2/6\n\n⬛🟨⬛⬛⬛\n🟩🟩🟩🟩🟩",
    "\u{FEFF}\n \n\t Wordle 1,234 2/6  \n\n\n  ⬛🟨⬛⬛⬛ \n🟩🟩🟩🟩🟩\t\n\n \n",
    "\n\nWordle 1,234 2/6\n⬛🟨⬛⬛⬛\n🟩🟩🟩🟩🟩\n\nhttps://www.nytimes.com/games/wordle\n#wordle",
    "Wordle 1,234 2/6\n\n⬛🟨⬛⬛⬛\n🟩🟩🟩🟩🟩\nthat was lucky",
  ])
  func strayWhitespaceBlankLinesBOMAndLinesAfter(_ text: String) throws {
    let r = try parse(text)
    #expect(r == ShareResult(game: "wordle", name: "Wordle", puzzle: 1_234, score: "2/6"))
  }

  @Test func aGridThatDisagreesWithTheScoreIsNotAShare() {
    #expect(ShareText.parse("Wordle 1,234 3/6\n\n⬛🟨⬛⬛⬛\n🟩🟩🟩🟩🟩") == nil)
    #expect(ShareText.parse("Wordle 1,234 X/6\n\n⬛🟨⬛⬛⬛\n🟩🟨🟩🟩🟩") == nil)
  }

  // MARK: - Connections

  @Test func connectionsPerfect() throws {
    let r = try parse(
      """
      Connections
      Puzzle #962
      🟦🟦🟦🟦
      🟨🟨🟨🟨
      🟩🟩🟩🟩
      🟪🟪🟪🟪
      """)
    #expect(
      r == ShareResult(game: "connections", name: "Connections", puzzle: 962, score: "0 mistakes"))
  }

  @Test func connectionsCountsMistakes() throws {
    let one = try parse("Connections\nPuzzle #963\n🟩🟩🟩🟩\n🟨🟨🟨🟨\n🟪🟦🟦🟦\n🟦🟦🟦🟦\n🟪🟪🟪🟪")
    #expect(one.score == "1 mistake")
    #expect(!one.failed)
    // An older share with a space after each line.
    let three = try parse(
      "Connections \nPuzzle #324 \n🟨🟨🟨🟨 \n🟦🟦🟩🟦 \n🟦🟦🟪🟦 \n"
        + "🟦🟦🟦🟦 \n🟩🟩🟩🟪 \n🟩🟩🟩🟩 \n🟪🟪🟪🟪")
    #expect(three.puzzle == 324)
    #expect(three.score == "3 mistakes")
    #expect(!three.failed)
  }

  @Test func connectionsLostAtFourMistakes() throws {
    let r = try parse(
      "Connections\r\nPuzzle #961\r\n🟨🟨🟨🟨\r\n🟦🟦🟩🟪\r\n🟦🟦🟩🟦\r\n"
        + "🟪🟪🟪🟪\r\n🟦🟩🟩🟩\r\n🟦🟦🟩🟦\r\n")
    #expect(r.score == "4 mistakes")
    #expect(r.failed)
  }

  @Test func connectionsCutShortIsNotAShare() {
    #expect(ShareText.parse("Connections\nPuzzle #512\n🟨🟨🟨🟨\n🟩🟦🟩🟩") == nil)
    #expect(ShareText.parse("Connections\nPuzzle #512") == nil)
  }

  // MARK: - Strands

  @Test func strandsWithoutHints() throws {
    let r = try parse("Strands #245\n\u{201C}Theme words\u{201D}\n🔵🟡🔵🔵\n🔵🔵🔵")
    #expect(r == ShareResult(game: "strands", name: "Strands", puzzle: 245, score: "0 hints"))
  }

  @Test func strandsCountsHints() throws {
    let two = try parse("Strands #580\n\"Bring it home\"\n💡🔵🔵💡\n🔵🟡🔵🔵\n🔵\n")
    #expect(two.score == "2 hints")
    #expect(!two.failed)
    let one = try parse("NYT Strands #700\n\"It's a gift\"\n💡🔵🔵🟡\n🔵🔵🔵🔵")
    #expect(one.puzzle == 700)
    #expect(one.score == "1 hint")
  }

  // MARK: - The crosswords

  @Test func miniHasADateAndNoNumber() throws {
    let r = try parse(
      "I solved the 11/24/2026 New York Times Mini Crossword in 0:42!\n"
        + "https://www.nytimes.com/crosswords/game/mini")
    #expect(r.game == "mini")
    #expect(r.name == "The Mini")
    #expect(r.puzzle == nil)
    #expect(r.date?.description == "2026-11-24")
    #expect(r.score == "0:42")
    #expect(!r.failed)
  }

  @Test(arguments: [
    "I solved the 11/24/2026 New York Times\nMini Crossword in 0:42!",
    "  I solved the 11/24/2026 New York Times Mini Crossword in 0:42! "
      + "https://www.nytimes.com/crosswords/game/mini\r\nthat was quick\r\n",
  ])
  func miniWrappedOrWithTheLinkOnItsLine(_ text: String) throws {
    let r = try parse(text)
    #expect(r.game == "mini")
    #expect(r.date?.description == "2026-11-24")
    #expect(r.score == "0:42")
  }

  @Test func dailyCrosswordHasTheWeekday() throws {
    let r = try parse("I solved the Monday 11/23/2026 New York Times Daily Crossword in 1:02:03!")
    #expect(r.game == "crossword")
    #expect(r.date?.description == "2026-11-23")
    #expect(r.score == "1:02:03")
  }

  // MARK: - Other games

  @Test func quordle() throws {
    let r = try parse("🙂 Daily Quordle 1576\n2️⃣8️⃣\n7️⃣9️⃣\nm-w.com/games/quordle/")
    #expect(r == ShareResult(game: "quordle", name: "Quordle", puzzle: 1_576, score: "2-8-7-9"))
    let lost = try parse("🙂Daily Quordle 1190\n🟥8️⃣\n4️⃣5️⃣\nm-w.com/games/quordle/")
    #expect(lost.score == "X-8-4-5")
    #expect(lost.failed)
  }

  @Test func octordle() throws {
    let r = try parse("Daily Octordle #845\n8️⃣4️⃣\n5️⃣🔟\n9️⃣6️⃣\n🕛7️⃣\nScore: 61")
    #expect(r == ShareResult(game: "octordle", name: "Octordle", puzzle: 845, score: "score 61"))
    let lost = try parse("Daily Octordle #501\r\n6️⃣🟥\r\n5️⃣8️⃣\r\n3️⃣🟥\r\n🕐🔟\r\nScore: 73")
    #expect(lost.score == "score 73")
    #expect(lost.failed)
  }

  @Test func nerdle() throws {
    let r = try parse(
      "nerdlegame 728 3/6\n\n🟪⬛🟪🟪⬛🟪⬛⬛\n🟪🟩🟩🟩⬛🟩⬛🟪\n🟩🟩🟩🟩🟩🟩🟩🟩\n\n"
        + "https://nerdlegame.com #nerdle")
    #expect(r == ShareResult(game: "nerdle", name: "Nerdle", puzzle: 728, score: "3/6"))
  }

  @Test func worldle() throws {
    let r = try parse(
      """
      #Worldle #934 (12.08.2024) 4/6 (100%)
      🟩🟩🟩🟩🟨⬅️
      🟩🟩🟩🟩🟨⬅️
      🟩🟩🟩🟩🟨↗️
      🟩🟩🟩🟩🟩🎉

      https://worldle.teuteuf.fr
      """)
    #expect(r.game == "worldle")
    #expect(r.puzzle == 934)
    #expect(r.date?.description == "2024-08-12")
    #expect(r.score == "4/6")
    #expect(!r.failed)
    let old = try parse("#Worldle #65 X/6 (93%)\n🟩🟨⬛⬛⬛↘️\nhttps://worldle.teuteuf.fr/")
    #expect(old.date == nil)
    #expect(old.score == "X/6")
    #expect(old.failed)
  }

  @Test func waffle() throws {
    let r = try parse(
      "#waffle807 1/5\n\n🟩🟩🟩🟩🟩\n🟩⬜️🟩⬜️🟩\n🟩🟩⭐️🟩🟩\n🟩⬜️🟩⬜️🟩\n🟩🟩🟩🟩🟩\n\n"
        + "🔥 streak: 2\nwafflegame.net")
    #expect(r == ShareResult(game: "waffle", name: "Waffle", puzzle: 807, score: "1/5"))
    #expect(try parse("#waffle808 0/5\n\nwafflegame.net").score == "0/5")
    let lost = try parse("#waffle629 X/5\n\n🟩🟩🟩🟩🟩\n\n💔 streak: 0\nwafflegame.net")
    #expect(lost.score == "X/5")
    #expect(lost.failed)
  }

  @Test func framed() throws {
    let r = try parse("Framed #758\n🎥 🟥 🟥 🟥 🟩 ⬛ ⬛\n\nhttps://framed.wtf")
    #expect(r == ShareResult(game: "framed", name: "Framed", puzzle: 758, score: "4/6"))
    #expect(try parse("Framed #1650\n🎥 🟩 ⬛️ ⬛️ ⬛️ ⬛️ ⬛️").score == "1/6")
    let lost = try parse("Framed #756\n🎥 🟥 🟥 🟥 🟥 🟥 🟥\n\nhttps://framed.wtf")
    #expect(lost.score == "X/6")
    #expect(lost.failed)
  }

  // MARK: - Not share texts

  @Test(arguments: [
    "", "  \n\n\t\r\n", "\u{FEFF}", "hello world", "Wordle is fun but I lost today",
    "Wordle 1,234 7/6", "Wordle 1,234 0/6", "Wordle 1,234 4/7", "Wordle 1,234 four/6",
    "Wordle 1,234 4/6**", "Wordle 1,234 /6", "Wordle abc 4/6", "Wordle 1,23 4/6",
    "Wordle 12,3456 4/6", "Wordle 1,234", "Wordle", "I think Wordle 1,234 4/6",
    "Connections\nPuzzle #abc\n🟨🟨🟨🟨\n🟩🟩🟩🟩\n🟦🟦🟦🟦\n🟪🟪🟪🟪",
    "Strands #245\n\u{201C}Theme words\u{201D}",
    "I solved the 2/30/2026 New York Times Mini Crossword in 0:42!",
    "I solved the 11/24/2026 New York Times Mini Crossword in 0:4x!",
    "Daily Quordle 1576\n2️⃣8️⃣",
    "Framed - One Frame Challenge #1427\n🎥 🟥\n\nhttps://framed.wtf",
    "#waffle807 6/5", "nerdlegame 728 3/8",
  ])
  func notAShareText(_ text: String) {
    #expect(ShareText.parse(text) == nil)
  }

  @Test func everyExampleReadsAsItsOwnGame() {
    for format in ShareText.formats {
      #expect(ShareText.parse(format.example)?.game == format.key, "\(format.name)")
    }
    let keys = ShareText.formats.map { $0.key }
    #expect(Set(keys).count == keys.count)
    let plain = keys.allSatisfy { key in
      key.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber) }
    }
    #expect(plain)
  }
}

/// Each format's example is one share (read from its first line only), so `played` takes
/// it; two shares pasted together read as two, and a comment line after a share is none.
@Suite struct ShareHeaderTests {
  /// The lines a share text starts at (as `played` counts them).
  static func starts(_ text: String) -> [String] {
    let lines = text.split(whereSeparator: \.isNewline)
    return lines.indices.compactMap { ShareText.parse(lines[$0...].joined(separator: "\n"))?.name }
  }

  @Test func eachExampleIsOneShare() {
    for format in ShareText.formats {
      #expect(Self.starts(format.example) == [format.name], "\(format.key)")
    }
    let wordle = ShareText.formats.first { $0.key == "wordle" }?.example ?? ""
    let mini = ShareText.formats.first { $0.key == "mini" }?.example ?? ""
    #expect(Self.starts(wordle + "\n\n" + mini) == ["Wordle", "The Mini"])
    #expect(Self.starts(wordle + "\nWordle streak 50!") == ["Wordle"])
  }
}
