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

  /// A rebuild keeps the last paths when the ids are the same byte for byte, and assigns
  /// them anew otherwise: another order, one more, or the same name in another Unicode
  /// form (`==` calls those equal; their file-safe forms differ).
  @Test func pathsAreKeptOnlyForTheSameIDs() {
    func household(_ ids: [String]) -> Household {
      var h = Household()
      h.gifts = ids.map { id in
        Gift(
          meta: RecordMeta(id: id, location: .init(file: "g", line: 1, column: 1), path: "g"),
          title: id, currency: "EUR")
      }
      return h
    }
    let precomposed = "cr\u{E9}me"
    let decomposed = "cre\u{301}me"
    #expect(precomposed == decomposed)
    for (before, after) in [
      (["a b", "a-b"], ["a b", "a-b"]), (["a b", "a-b"], ["a-b", "a b"]),
      (["a b"], ["a b", "a-b"]), ([precomposed], [decomposed]), ([decomposed], [precomposed]),
    ] {
      let last = Permalinks(household(before))
      let kept = Permalinks(household(after), reusing: last)
      let fresh = Permalinks(household(after))
      for id in after { #expect(kept.path(.gifts, id) == fresh.path(.gifts, id)) }
    }
    #expect(
      Permalinks(household([decomposed]), reusing: Permalinks(household([precomposed])))
        .path(.gifts, decomposed)?.utf8.count == "gifts/cre\u{301}me.html".utf8.count)
  }

  @Test func everyHTMLIsRemovedForTheCollisionCheck() {
    #expect(Permalinks.withoutHTML("gifts/lamp.html") == "gifts/lamp")
    #expect(Permalinks.withoutHTML("gifts/a.html-2.html") == "gifts/a-2")
    #expect(Permalinks.withoutHTML("gifts/v1.2.html") == "gifts/v1.2")
    #expect(Permalinks.withoutHTML("gifts/lamp") == "gifts/lamp")
  }

  @Test func fileSafeSegments() {
    #expect(Permalinks.fileSafe("Tea Set") == "tea-set")
    #expect(Permalinks.fileSafe("..hidden") == "hidden")
    #expect(Permalinks.fileSafe("-.-a--b!!c-") == "a--b-c")
    #expect(Permalinks.fileSafe("v1.2") == "v1.2")
    #expect(Permalinks.fileSafe("a..") == "a..")
    #expect(Permalinks.fileSafe("?!") == "record")
    #expect(Permalinks.fileSafe("") == "record")
    #expect(Permalinks.fileSafe("a\r\nb") == "a-b")
    #expect(Permalinks.fileSafe("Crème Brûlée") == "crème-brûlée")
  }

  /// ASCII ids take a byte-by-byte path: it gives what the rule, character by character,
  /// gives.
  @Test func asciiSegmentsFollowTheCharacterRule() {
    let alphabet = Array("aZ09-_. /!\t\r\n~%".unicodeScalars)
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<5_000 {
      var segment = ""
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      for k in 0..<Int(seed >> 60) {
        let pick = Int((seed >> UInt64(k * 4 % 56)) & 0xF) % alphabet.count
        segment.unicodeScalars.append(alphabet[pick])
      }
      #expect(
        Permalinks.fileSafe(segment) == Permalinks.fileSafeByCharacter(segment),
        "\(segment.debugDescription)")
    }
  }
}
