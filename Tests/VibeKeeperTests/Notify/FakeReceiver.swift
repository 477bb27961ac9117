import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fake ntfy server or webhook receiver on a free loopback port: it records every
/// request (method, path, headers, body) and answers each with `status` (200 by default).
final class FakeReceiver: @unchecked Sendable {
  struct Request {
    var method: String
    var path: String
    var headers: [String: String]
    var body: Data
    /// The body as a JSON object.
    var json: [String: Any] {
      (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
    }
  }

  private let fd: Int32
  private let lock = NSLock()
  private var recorded: [Request] = []
  private var answer = 200
  /// The port it listens on.
  let port: Int

  init() throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(fd, 16) == 0 else {
      close(fd)
      throw CocoaError(.fileWriteUnknown)
    }
    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    self.fd = fd
    port = Int(UInt16(bigEndian: actual.sin_port))
    let listener = fd
    Thread.detachNewThread { [weak self] in
      while true {
        let client = accept(listener, nil, nil)
        if client < 0 { return }
        self?.serve(client)
      }
    }
  }

  deinit {
    shutdown(fd, Int32(SHUT_RDWR))
    close(fd)
  }

  /// The address, with a path (`http://127.0.0.1:PORT/hook`).
  func url(_ path: String = "") -> String { "http://127.0.0.1:\(port)/" + path }

  /// The requests so far.
  var requests: [Request] { lock.withLock { recorded } }

  /// Answers the next requests with `status`.
  func answer(with status: Int) { lock.withLock { answer = status } }

  /// The body of every answer from now on (`{}` by default).
  func answer(body: [UInt8]) { lock.withLock { replyBody = body } }
  private var replyBody = Array("{}".utf8)

  private func serve(_ client: Int32) {
    defer { close(client) }
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var data: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var headerEnd: Int?
    var length = 0
    while true {
      if let end = headerEnd, data.count >= end + 4 + length { break }
      let n = recv(client, &buffer, buffer.count, 0)
      if n <= 0 { break }
      data += buffer[..<n]
      if headerEnd == nil,
        let end = (0..<max(0, data.count - 3)).first(where: {
          data[$0] == 13 && data[$0 + 1] == 10 && data[$0 + 2] == 13 && data[$0 + 3] == 10
        })
      {
        headerEnd = end
        let head = String(decoding: data[..<end], as: UTF8.self)
        for line in head.components(separatedBy: "\r\n")
        where line.lowercased().hasPrefix("content-length:") {
          length = Int(line.dropFirst(15).trimmingCharacters(in: .whitespaces)) ?? 0
        }
      }
    }
    guard let end = headerEnd else { return }
    let lines = String(decoding: data[..<end], as: UTF8.self).components(separatedBy: "\r\n")
    let first = lines.first?.split(separator: " ") ?? []
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    let body = Data(data[(end + 4)...].prefix(length))
    let (status, reply) = lock.withLock { () -> (Int, [UInt8]) in
      recorded.append(
        Request(
          method: first.first.map(String.init) ?? "",
          path: first.dropFirst().first.map(String.init) ?? "",
          headers: headers, body: body))
      return (answer, replyBody)
    }
    let head = "HTTP/1.1 \(status) X\r\nContent-Length: \(reply.count)\r\nConnection: close\r\n\r\n"
    _ = (Array(head.utf8) + reply).withUnsafeBytes { send(client, $0.baseAddress, $0.count, 0) }
  }
}
