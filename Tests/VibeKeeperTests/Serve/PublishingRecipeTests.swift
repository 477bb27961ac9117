import Foundation
import Testing

@testable import VibeKeeper

/// docs/publishing.md's recipes, run for real where this machine can: the cron line's
/// build, the rsync script, the flags of the systemd unit's `serve`, the GitHub workflow's
/// shape, and nginx in front of `serve` with a password.
@Suite(.serialized) struct PublishingRecipeTests {
  static let doc = repositoryRoot.appendingPathComponent("docs/publishing.md")

  /// The fenced block after `<!-- recipe: NAME -->`.
  static func recipe(_ name: String) throws -> String {
    let text = try String(contentsOf: doc, encoding: .utf8)
    let marker = try #require(text.range(of: "<!-- recipe: \(name) -->\n"))
    let rest = text[marker.upperBound...]
    let open = try #require(rest.range(of: "\n"))
    #expect(rest.hasPrefix("```"))
    let close = try #require(rest.range(of: "\n```", range: open.upperBound..<rest.endIndex))
    return String(rest[open.upperBound..<close.lowerBound]) + "\n"
  }

  /// A household to build, and the recipe's paths turned into places in `folder`.
  static func localized(_ text: String, _ folder: URL) -> String {
    text.replacingOccurrences(of: "/usr/local/bin/vibekeeper", with: CLI.executable.path)
      .replacingOccurrences(of: "/home/household/household/data", with: folder.path + "/data")
      .replacingOccurrences(of: "/home/household/site", with: folder.path + "/site")
      .replacingOccurrences(of: "/var/www/household", with: folder.path + "/www")
      .replacingOccurrences(of: "/var/lib/vibekeeper/site", with: folder.path + "/served")
      .replacingOccurrences(
        of: "household@web.example.org:" + folder.path + "/www/", with: folder.path + "/copy/")
  }

  static let household = [
    "data/vibekeeper.yml": "timezone: Europe/Berlin\ntitle: Recipes\n",
    "data/contacts/ana.md": "---\nname: Ana\nbirthday: 1990-05-01\n---\n",
  ]

  @Test func everyRecipeIsThere() throws {
    for name in ["systemd", "cron", "rsync", "github-actions", "nginx", "nginx-local", "tailscale"]
    {
      #expect(try !Self.recipe(name).isEmpty, "\(name)")
    }
  }

  @Test func theCronLineBuildsTheSite() throws {
    let folder = try TempFolder(Self.household)
    defer { folder.cleanup() }
    let lines = try Self.recipe("cron").split(separator: "\n").filter { !$0.hasPrefix("#") }
    #expect(lines.count == 1)
    let fields = lines[0].split(separator: " ", maxSplits: 5).map(String.init)
    let ranges = [0...59, 0...23, 1...31, 1...12, 0...7]
    for (field, range) in zip(fields.prefix(5), ranges) where field != "*" {
      #expect(Int(field).map(range.contains) ?? false, "\(field)")
    }
    let command = Self.localized(fields[5], folder.url)
    let r = try CLI.shell(command, in: folder.url)
    #expect(r.status == 0)
    #expect(FileManager.default.fileExists(atPath: folder.url.path + "/www/index.html"))
  }

  @Test func theRsyncScriptCopiesEveryFile() throws {
    guard toolExists("rsync") else { return missingTool("rsync") }
    let folder = try TempFolder(Self.household)
    defer { folder.cleanup() }
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("copy"), withIntermediateDirectories: true)
    let script = Self.localized(try Self.recipe("rsync"), folder.url)
    #expect(script.contains(folder.url.path + "/copy/"), "\(script)")
    let r = try CLI.shell(script, in: folder.url)
    #expect(r.status == 0)
    let built = SiteFixture.files(folder.url.appendingPathComponent("site"))
    #expect(!built.isEmpty)
    #expect(SiteFixture.files(folder.url.appendingPathComponent("copy")) == built)
  }

  @Test func theSystemdUnitsServeCommandRuns() throws {
    let folder = try TempFolder(Self.household)
    defer { folder.cleanup() }
    let unit = try Self.recipe("systemd")
    let exec = try #require(unit.split(separator: "\n").first { $0.hasPrefix("ExecStart=") })
    var arguments = Self.localized(String(exec.dropFirst("ExecStart=".count)), folder.url)
      .split(separator: " ").map(String.init).dropFirst(2)  // the program and `serve`
    if let p = arguments.firstIndex(of: "--port") {
      arguments.remove(at: p + 1)
      arguments.remove(at: p)
    }
    let serve = try ServeProcess(Array(arguments), in: folder.url)
    #expect(serve.get("/")?.status == 200)
    #expect(serve.stop() == 0)
    for line in [
      "User=household", "Restart=on-failure", "NoNewPrivileges=yes", "ProtectSystem=strict",
    ] {
      #expect(unit.contains(line))
    }
    // The unit's output folder is the only one it may write.
    #expect(unit.contains("ReadWritePaths=/var/lib/vibekeeper /home/household/household/data"))
    #expect(unit.contains("Environment=VIBEKEEPER_STATE_HOME=/var/lib/vibekeeper/state"))
  }

  @Test func theWorkflowHasWhatPagesNeeds() throws {
    let workflow = try Self.recipe("github-actions")
    let (node, diagnostics) = YAMLReader(file: "pages.yml", lineOffset: 0).read(Substring(workflow))
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    #expect(node != nil)
    for needle in [
      "pages: write", "id-token: write", "fetch-depth: 0", "actions/upload-pages-artifact@",
      "actions/deploy-pages@", "environment:", "name: github-pages", "cron:",
      "vibekeeper build --data data --output _site", "libcmark-dev", "zlib1g-dev",
    ] {
      #expect(workflow.contains(needle), "\(needle)")
    }
  }

  /// nginx in front of the real `serve`: no password, no page; with it, the site and the
  /// reload stream pass through.
  @Test func nginxAsksForThePasswordAndPassesTheSiteThrough() throws {
    guard toolExists("nginx") else { return missingTool("nginx (nginx-light)") }
    let folder = try TempFolder(Self.household)
    defer { folder.cleanup() }
    let serve = try ServeProcess(["--now", "2026-11-24T10:00"], in: folder.url)
    defer { serve.stop() }
    let port = try Self.freePort()
    let prefix = folder.url.appendingPathComponent("nginx").path
    try FileManager.default.createDirectory(
      atPath: prefix + "/logs", withIntermediateDirectories: true)
    try "household:{PLAIN}correct horse\n".write(
      toFile: prefix + "/htpasswd", atomically: true, encoding: .utf8)
    let server = try Self.recipe("nginx-local")
      .replacingOccurrences(of: "127.0.0.1:8081", with: "127.0.0.1:\(port)")
      .replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:\(serve.port)")
      .replacingOccurrences(of: "/etc/nginx/vibekeeper.htpasswd", with: prefix + "/htpasswd")
    let config = """
      daemon off;
      pid \(prefix)/nginx.pid;
      error_log \(prefix)/logs/error.log;
      events {}
      http {
        access_log off;
        client_body_temp_path \(prefix)/body;
        proxy_temp_path \(prefix)/proxy;
        fastcgi_temp_path \(prefix)/fastcgi;
        uwsgi_temp_path \(prefix)/uwsgi;
        scgi_temp_path \(prefix)/scgi;
      \(server)
      }
      """
    try config.write(toFile: prefix + "/nginx.conf", atomically: true, encoding: .utf8)
    let test = try CLI.shell("nginx -t -p \(prefix) -c \(prefix)/nginx.conf 2>&1", in: folder.url)
    #expect(test.status == 0, "\(test.stdout)")
    let nginx = Process()
    nginx.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    nginx.arguments = ["nginx", "-p", prefix, "-c", prefix + "/nginx.conf"]
    nginx.standardOutput = FileHandle.nullDevice
    nginx.standardError = FileHandle.nullDevice
    try nginx.run()
    defer {
      nginx.terminate()
      nginx.waitUntilExit()
    }
    let proxy = try ServeProcess.Client(port: port)
    var answer = proxy.get("/")
    let deadline = Date().addingTimeInterval(5)
    while answer == nil, Date() < deadline {
      Thread.sleep(forTimeInterval: 0.1)
      answer = proxy.get("/")
    }
    #expect(answer?.status == 401)
    let auth = "Basic " + Data("household:correct horse".utf8).base64EncodedString()
    let page = proxy.get("/", headers: ["Authorization": auth])
    #expect(page?.status == 200)
    #expect(page?.text.contains("Recipes") ?? false)
    #expect(proxy.get("/calendar.ics", headers: ["Authorization": auth])?.status == 200)
    // An action link needs no password (serve itself refuses an unknown one)...
    let link = "/__vibekeeper/act/" + String(repeating: "0", count: 32)
    #expect(proxy.get(link, method: "POST")?.status == 404)
    // ...and nothing else gets through without one.
    #expect(proxy.get("/__vibekeeper/actx", method: "POST")?.status == 401)
    #expect(
      proxy.get(
        "/",
        headers: ["Authorization": "Basic " + Data("household:wrong".utf8).base64EncodedString()])?
        .status == 401)
  }

  /// A port nobody listens on now.
  static func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    _ = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}
