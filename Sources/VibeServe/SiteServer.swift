import Foundation
import HTTPTypes
import Hummingbird
import Logging
import ServiceLifecycle
import VibeKeeper

/// `vibekeeper serve`: serves the published site over HTTP (Hummingbird) while a
/// `RebuildService` keeps it current. The answers come from the library's `SiteResponder`;
/// this adds gzip, the live-reload event stream, request logging and a clean stop on
/// SIGINT or SIGTERM.
public struct SiteServer: Sendable {
  /// Where and how to serve.
  public struct Configuration: Sendable {
    /// The address to listen on (`127.0.0.1`).
    public var host: String
    /// The port (0: any free one; the one taken is printed).
    public var port: Int
    /// The output folder.
    public var output: URL
    /// The folders whose changes trigger a rebuild (the data and templates).
    public var folders: [URL]
    /// Whether pages reload in the browser after a rebuild.
    public var reload = true
    /// Whether each request is logged.
    public var verbose = false
    /// The names a request's `Host` may give (any case, without the port); nil accepts
    /// any. On loopback this defeats DNS rebinding: a web page that points its own name at
    /// 127.0.0.1 cannot read the dashboard.
    public var allowedHosts: Set<String>?
    /// The notifications' action links (`/__vibekeeper/act/TOKEN`): the only thing a
    /// request may write. Nil: such paths are not found.
    public var actions: ActionLinks?
    /// Whether a used action link commits its change to git.
    public var commitActions = false
    /// The notify loop (sends what is due, as `vibekeeper notify` does); nil: off.
    public var notify: NotifyRun?

    /// A configuration.
    public init(host: String, port: Int, output: URL, folders: [URL]) {
      self.host = host
      self.port = port
      self.output = output
      self.folders = folders
    }
  }

  let configuration: Configuration
  let clock: @Sendable () -> Date
  let rebuild: Rebuild
  let log: @Sendable (String) -> Void

  /// A server that rebuilds with `rebuild` at `clock`'s "now" and prints with `log`.
  public init(
    _ configuration: Configuration, clock: @escaping @Sendable () -> Date,
    rebuild: @escaping Rebuild,
    log: @escaping @Sendable (String) -> Void
  ) {
    self.configuration = configuration
    self.clock = clock
    self.rebuild = rebuild
    self.log = log
  }

  /// Whether `host` is a loopback address (only this machine can connect).
  public static func isLoopback(_ host: String) -> Bool {
    host == "localhost" || host == "::1" || host.hasPrefix("127.")
  }

  /// Serves until SIGINT or SIGTERM. `first` is what the first build came to (its "now"
  /// and when that changes next).
  public func run(first: Rebuilt) async throws {
    let hub = ReloadHub()
    var responder = SiteResponder(root: configuration.output.standardizedFileURL.path)
    responder.injectsReload = configuration.reload
    let site = responder
    let reload = configuration.reload
    let verbose = configuration.verbose
    let log = self.log
    let allowedHosts = configuration.allowedHosts
    let actions = configuration.actions
    let commitActions = configuration.commitActions
    let clock = self.clock
    let handler = CallbackResponder<BasicRequestContext> { request, _ in
      let started = ContinuousClock.now
      let target = request.head.path ?? "/"
      let response: Response
      var size = 0
      var status = 200
      if let allowed = allowedHosts,
        !allowed.contains(SiteServer.hostName(request.head.authority))
      {
        status = 421
        response = Response(
          status: .misdirectedRequest, headers: [.contentType: "text/plain; charset=utf-8"],
          body: ResponseBody(
            byteBuffer: ByteBuffer(
              string: "This server answers to \(allowed.sorted().joined(separator: ", ")) only.\n"))
        )
      } else if let token = ActionLinks.token(inPath: target) {
        let answer = await SiteServer.action(
          token, method: request.method, links: actions, commit: commitActions, now: clock())
        status = answer.status
        size = answer.body.count
        response = SiteServer.response(answer, head: request.method == .head)
      } else if reload, request.method == .get || request.method == .head,
        target.split(separator: "?").first.map(String.init) == ReloadScript.eventsPath
      {
        // HEAD: the stream's headers, and no subscription.
        response =
          request.method == .head
          ? Response(
            status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"])
          : SiteServer.events(await hub.subscribe())
      } else {
        var headers: [String: String] = [:]
        for field in request.headers {
          headers[field.name.canonicalName] = field.value
        }
        var answer = site.respond(
          method: request.method.rawValue, target: target, headers: headers)
        // A 304 carries the tag the 200 it stands for had: the compressed one, when that
        // is what the client holds.
        if answer.status == 304, Gzip.isAccepted(headers["accept-encoding"]),
          let i = answer.headers.firstIndex(where: { $0.0 == "ETag" })
        {
          let packed = String(answer.headers[i].1.dropLast()) + "-gz\""
          if headers["if-none-match"]?.contains(packed) == true { answer.headers[i].1 = packed }
        }
        if answer.compressible, Gzip.isAccepted(headers["accept-encoding"]),
          let packed = Gzip.compress(answer.body), packed.count < answer.body.count
        {
          answer.body = packed
          answer.headers = answer.headers.map { h in
            switch h.name {
            case "Content-Length": (h.name, String(packed.count))
            case "ETag": (h.name, String(h.value.dropLast()) + "-gz\"")
            default: h
            }
          }
          answer.headers.append(("Content-Encoding", "gzip"))
        }
        status = answer.status
        size = answer.body.count
        response = SiteServer.response(answer, head: request.method == .head)
      }
      if verbose {
        // Whole seconds count too (an answer that took over a second).
        let ms = (ContinuousClock.now - started).seconds * 1000
        log(
          "\(request.method.rawValue) \(LoggedPath.masked(target)) \(status) \(size) bytes \(String(format: "%.1f", ms)) ms"
        )
      }
      return response
    }
    var logger = Logger(label: "vibekeeper.serve")
    logger.logLevel = .critical
    let port = configuration.port
    let host = configuration.host
    let app = Application(
      responder: handler,
      // A connection that sends nothing is closed after a while, so idle sockets cannot
      // pile up until the process runs out of file descriptors (a stream of reload events
      // is a request in progress, never idle).
      server: .http1(configuration: .init(idleTimeout: .seconds(30))),
      configuration: .init(address: .hostname(host, port: port), serverName: nil),
      onServerRunning: { channel in
        let bound = channel.localAddress?.port ?? port
        let shown = host.contains(":") ? "[\(host)]" : host
        log("Serving at http://\(shown):\(bound)/ (Ctrl-C to stop)")
        // Every address: other devices reach this machine at one of its own.
        if host == "0.0.0.0" || host == "::" || host == "0" {
          for address in LocalAddresses.ipv4() {
            log("  on this network: http://\(address):\(bound)/")
          }
        }
      },
      logger: logger)
    // Watching before the server says it serves: a file saved after that is seen.
    let rebuilds = RebuildService(
      watcher: FolderWatcher(configuration.folders), output: configuration.output, clock: clock,
      rebuild: rebuild, first: first, hub: hub, log: log)
    var services: [any Service] = [app, rebuilds]
    if let notify = configuration.notify {
      services.append(NotifyService(run: notify, clock: clock, log: log))
    }
    // Shut down in reverse order: the notify loop, the rebuilds (and the browsers' event
    // streams), then the server, which then has no open stream to wait for.
    let group = ServiceGroup(
      configuration: .init(
        services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
    try await group.run()
  }

  /// The answer to a request for an action link: a GET shows what it would record, a
  /// POST records it (on a thread of its own: it writes and may commit).
  static func action(
    _ token: String, method: HTTPRequest.Method, links: ActionLinks?, commit: Bool, now: Date
  ) async -> ServedResponse {
    guard let links else {
      return ActionPage.response(
        .init(status: 404, title: "Not found", message: "Action links are off on this server."))
    }
    switch method {
    case .get, .head:
      return ActionPage.response(links.preview(token: token, now: now))
    case .post:
      let answer = await RebuildService.offThread {
        links.use(token: token, now: now, commit: commit)
      }
      return ActionPage.response(answer)
    default:
      var answer = ActionPage.response(
        .init(status: 405, title: "Not allowed", message: "Use the button on the page."))
      answer.headers.append(("Allow", "GET, HEAD, POST"))
      return answer
    }
  }

  /// The host name of a `Host` header or authority, lower-cased, without the port.
  static func hostName(_ authority: String?) -> String {
    guard var host = authority?.lowercased() else { return "" }
    if host.hasPrefix("[") {
      return host.firstIndex(of: "]").map { String(host[...$0]) } ?? host
    }
    if let colon = host.lastIndex(of: ":") { host = String(host[..<colon]) }
    return host
  }

  /// The Hummingbird response for an answer (no body for HEAD).
  static func response(_ answer: ServedResponse, head: Bool) -> Response {
    var fields = HTTPFields()
    for (name, value) in answer.headers {
      if let n = HTTPField.Name(name) { fields.append(HTTPField(name: n, value: value)) }
    }
    let body =
      head || answer.status == 304
      ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body))
    return Response(status: HTTPResponse.Status(code: answer.status), headers: fields, body: body)
  }

  /// The event stream of one browser: a comment at once (so it knows it is connected),
  /// then `event: reload` after each rebuild.
  static func events(_ stream: AsyncStream<String>) -> Response {
    let body = ResponseBody { writer in
      try await writer.write(ByteBuffer(string: "retry: 1000\n: connected\n\n"))
      for await data in stream {
        try await writer.write(ByteBuffer(string: "event: reload\ndata: \(data)\n\n"))
      }
      try await writer.finish(nil)
    }
    return Response(
      status: .ok,
      headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"], body: body)
  }
}
