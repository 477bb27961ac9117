import Testing

@testable import VibeKeeper

/// Page paths: percent-encoding and the collision check.
@Suite struct PermalinksTests {
  @Test func encodesAllButUnreservedCharactersAndSlashes() {
    #expect(Permalinks.encode("gifts/tea-set_2.html") == "gifts/tea-set_2.html")
    #expect(Permalinks.encode("gifts/tea set ü~.html") == "gifts/tea%20set%20%C3%BC~.html")
    #expect(Permalinks.encode("a?b#c%d\u{1}") == "a%3Fb%23c%25d%01")
    #expect(Permalinks.encode("") == "")
  }

  @Test func everyHTMLIsRemovedForTheCollisionCheck() {
    #expect(Permalinks.withoutHTML("gifts/lamp.html") == "gifts/lamp")
    #expect(Permalinks.withoutHTML("gifts/a.html-2.html") == "gifts/a-2")
    #expect(Permalinks.withoutHTML("gifts/v1.2.html") == "gifts/v1.2")
    #expect(Permalinks.withoutHTML("gifts/lamp") == "gifts/lamp")
  }
}
