import ArgumentParser
import Foundation
import VibeKeeper
import VibeServe

/// `vibekeeper serve`: build, serve, and keep the site and feeds current.
struct ServeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Build and serve the site over HTTP, rebuilding whenever it would change.",
    discussion: """
      Rebuilds when the data or templates change, at every local midnight, and at each \
      moment that changes what "now" shows (a dose coming due or missed, a streak \
      reminder's time), so pages and feeds are never stale. Pages reload in the browser \
      after each rebuild (not with --no-reload). A failed rebuild keeps serving the last \
      good site. With notify channels in the settings it also sends the notifications \
      that come due (as `vibekeeper notify` does, sharing its state) and answers their \
      action buttons (the only requests that write: one line through the same writer as \
      `done`), unless --no-notify. Listens on 127.0.0.1 (this machine only) unless --host says otherwise; \
      there is no TLS and no login: see docs/publishing.md before serving a network. \
      --now starts the clock at that moment; it then runs on. The site goes to _serve/ \
      unless --output says otherwise (never the folder `build` publishes: on loopback the \
      dashboard shows the secret feed addresses). Stop with Ctrl-C.

      Examples:
        vibekeeper serve
        vibekeeper serve --data ~/household --port 8080 --verbose
        vibekeeper serve --host 0.0.0.0 --no-reload
      """)

  @OptionGroup var options: BuildOptions
  @Option(help: ArgumentHelp("The address to listen on.", valueName: "ADDRESS"))
  var host = "127.0.0.1"
  @Option(help: ArgumentHelp("The port (0: any free port).", valueName: "PORT"))
  var port = 8080
  @Flag(help: "Do not reload pages in the browser after a rebuild.")
  var noReload = false
  @Flag(help: "Do not send notifications (the notify loop), nor answer action links.")
  var noNotify = false
  @OptionGroup var stateOptions: StateOptions

  func validate() throws {
    guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535") }
  }

  func run() throws {
    // Any free port is taken now, so the site knows its own address from the first build.
    let port = self.port == 0 ? FreePort.on(host) ?? 0 : self.port
    let loopback = SiteServer.isLoopback(host)
    if !loopback {
      Terminal.error(
        """
        warning: serving on \(host): every device that can reach this machine can read the \
        site and the feeds (medication, birthdays, spending). There is no TLS and no login, \
        and any host name is answered (a web page elsewhere could reach it through its own \
        name); put it behind a VPN or a reverse proxy with HTTPS and a password \
        (docs/publishing.md).

        """)
      if options.local {
        Terminal.error(
          """
          warning: --local on \(host): the dashboard shows the secret feed addresses, so every \
          device that can reach this port can subscribe to them. Serve on 127.0.0.1 to scan \
          the QR codes, or leave out --local.

          """)
      }
    }
    // A folder of its own: on loopback its dashboard shows the secret feed addresses, so
    // it must never be the folder that `build` publishes.
    var own = self.options
    if own.outputOption == nil { own.outputOption = "_serve" }
    let options = own
    try options.requireUsableOutput()
    let shown = host.contains(":") ? "[\(host)]" : host
    let served = loopback && port != 0 ? "http://\(shown):\(port)/" : nil
    let configure: @Sendable (inout SiteBuild) -> Void = { build in
      build.servedAt = served
      build.showsSecretAddresses = loopback || options.local
    }
    var kept: SiteBuild.Kept? = SiteBuild.Kept()
    // The first build runs at --now (or the clock); from there the clock runs on.
    let started = Date()
    let first = try options.buildOnce(kept: &kept, at: nil, configure: configure)
    // A rebuild with an error the site being served does not have keeps that site.
    let servedErrors = LockedBox(first.outcome.errorCounts)
    let settings = first.outcome.household.settings
    let offset =
      options.nowOptions.now == nil
      ? 0 : (first.outcome.now ?? started).timeIntervalSince(started)
    let clock: @Sendable () -> Date = { Date().addingTimeInterval(offset) }
    let state = LockedBox(kept)
    var setup = SiteServer.Configuration(
      host: host, port: port, output: URL(fileURLWithPath: options.outputFolder),
      folders: [URL(fileURLWithPath: options.dataOptions.data)]
        + (options.templateFolder.map { [URL(fileURLWithPath: $0)] } ?? []))
    setup.reload = !noReload
    setup.verbose = options.verbose
    if loopback {
      // The loopback names and the site's own (a reverse proxy passes the public host on),
      // and the one the phones' action buttons use.
      var hosts: Set<String> = ["127.0.0.1", "localhost", "[::1]", host.lowercased()]
      for address in [settings.baseURL, settings.notify.actionURL].compactMap({ $0 }) {
        if let name = URL(string: address)?.host { hosts.insert(name.lowercased()) }
      }
      setup.allowedHosts = hosts
    }
    if !noNotify {
      let data = options.dataOptions.data
      let notifyState = stateOptions.notifyState(data: data)
      let root = URL(fileURLWithPath: data)
      setup.actions = ActionLinks(state: notifyState, root: root, displayRoot: data)
      setup.commitActions = settings.notify.commit
      if !settings.notify.channels.isEmpty {
        setup.notify = NotifyRun(
          root: root, displayRoot: data, state: notifyState,
          environment: ProcessInfo.processInfo.environment)
      }
    }
    let server = SiteServer(
      setup, clock: clock,
      rebuild: { at, cause, whenLive in
        var kept = state.take()
        // Held until the reload event is sent (`Rebuilt.leftovers`): the build replaces it.
        let previous = kept
        defer { state.put(kept) }
        let errors = servedErrors.take()
        guard
          let (result, outcome) = try? options.buildOnce(
            prefix: "Rebuilt", kept: &kept, at: at,
            configure: {
              configure(&$0)
              // Only an edit is held to the served site's errors (a typo as it is saved);
              // when only the time moved on, the site follows the clock.
              $0.servedErrors = cause.edited ? errors : nil
              $0.changedFiles = cause.changedFiles
              $0.whenLive = whenLive
            })
        else {
          servedErrors.put(errors)
          return Rebuilt(published: false, nextChange: nil)
        }
        guard case .published = result else {
          servedErrors.put(errors)
          Terminal.error("The last good site is still served.\n")
          return Rebuilt(published: false, nextChange: outcome.nextChange, now: outcome.now)
        }
        servedErrors.put(outcome.errorCounts)
        return Rebuilt(
          published: true, nextChange: outcome.nextChange, now: outcome.now,
          leftovers: [previous as any Sendable, outcome])
      },
      log: { Terminal.out($0 + "\n") })
    let done = DispatchSemaphore(value: 0)
    let failure = LockedBox<String>(nil)
    Task {
      do {
        try await server.run(
          first: Rebuilt(
            published: true, nextChange: first.outcome.nextChange, now: first.outcome.now))
      } catch {
        failure.put("\(error)")
      }
      done.signal()
    }
    done.wait()
    if let message = failure.take() {
      Terminal.error("error: cannot serve on \(host):\(port): \(message)\n")
      throw ExitCode(1)
    }
    Terminal.out("Stopped.\n")
  }
}

/// A value handed between the threads of `serve` (the cache between rebuilds, which run one
/// at a time; the server's failure).
final class LockedBox<T>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: T?
  init(_ value: T?) { self.value = value }
  func take() -> T? { lock.withLock { value } }
  func put(_ new: T?) { lock.withLock { value = new } }
}
