import Testing

@testable import VibeKeeper

@Suite struct DataFolderPathTests {
  @Test(arguments: [
    ("data", ""), ("a/b", "a"), (".", ".."), ("./", ".."), ("../x", ".."), ("..", "../.."),
    ("/srv/data", "/srv"), ("/x", "/"), ("data/", ""), ("a/./", ""),
  ])
  func parents(_ path: String, _ parent: String) {
    #expect(DataFolderPath.parent(of: path) == parent, "\(path)")
  }
}
