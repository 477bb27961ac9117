import ArgumentParser
import Foundation
import VibeKeeper

/// What `new` and `capture` share: loading the folder without echoing its old problems,
/// printing a draft's problems, and writing the record.
enum CreateSupport {
  /// Prints a usage error (with a pointer to `--help`) and returns the exit code 2 to throw.
  static func usageError(_ message: String) -> ExitCode {
    Terminal.error("error: \(message)\nSee 'vibekeeper new --help' for the kinds and examples.\n")
    return ExitCode(2)
  }

  /// Loads the data folder; a missing folder is an error (exit 1).
  static func load(_ options: DataOptions, quiet: Bool = false) throws -> DataLoader.Result {
    try options.requireFolder()
    let result = DataLoader(root: URL(fileURLWithPath: options.data), displayRoot: options.data)
      .load()
    let errors = result.diagnostics.filter { $0.severity == .error }.count
    if errors > 0, !quiet {
      Terminal.error(
        "note: \(options.data) has \(errors) error\(errors == 1 ? "" : "s") in other records; `vibekeeper check` lists them\n"
      )
    }
    return result
  }

  /// The path as the user sees it: inside the data folder as they named it.
  static func shown(_ path: String, _ options: DataOptions) -> String {
    var root = options.data
    while root.count > 1, root.hasSuffix("/") { root.removeLast() }
    return root == "." ? path : root + "/" + path
  }

  /// Prints the loader's verdict on the draft to stderr and exits 1 on an error.
  static func check(_ draft: RecordDraft, _ household: Household, _ options: DataOptions) throws {
    let shownPath = shown(draft.preferredPath, options)
    let text = draft.text
    let formatter = DiagnosticFormatter(color: Terminal.useColor(fd: 2)) { path in
      path == shownPath ? text.linesAtLF : nil
    }
    let problems = draft.problems(in: household, displayRoot: shown("", options).dropLastSlash)
    for d in problems { Terminal.error(formatter.format(d)) }
    if problems.contains(where: { $0.severity == .error }) {
      Terminal.error("error: nothing written\n")
      throw ExitCode(1)
    }
  }

  /// Writes the draft under a free name and prints its path on stdout (and on stderr when
  /// the preferred name was taken); with `commit`, commits it to git (a failure to commit
  /// is said after the path, and exits 1: the file stays written).
  static func write(
    _ draft: RecordDraft, _ household: Household, _ options: DataOptions, commit: Bool = false
  ) throws {
    let writer = RecordWriter(root: URL(fileURLWithPath: options.data))
    let written: RecordWriter.Written
    if commit {
      do {
        try writer.requireRepository()
      } catch {
        Terminal.error("error: \(error.description)\n")
        throw ExitCode(2)
      }
    }
    do {
      written = try writer.create(draft, takenIDs: household.ids(of: draft.kind))
    } catch {
      Terminal.error("error: \(error.description)\n")
      throw ExitCode(1)
    }
    if written.renamed {
      Terminal.error(
        "note: \(shown(written.preferredPath, options)) is taken (a file of that name, or a record with the id '\(draft.slug)'), so the new \(draft.kind.singular) is \(shown(written.path, options))\n"
      )
    }
    Terminal.out(shown(written.path, options) + "\n")
    guard commit else { return }
    do {
      let made = try writer.commit(written.path, of: draft)
      Terminal.error("committed \(made)\n")
    } catch {
      Terminal.error("error: \(TerminalText.escapedLines(error.description))\n")
      throw ExitCode(1)
    }
  }

  /// Prints what `--dry-run` would write (the path on stderr, the text on stdout).
  static func dryRun(_ draft: RecordDraft, _ household: Household, _ options: DataOptions) {
    let path =
      RecordWriter(root: URL(fileURLWithPath: options.data))
      .freePath(for: draft, takenIDs: household.ids(of: draft.kind)) ?? draft.preferredPath
    Terminal.error("dry run: would write \(shown(path, options)):\n")
    Terminal.out(draft.text)
  }
}

extension String {
  /// The text without one trailing `/`.
  fileprivate var dropLastSlash: String { hasSuffix("/") ? String(dropLast()) : self }
}
