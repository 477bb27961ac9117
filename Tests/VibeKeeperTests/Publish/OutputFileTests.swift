import Foundation
import Testing

@testable import VibeKeeper

/// A rendered file carries the hash worked out on the thread that rendered it, so neither
/// the page record nor the publisher hashes its bytes again; a change of the bytes drops it.
@Suite struct OutputFileTests {
  @Test func aHashWorkedOutWithTheBytesIsKnownUntilTheyChange() {
    let bytes = Array("<p>Lamp</p>".utf8)
    var file = OutputFile.hashing(path: "gifts/lamp.html", bytes: bytes)
    #expect(file.knownHash == ContentHash(bytes))
    #expect(file == OutputFile(path: "gifts/lamp.html", bytes: bytes))
    #expect(Set([file, OutputFile(path: "gifts/lamp.html", bytes: bytes)]).count == 1)
    #expect(OutputFile(path: "a", bytes: bytes).knownHash == nil)
    file.bytes.append(0x0A)
    #expect(file.knownHash == nil)
    #expect(
      OutputFile.unchanged(path: "a", hash: ContentHash(bytes)).knownHash == ContentHash(bytes))
  }
}
