/// What an import says it did (or, in a dry run, would do): per source file the records
/// added with their target files, and what it skipped and why.
struct ImportReport {
  let files: [ImportPlanner.FileReport]
  let changes: [FileChange]
  let writer: DataWriter

  /// New files listed one by one up to this many per source file; beyond, a count.
  static let listed = 30

  /// The report as lines.
  func text(dryRun: Bool) -> String {
    var out: [String] = []
    for f in files {
      let counts = Self.counts(f.added.map(\.kind))
      var head =
        "\(f.file): "
        + (counts.isEmpty ? "nothing new" : (dryRun ? "would add " : "added ") + counts)
      var skipped: [String] = []
      if f.alreadyImported > 0 { skipped.append("\(f.alreadyImported) already imported") }
      if !f.alreadyThere.isEmpty {
        skipped.append("\(f.alreadyThere.count) already in the data folder")
      }
      let problems = f.problems.filter { $0.severity != .note }.count
      if !f.repeated.isEmpty { skipped.append("\(f.repeated.count) repeated in this import") }
      if problems > 0 {
        skipped.append("\(problems) problem\(problems == 1 ? "" : "s") listed above")
      }
      if !skipped.isEmpty { head += "; " + skipped.joined(separator: ", ") }
      out.append(head)
      let new = f.added.filter(\.isNew)
      for a in new.prefix(Self.listed) {
        out.append("  new file \(writer.display(a.path)) (\(a.label))")
      }
      if new.count > Self.listed {
        out.append("  ... and \(new.count - Self.listed) more new files")
      }
      var appended: [String: (RecordKind, Int)] = [:]
      var order: [String] = []
      for a in f.added where !a.isNew {
        if appended[a.path] == nil { order.append(a.path) }
        appended[a.path, default: (a.kind, 0)].1 += 1
      }
      for path in order.prefix(Self.listed) {
        guard let (kind, n) = appended[path] else { continue }
        out.append("  \(writer.display(path)): +\(Self.count(n, kind))")
      }
      if order.count > Self.listed {
        out.append("  ... and \(order.count - Self.listed) more files appended to")
      }
      for (label, id) in f.alreadyThere.prefix(10) {
        out.append("  skipped \(label): already there as '\(id)'")
      }
      if f.alreadyThere.count > 10 {
        out.append("  ... and \(f.alreadyThere.count - 10) more skipped")
      }
      for (label, id) in f.repeated.prefix(10) {
        out.append("  skipped \(label): the same record as '\(id)' earlier in this import")
      }
      if f.repeated.count > 10 {
        out.append("  ... and \(f.repeated.count - 10) more repeated")
      }
    }
    let photos = changes.filter { $0.path.hasPrefix("media/") }.count
    if photos > 0 {
      out.append(
        "\(dryRun ? "would write" : "wrote") \(photos) photo\(photos == 1 ? "" : "s") into \(writer.display("media/contacts"))"
      )
    }
    return out.joined(separator: "\n")
  }

  /// `Import 12 contacts, 3 occasions from contacts.vcf`.
  func commitMessage(format: ImportAction.Format) -> String {
    let counts = Self.counts(files.flatMap { $0.added.map(\.kind) })
    let names = files.map { $0.file.split(separator: "/").last.map(String.init) ?? $0.file }
    return "Import \(counts.isEmpty ? "nothing" : counts) from \(names.joined(separator: ", "))"
  }

  /// `12 contacts, 3 occasions`, in kind order.
  static func counts(_ kinds: [RecordKind]) -> String {
    var n: [RecordKind: Int] = [:]
    for k in kinds { n[k, default: 0] += 1 }
    return RecordKind.allCases.compactMap { k in n[k].map { count($0, k) } }.joined(separator: ", ")
  }

  /// `1 contact`, `3 occasions`.
  static func count(_ n: Int, _ kind: RecordKind) -> String {
    "\(n) " + (n == 1 ? kind.singular : kind.folder)
  }
}
