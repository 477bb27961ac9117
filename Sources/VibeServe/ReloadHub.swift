/// The browsers listening for rebuilds (server-sent events at `ReloadScript.eventsPath`):
/// each gets a stream that carries one event per successful rebuild, and ends when the
/// server stops (so a graceful stop never waits on a page left open).
actor ReloadHub {
  private var listeners: [Int: AsyncStream<String>.Continuation] = [:]
  private var next = 0
  private var finished = false

  /// A new listener's events.
  func subscribe() -> AsyncStream<String> {
    let (stream, continuation) = AsyncStream<String>.makeStream()
    guard !finished else {
      continuation.finish()
      return stream
    }
    let id = next
    next += 1
    listeners[id] = continuation
    continuation.onTermination = { _ in Task { await self.remove(id) } }
    return stream
  }

  private func remove(_ id: Int) { listeners[id] = nil }

  /// Sends `event` to every listener.
  func broadcast(_ event: String) {
    for continuation in listeners.values { continuation.yield(event) }
  }

  /// How many browsers listen.
  var count: Int { listeners.count }

  /// Ends every stream, now and for later listeners.
  func finish() {
    finished = true
    for continuation in listeners.values { continuation.finish() }
    listeners = [:]
  }
}
