import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One HTTP request, waited for: a notice posted to a channel (the notify run sends one
/// message at a time), a contact's photo fetched by `import vcard`.
enum HTTPExchange {
  /// Posts `body` to `url` with `headers`; fails on anything but a 2xx answer, a network
  /// error, or no answer within `timeout` seconds.
  static func send(
    _ body: Data, to url: String, headers: [(String, String)], timeout: TimeInterval = 20
  ) -> Result<Int, NotifyProblem> {
    exchange("POST", url, body: body, headers: headers, timeout: timeout).map(\.status)
  }

  /// The body of a GET of `url`, at most `limit` bytes; fails like `send`.
  static func get(_ url: String, limit: Int, timeout: TimeInterval = 20) -> Result<
    Data, NotifyProblem
  > {
    exchange("GET", url, body: nil, headers: [], timeout: timeout).flatMap { answer in
      answer.data.count <= limit
        ? .success(answer.data)
        : .failure(NotifyProblem("the answer is larger than \(limit >> 20) MB"))
    }
  }

  private static func exchange(
    _ method: String, _ url: String, body: Data?, headers: [(String, String)],
    timeout: TimeInterval
  ) -> Result<(status: Int, data: Data), NotifyProblem> {
    guard let address = URL(string: url), let scheme = address.scheme?.lowercased(),
      scheme == "http" || scheme == "https"
    else { return .failure(NotifyProblem("'\(url)' is not an http or https address")) }
    var request = URLRequest(url: address, timeoutInterval: timeout)
    request.httpMethod = method
    request.httpBody = body
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let answer = Answer()
    let done = DispatchSemaphore(value: 0)
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout
    let session = URLSession(configuration: configuration)
    session.dataTask(with: request) { data, response, error in
      answer.set(data: data, status: (response as? HTTPURLResponse)?.statusCode, error: error)
      done.signal()
    }.resume()
    if done.wait(timeout: .now() + timeout + 5) == .timedOut {
      session.invalidateAndCancel()
      return .failure(NotifyProblem("no answer from \(Self.shown(address)) in \(Int(timeout)) s"))
    }
    session.finishTasksAndInvalidate()
    let (data, status, error) = answer.get()
    if let error {
      return .failure(NotifyProblem("\(Self.shown(address)): \(error.localizedDescription)"))
    }
    guard let status else {
      return .failure(NotifyProblem("no answer from \(Self.shown(address))"))
    }
    guard (200..<300).contains(status) else {
      let text = String(decoding: (data ?? Data()).prefix(200), as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      return .failure(
        NotifyProblem(
          "\(Self.shown(address)) answered \(status)" + (text.isEmpty ? "" : ": \(text)")))
    }
    return .success((status, data ?? Data()))
  }

  /// The address without its path and query (which may hold a secret), for messages.
  static func shown(_ url: URL) -> String {
    (url.scheme ?? "http") + "://" + (url.host ?? "") + (url.port.map { ":\($0)" } ?? "")
  }

  /// The answer, handed from URLSession's thread.
  private final class Answer: @unchecked Sendable {
    private let lock = NSLock()
    private var value: (Data?, Int?, Error?) = (nil, nil, nil)
    func set(data: Data?, status: Int?, error: Error?) {
      lock.withLock { value = (data, status, error) }
    }
    func get() -> (Data?, Int?, Error?) { lock.withLock { value } }
  }
}

/// Why a notice could not be sent.
public struct NotifyProblem: Error, Sendable, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}
