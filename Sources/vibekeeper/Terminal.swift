import Foundation
import VibeKeeper

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's terminal facts: whether to colour output and where to write.
enum Terminal {
  /// Colour only when the stream is a terminal and NO_COLOR is not set.
  static func useColor(fd: Int32) -> Bool {
    if let v = ProcessInfo.processInfo.environment["NO_COLOR"], !v.isEmpty { return false }
    if ProcessInfo.processInfo.environment["TERM"] == "dumb" { return false }
    return isatty(fd) == 1
  }

  /// Whole milliseconds since `start`.
  static func milliseconds(since start: ContinuousClock.Instant) -> Int {
    Int((ContinuousClock.now - start).milliseconds)
  }

  /// Whether a file descriptor is a terminal.
  static func isTerminal(fd: Int32) -> Bool { isatty(fd) == 1 }

  /// Writes to standard error.
  static func error(_ s: String) {
    // Nothing can be said about a standard error that cannot be written to.
    _ = write(s, to: 2)
  }

  /// Prints diagnostics compiler-style on standard error (errors only when `quiet`),
  /// quoting source lines only from files inside `fences` (the data and template folders),
  /// each read once.
  static func printDiagnostics(
    _ diagnostics: [Diagnostic], quiet: Bool, fences: [String], texts: [String: String] = [:]
  ) {
    let quotes = SourceQuotes(fences: fences.map { URL(fileURLWithPath: $0) }, texts: texts)
    let formatter = DiagnosticFormatter(color: useColor(fd: 2), sourceLines: quotes.lines)
    // Written 64 KB at a time: thousands of warnings are a few writes, not one each.
    var pending = ""
    for d in diagnostics where !(quiet && d.severity != .error) {
      pending += formatter.format(d)
      if pending.utf8.count >= 1 << 16 {
        error(pending)
        pending = ""
      }
    }
    if !pending.isEmpty { error(pending) }
  }

  /// Writes to standard output. When it cannot be written to (a full disk, a reader
  /// that went away: `| head`), says so on standard error and exits 1 (quietly for a
  /// closed pipe, as other command-line tools do), instead of trapping with a backtrace.
  static func out(_ s: String) {
    guard let problem = write(s, to: 1) else { return }
    if problem != EPIPE {
      error("error: cannot write the output: \(String(cString: strerror(problem)))\n")
    }
    exit(1)
  }

  /// Writes all of `s` to file descriptor `fd`; the error number when that failed.
  private static func write(_ s: String, to fd: Int32) -> Int32? {
    var text = s
    return text.withUTF8 { buffer -> Int32? in
      var done = 0
      while done < buffer.count {
        let start = buffer.baseAddress.map { $0 + done }
        #if canImport(Glibc)
          let n = Glibc.write(fd, start, buffer.count - done)
        #else
          let n = Darwin.write(fd, start, buffer.count - done)
        #endif
        if n < 0 {
          if errno == EINTR { continue }
          return errno
        }
        done += n
      }
      return nil
    }
  }
}
