import Foundation
import Testing

@testable import VibeKeeper

/// What the data holds never drives the terminal: controls are written out.
@Suite struct TerminalTextTests {
  @Test func controlsAreWrittenOut() {
    #expect(TerminalText.escaped("a\u{1B}]0;x\u{07}b") == "a\\u{1B}]0;x\\u{7}b")
    #expect(TerminalText.escaped("x\u{7F}\u{85}y") == "x\\u{7F}\\u{85}y")
    // Bidirectional controls reorder what follows them; separators break the line.
    #expect(TerminalText.escaped("file\u{202E}txt.exe") == "file\\u{202E}txt.exe")
    #expect(TerminalText.escaped("\u{2066}a\u{2069}\u{200F}") == "\\u{2066}a\\u{2069}\\u{200F}")
    #expect(TerminalText.escaped("one\u{2028}two") == "one\\u{2028}two")
    // Text is left alone: accents, CJK, emoji, a tab as a space.
    #expect(TerminalText.escaped("Zoë 日本 🎁\tx") == "Zoë 日本 🎁 x")
    #expect(TerminalText.escapedLines("a\u{1B}\nb") == "a\\u{1B}\nb")
  }
}
