/// Paths as the user wrote them (`data`, `.`, `../life`, `/srv/data`), worked on as text so
/// messages show them the way they were typed.
public enum DataFolderPath {
  /// The folder that holds `path`, as typed: `data` gives `` (the current folder), `a/b`
  /// gives `a`, `.` gives `..`, `../x` gives `..`, `/srv/data` gives `/srv`, `/x` gives `/`.
  public static func parent(of path: String) -> String {
    var p = path
    while p.count > 1, p.hasSuffix("/") { p.removeLast() }
    while p.hasSuffix("/.") { p.removeLast(2) }
    if p == "." || p.isEmpty { return ".." }
    if p == ".." || p.hasSuffix("/..") { return p + "/.." }
    guard let slash = p.lastIndex(of: "/") else { return "" }
    let head = String(p[..<slash])
    return head.isEmpty ? "/" : head
  }
}
