import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One answer of the site server, before it goes on the wire.
public struct ServedResponse: Sendable {
  /// The status code.
  public var status: Int
  /// Headers, in order.
  public var headers: [(name: String, value: String)]
  /// The body (empty for `304`; for `HEAD` the server sends none, and `Content-Length`
  /// says the full length).
  public var body: [UInt8]
  /// Whether gzip would make the body smaller (a text type of some size).
  public var compressible = false

  /// The value of the header `name` (any case).
  public func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }
}

/// Answers requests for the files of a published site: a pure function of the request and
/// the output folder, so the HTTP server around it (`VibeServe`) stays thin. It serves
/// regular files inside the output only (links resolved, never outside it), a folder's
/// `index.html` (never a listing), with the right type, `ETag`, `Last-Modified`, `304` on
/// conditional requests, and `HEAD`.
public struct SiteResponder: Sendable {
  /// The output folder.
  public let root: String
  /// Whether HTML pages get the live-reload script (`ReloadScript`).
  public var injectsReload = false
  /// The time of answering (the wall clock): a file changed within its second gets no
  /// `Last-Modified`.
  public var clock: @Sendable () -> Date = { Date() }

  /// A responder for the site in `root`.
  public init(root: String) {
    self.root = root
  }

  /// The answer to `method` `target` with the request's `headers` (names in any case).
  public func respond(method: String, target: String, headers: [String: String])
    -> ServedResponse
  {
    let head = method == "HEAD"
    guard method == "GET" || head else {
      return plain(405, "Only GET and HEAD are served.", extra: [("Allow", "GET, HEAD")])
    }
    let path: (segments: [String], trailingSlash: Bool)
    do {
      path = try ServedPath.segments(of: target)
    } catch .hidden {
      return plain(404, "Not found.")
    } catch {
      return plain(400, "Bad request.")
    }
    let realRoot = FileCalls.realPath(root) ?? root
    // What a link in the output leads to is held to the same rules as a path asked for:
    // inside the output, and no hidden name (the manifest, the build state).
    func servable(_ real: String) -> Bool {
      (real == realRoot || real.hasPrefix(realRoot + "/"))
        && !real.dropFirst(realRoot.count).split(separator: "/").contains { $0.hasPrefix(".") }
    }
    var file = ([realRoot] + path.segments).joined(separator: "/")
    guard let real = FileCalls.realPath(file), servable(real) else {
      return plain(404, "Not found.")
    }
    var info = stat()
    guard stat(real, &info) == 0 else { return plain(404, "Not found.") }
    if info.st_mode & S_IFMT == S_IFDIR {
      guard path.trailingSlash || path.segments.isEmpty else {
        let location = "/" + path.segments.map(Self.encode).joined(separator: "/") + "/"
        return plain(301, "Moved.", extra: [("Location", location)])
      }
      file = real + "/index.html"
      guard let index = FileCalls.realPath(file), index.hasPrefix(realRoot + "/"),
        servable(index), stat(index, &info) == 0
      else { return plain(404, "Not found.") }
      file = index
    } else {
      // `page.html/` is not a folder: its relative links would all be wrong.
      guard !path.trailingSlash else { return plain(404, "Not found.") }
      file = real
    }
    guard info.st_mode & S_IFMT == S_IFREG else { return plain(404, "Not found.") }
    return serve(file, info: info, headers: headers)
  }

  private func serve(_ file: String, info: stat, headers: [String: String])
    -> ServedResponse
  {
    let type = ContentTypes.of(file)
    let isHTML = type.hasPrefix("text/html")
    let inject = injectsReload && isHTML
    #if canImport(Darwin)
      let modified = Int(info.st_mtimespec.tv_sec)
      let nanos = Int(info.st_mtimespec.tv_nsec)
    #else
      let modified = Int(info.st_mtim.tv_sec)
      let nanos = Int(info.st_mtim.tv_nsec)
    #endif
    // Bit patterns: a file dated before 1970 (one of yours, carried over) must not trap.
    let tag = [
      UInt64(info.st_ino), UInt64(bitPattern: Int64(info.st_size)),
      UInt64(bitPattern: Int64(modified)), UInt64(bitPattern: Int64(nanos)),
    ].map { String($0, radix: 16) }.joined(separator: "-")
    let etag = "\"\(tag)\(inject ? "-r" : "")\""
    // A file changed within the second it is served in may change again within that
    // second, under the same date: its date validates nothing then (RFC 9110 §8.8.2.2), so
    // it is not sent, and only the ETag says which version the client has.
    let dated = modified < Int(clock().timeIntervalSince1970.rounded(.down))
    var out: [(String, String)] = [("Content-Type", type), ("ETag", etag)]
    if dated { out.append(("Last-Modified", HTTPDate.format(modified))) }
    out += [
      ("Cache-Control", "no-cache"),
      ("X-Content-Type-Options", "nosniff"),
      // A secret feed address must never leave in a Referer header.
      ("Referrer-Policy", "no-referrer"),
    ]
    if ContentTypes.isCompressible(type) { out.append(("Vary", "Accept-Encoding")) }
    let lowered = Dictionary(
      headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
    if ConditionalRequest.notModified(
      ifNoneMatch: lowered["if-none-match"], ifModifiedSince: lowered["if-modified-since"],
      etag: etag, lastModified: dated ? modified : nil)
    {
      return ServedResponse(status: 304, headers: out, body: [])
    }
    guard var body = FileManager.default.contents(atPath: file).map({ [UInt8]($0) }) else {
      return plain(404, "Not found.")
    }
    if inject { body = ReloadScript.inject(into: body) }
    out.append(("Content-Length", String(body.count)))
    // A HEAD answer has the GET answer's headers; the server sends no body for it.
    return ServedResponse(
      status: 200, headers: out, body: body,
      compressible: ContentTypes.isCompressible(type) && body.count >= 256)
  }

  /// A short text answer.
  private func plain(_ status: Int, _ text: String, extra: [(String, String)] = [])
    -> ServedResponse
  {
    let body = Array((text + "\n").utf8)
    return ServedResponse(
      status: status,
      headers: [
        ("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", String(body.count)),
        ("X-Content-Type-Options", "nosniff"), ("Cache-Control", "no-cache"),
      ] + extra,
      body: body)
  }

  /// A segment percent-encoded for a `Location` header.
  static func encode(_ segment: String) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "/?#")
    return segment.addingPercentEncoding(withAllowedCharacters: allowed) ?? segment
  }
}
