import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real `vibekeeper serve` on a free loopback port, for the tests: started in a folder,
/// asked over a raw socket (so any bytes can go into the request target), and stopped with
/// a signal.
final class ServeProcess: @unchecked Sendable {
  let process = Process()
  private let output = Pipe()
  private let lock = NSLock()
  private var text = ""
  /// The port it listens on.
  private(set) var port = 0

  /// Starts `vibekeeper serve --port 0 ARGUMENTS` in `folder` and waits until it listens.
  init(_ arguments: [String], in folder: URL) throws {
    process.executableURL = CLI.executable
    process.arguments = ["serve", "--port", "0"] + arguments
    process.currentDirectoryURL = folder
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    output.fileHandleForReading.readabilityHandler = { [weak self] handle in
      let data = handle.availableData
      guard let self, !data.isEmpty else { return }
      self.lock.withLock { self.text += String(decoding: data, as: UTF8.self) }
    }
    try process.run()
    let started = Date()
    while port == 0, Date().timeIntervalSince(started) < 60, process.isRunning {
      if let range = log.range(
        of: #"Serving at http://127\.0\.0\.1:(\d+)/"#, options: .regularExpression)
      {
        port = Int(log[range].split(separator: ":").last?.dropLast() ?? "") ?? 0
      } else {
        Thread.sleep(forTimeInterval: 0.05)
      }
    }
    if port == 0 {
      stop()
      throw ServeError(description: "serve did not start:\n\(log)")
    }
  }

  struct ServeError: Error, CustomStringConvertible { let description: String }

  /// What it printed so far (standard output and error).
  var log: String { lock.withLock { text } }

  /// Waits until `log` holds `text` (at most `seconds`); whether it did.
  func waitFor(_ text: String, seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if log.contains(text) { return true }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return log.contains(text)
  }

  /// Sends `signal` and waits for the exit (at most `seconds`); the exit status, nil when
  /// it did not stop (then it is killed).
  @discardableResult
  func stop(_ signal: Int32 = SIGTERM, seconds: Double = 10) -> Int32? {
    guard process.isRunning else { return process.terminationStatus }
    kill(process.processIdentifier, signal)
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    guard !process.isRunning else {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      return nil
    }
    return process.terminationStatus
  }

  deinit { stop(SIGKILL) }

  /// A raw HTTP/1.1 client of a port on loopback.
  struct Client {
    let port: Int

    /// One answer.
    struct Answer {
      var status: Int
      var headers: [String: String]
      var body: [UInt8]
      var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Sends `method target` with `headers` (the target's bytes as given) and reads the
    /// answer; nil when the connection failed or the server closed it without one.
    func request(_ target: [UInt8], method: String = "GET", headers: [String: String] = [:])
      -> Answer?
    {
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      guard fd >= 0 else { return nil }
      defer { close(fd) }
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = in_port_t(UInt16(port).bigEndian)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard connected == 0 else { return nil }
      var timeout = timeval(tv_sec: 10, tv_usec: 0)
      setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      var bytes = Array("\(method) ".utf8) + target + Array(" HTTP/1.1\r\n".utf8)
      if headers["Host"] == nil { bytes += Array("Host: localhost\r\n".utf8) }
      for (k, v) in headers { bytes += Array("\(k): \(v)\r\n".utf8) }
      bytes += Array("Connection: close\r\n\r\n".utf8)
      _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
      var reply: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        let n = recv(fd, &buffer, buffer.count, 0)
        if n <= 0 { break }
        reply += buffer[..<n]
      }
      let separator = Array("\r\n\r\n".utf8)
      guard
        let end = (0..<max(0, reply.count - 3)).first(where: {
          reply[$0..<($0 + 4)].elementsEqual(separator)
        })
      else { return nil }
      let head = String(decoding: reply[..<end], as: UTF8.self).components(separatedBy: "\r\n")
      guard let status = head.first?.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
      else { return nil }
      var fields: [String: String] = [:]
      for line in head.dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { continue }
        fields[line[..<colon].lowercased()] = line[line.index(after: colon)...]
          .trimmingCharacters(in: .whitespaces)
      }
      return Answer(status: status, headers: fields, body: Array(reply[(end + 4)...]))
    }

    /// `GET path` (or another method).
    func get(_ path: String, method: String = "GET", headers: [String: String] = [:]) -> Answer? {
      request(Array(path.utf8), method: method, headers: headers)
    }
  }

  /// Sends a request to the server (see `Client.request`).
  func request(_ target: [UInt8], method: String = "GET", headers: [String: String] = [:])
    -> Answer?
  {
    Client(port: port).request(target, method: method, headers: headers)
  }

  /// `GET path` (or another method).
  func get(_ path: String, method: String = "GET", headers: [String: String] = [:]) -> Answer? {
    Client(port: port).get(path, method: method, headers: headers)
  }

  typealias Answer = Client.Answer
}
