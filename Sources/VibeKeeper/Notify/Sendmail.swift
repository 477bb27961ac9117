import Foundation

/// Mail handed to the system's `sendmail` (`sendmail -oi -t`: the recipients are read from
/// the message's own headers), as cron, mutt and every MTA understand it.
enum Sendmail {
  /// Where `sendmail` is looked for when the channel names none: `PATH`, then the places
  /// MTAs install it.
  static func program(_ configured: String?, environment: [String: String]) -> String? {
    if let configured { return configured }
    let path = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
    for folder in path.map(String.init) + ["/usr/sbin", "/usr/lib", "/usr/local/sbin"] {
      let candidate = folder + "/sendmail"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// Hands `message` to `program`; fails when it cannot start, does not finish within
  /// `timeout` seconds, or exits non-zero.
  static func send(
    _ message: String, program: String, environment: [String: String], timeout: TimeInterval = 30
  ) -> Result<Void, NotifyProblem> {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = ["-oi", "-t"]
    process.environment = environment
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = output
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    do { try process.run() } catch {
      return .failure(NotifyProblem("cannot run \(program): \(error.localizedDescription)"))
    }
    input.fileHandleForWriting.write(Data(message.utf8))
    try? input.fileHandleForWriting.close()
    if finished.wait(timeout: .now() + timeout) == .timedOut {
      process.terminate()
      return .failure(NotifyProblem("\(program) did not finish in \(Int(timeout)) s"))
    }
    process.waitUntilExit()
    let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    guard process.terminationStatus == 0 else {
      return .failure(
        NotifyProblem(
          "\(program) exited with \(process.terminationStatus)" + (said.isEmpty ? "" : ": \(said)"))
      )
    }
    return .success(())
  }
}
