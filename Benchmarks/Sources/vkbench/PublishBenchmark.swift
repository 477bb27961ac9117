import Foundation
import VibeKeeper

/// `vkbench publish N DIR [RUNS]`: the publisher alone on a site of N pages (about 2 KB
/// each, in one folder like the gift pages) published into `DIR/_site`: a first publish
/// into an empty output, a publish where nothing changed, then RUNS publishes where one page
/// changed (each a different page), with the wall time of each.
enum PublishBenchmark {
  static func run(arguments: [String]) throws {
    guard arguments.count >= 2, let count = Int(arguments[0]) else {
      throw BenchError("usage: vkbench publish N DIR [RUNS]")
    }
    let runs = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
    let root = URL(fileURLWithPath: arguments[1])
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    let output = root.appendingPathComponent("_site")
    let publisher = Publisher(output: output, protecting: [])
    var files = (0..<count).map { page($0, edit: 0) }
    files.append(OutputFile(path: "index.html", text: "<h1>Home</h1>"))
    files.append(OutputFile(path: "calendar.ics", text: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"))

    func timed(_ name: String, _ files: [OutputFile]) throws -> Double {
      let clock = ContinuousClock()
      let start = clock.now
      let cpuStart = cpuMilliseconds()
      let stats = try publisher.publish(files)
      let cpu = cpuMilliseconds() - cpuStart
      let d = clock.now - start
      let ms = Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
      say(
        name.padding(toLength: 28, withPad: " ", startingAt: 0)
          + String(format: "%9.1f ms wall %7.1f ms CPU  ", ms, cpu) + "\(stats)")
      return ms
    }
    _ = try timed("first publish", files)
    _ = try timed("nothing changed", files)
    var times: [Double] = []
    for run in 1...max(runs, 1) {
      let changed = (run * 7919) % count
      files[changed] = page(changed, edit: run)
      times.append(try timed("1 page changed (\(changed))", files))
    }
    // As a build that skips rendering unchanged pages calls it: only the changed page has
    // bytes, the others are passed by their published hash.
    var reusing: [Double] = []
    for run in 1...max(runs, 1) {
      let changed = (run * 4241) % count
      files[changed] = page(changed, edit: runs + run)
      guard let manifest = publisher.publishedManifest() else { throw BenchError("no manifest") }
      let passed = files.enumerated().map { i, file in
        i == changed
          ? file
          : manifest.files[file.path].map { OutputFile.unchanged(path: file.path, hash: $0) }
            ?? file
      }
      reusing.append(try timed("1 page changed, rest reused", passed))
    }
    say(String(format: "median of %d one-page publishes: %.1f ms", runs, median(times)))
    say(String(format: "median of %d with the rest reused: %.1f ms", runs, median(reusing)))
  }

  /// User and system time of this process so far (all threads), in milliseconds.
  static func cpuMilliseconds() -> Double {
    var usage = rusage()
    #if os(Linux)
      getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    let user = Double(usage.ru_utime.tv_sec) * 1000 + Double(usage.ru_utime.tv_usec) / 1000
    let system = Double(usage.ru_stime.tv_sec) * 1000 + Double(usage.ru_stime.tv_usec) / 1000
    return user + system
  }

  static func median(_ values: [Double]) -> Double {
    values.sorted()[values.count / 2]
  }

  /// Page `i`, its text depending on `edit`.
  static func page(_ i: Int, edit: Int) -> OutputFile {
    var text = "<!doctype html><html><head><title>Gift \(i)</title></head><body>\n"
    text +=
      "<nav><a href=\"../index.html\">Home</a> <a href=\"../gifts/index.html\">Gifts</a></nav>\n"
    text += "<h1>Gift \(i) (version \(edit))</h1>\n"
    for line in 0..<24 {
      text += "<p>Line \(line) of gift \(i): a pottery class, a book, a scarf, 42.00 EUR.</p>\n"
    }
    text += "</body></html>\n"
    return OutputFile(path: "gifts/gift-\(i).html", text: text)
  }
}
