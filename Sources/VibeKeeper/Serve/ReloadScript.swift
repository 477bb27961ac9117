/// The live-reload snippet `serve` adds to the HTML pages it serves (never to the built
/// files): it listens to the server's event stream and reloads the page after a rebuild.
public enum ReloadScript {
  /// Where the event stream is served.
  public static let eventsPath = "/__vibekeeper/events"

  /// The script element.
  public static let element = Array(
    """
    <script>(function(){if(!window.EventSource)return;var s=new EventSource("\(eventsPath)");\
    s.addEventListener("reload",function(){location.reload();});})();</script>
    """.utf8)

  /// `html` with the script before its last `</body>` (any case), or at its end.
  public static func inject(into html: [UInt8]) -> [UInt8] {
    let marker = Array("</body".utf8)
    var i = html.count - marker.count
    while i >= 0 {
      if zip(html[i..<(i + marker.count)], marker).allSatisfy({ a, b in a | 0x20 == b | 0x20 }) {
        return Array(html[..<i]) + element + Array(html[i...])
      }
      i -= 1
    }
    return html + element
  }
}
