import Foundation
import VibeKeeper

/// `vkbench snapshot DIR`: how long `watch` and `serve` take to look at a folder once
/// (`FolderSnapshot`), the median of 21 looks.
enum SnapshotBenchmark {
  static func run(folder path: String) {
    let folder = URL(fileURLWithPath: path)
    var times: [Double] = []
    for _ in 0..<21 {
      let start = DispatchTime.now().uptimeNanoseconds
      _ = FolderSnapshot([folder])
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    say(String(format: "FolderSnapshot of %@: median %.1f ms", path, times.sorted()[10]))
  }
}
