import Foundation

/// `vibekeeper init [DIR]`: a new data folder that `check` accepts with no error: the
/// settings, a folder per kind, a `.gitignore` for local files, and a `.gitattributes`
/// that lets two people append to the same monthly log without a merge conflict
/// (`merge=union`). With `git`, a repository (unless the folder is in one already), a
/// pre-commit hook that runs `vibekeeper check`, and a first commit.
public struct DataFolderInit: Sendable {
  /// The folder to create (or an empty one to fill).
  public var folder: URL
  /// The household's name (`title:`).
  public var title: String
  /// The IANA time zone (`Europe/Berlin`).
  public var timeZone: String
  /// The ISO 4217 currency (`EUR`).
  public var currency: String
  /// Make it a git repository with the hook and a first commit.
  public var git = false
  /// The `vibekeeper` the hook runs when none is on the PATH (the one running `init`).
  public var executable: String?
  /// The feed secret written to `vibekeeper.local.yml` (new settings say `feeds: secret`).
  public var feedSecret = FeedSecret.make()

  /// An init of `folder`.
  public init(folder: URL, title: String, timeZone: String, currency: String) {
    self.folder = folder
    self.title = title
    self.timeZone = timeZone
    self.currency = currency
  }

  /// The monthly logs two people append to at once: git keeps both sides' lines. (A union
  /// merge of `used:` written into a purchase line next to the other side's appended lines
  /// keeps both versions of that line: the loader warns about such a pair.)
  static let appendOnly = ["doses", "purchases", "results", "prices"]

  /// The files it writes, by path inside the folder.
  public var files: [(path: String, text: String)] {
    var out: [(String, String)] = [
      (
        "vibekeeper.yml",
        """
        # VibeKeeper settings: see docs/data-format.md#settings-vibekeeperyml
        title: \(YAMLText.scalar(title))
        timezone: \(timeZone)
        currency: \(currency)
        # Each calendar feed is published under its own unguessable address; the secret is
        # in vibekeeper.local.yml, which is never committed. See docs/publishing.md.
        feeds: secret

        """
      ),
      (
        ".gitignore",
        """
        # This machine's secrets (feed addresses); never committed.
        /\(LocalSettings.fileName)
        # Local files VibeKeeper and editors leave; never data.
        .vk-*.tmp
        _drafts/
        .DS_Store
        *.swp
        *~
        # A site built into this folder by mistake (build refuses it; build elsewhere).
        _site/
        ._site.vibekeeper/
        _serve/
        ._serve.vibekeeper/

        """
      ),
      // After .gitignore, which lists it: never a secret on disk that git would add.
      (LocalSettings.fileName, FeedSecret.newFile(feedSecret)),
      (
        ".gitattributes",
        "# Monthly logs only ever get lines appended: a merge keeps both sides' lines.\n"
          + Self.appendOnly.map { "\($0)/**/*.yml merge=union\n" }.joined()
      ),
    ]
    for kind in RecordKind.allCases { out.append(("\(kind.folder)/.keep", "")) }
    return out
  }

  /// Why the folder cannot be made.
  public struct Problem: Error, Sendable, CustomStringConvertible {
    public let description: String
  }

  /// What `run` did.
  public struct Outcome: Sendable {
    /// The files written.
    public var written: [String]
    /// Whether a repository was created (false when the folder was in one already).
    public var createdRepository = false
    /// Whether the pre-commit hook was installed (never over an existing one).
    public var hook = false
    /// The first commit, when made.
    public var commit: String?
  }

  /// Creates the folder. Refuses one that already holds anything but hidden entries, and
  /// one inside another data folder (whose loader would read it as records).
  public func run() throws(Problem) -> Outcome {
    let fm = FileManager.default
    var parent = folder.standardizedFileURL.deletingLastPathComponent()
    while parent.path != "/" && !parent.path.isEmpty {
      if fm.fileExists(atPath: parent.appendingPathComponent("vibekeeper.yml").path) {
        throw Problem(
          description:
            "\(folder.path) is inside the data folder \(parent.path), which would read its files as its own (or warn about them); init a folder outside it"
        )
      }
      parent = parent.deletingLastPathComponent()
    }
    var isDir: ObjCBool = false
    if fm.fileExists(atPath: folder.path, isDirectory: &isDir) {
      guard isDir.boolValue else { throw Problem(description: "\(folder.path) is a file") }
      let entries = (try? fm.contentsOfDirectory(atPath: folder.path)) ?? []
      let visible = entries.filter { !$0.hasPrefix(".") }.sorted()
      guard visible.isEmpty, !entries.contains("vibekeeper.yml") else {
        throw Problem(
          description:
            "\(folder.path) already holds \(visible.prefix(3).joined(separator: ", ")); init only fills a new or empty folder"
        )
      }
    }
    var outcome = Outcome(written: [])
    for (path, text) in files {
      let url = folder.appendingPathComponent(path)
      do {
        try fm.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      } catch {
        throw Problem(description: "cannot create \(url.deletingLastPathComponent().path)")
      }
      do throws(RecordWriter.Failure) {
        try RecordWriter.createExclusively(
          url.path, Array(text.utf8), mode: path == LocalSettings.fileName ? 0o600 : 0o644)
      } catch {
        throw Problem(description: error.description)
      }
      outcome.written.append(path)
    }
    if git { try initGit(&outcome) }
    return outcome
  }

  private func initGit(_ outcome: inout Outcome) throws(Problem) {
    if GitCommit.run(["rev-parse", "--show-toplevel"], in: folder).status != 0 {
      let made = GitCommit.run(["init", "--quiet"], in: folder)
      guard made.status == 0 else { throw Problem(description: "git init failed: \(made.output)") }
      outcome.createdRepository = true
    }
    let top = GitCommit.run(["rev-parse", "--show-toplevel"], in: folder).output
    let hooks = GitCommit.run(["rev-parse", "--git-path", "hooks"], in: folder).output
    let hookFolder = hooks.hasPrefix("/") ? hooks : folder.path + "/" + hooks
    let hook = hookFolder + "/pre-commit"
    if !FileManager.default.fileExists(atPath: hook) {
      let data = relative(folder.standardizedFileURL.resolvingSymlinksInPath().path, to: top)
      let script = """
        #!/bin/sh
        # Installed by `vibekeeper init --git`: refuse a commit whose data, as it will be
        # committed (the staged files, not the working tree), has an error. The check runs on
        # a scratch copy of them; media files are empty stand-ins there (the check only
        # needs their names), and this machine's vibekeeper.local.yml goes with it.
        cd "$(git rev-parse --show-toplevel)" || exit 1
        vk=$(command -v vibekeeper || echo \(Self.shellQuoted(executable ?? "vibekeeper")))
        data=\(Self.shellQuoted(data))
        tmp=$(mktemp -d "${TMPDIR:-/tmp}/vibekeeper-check.XXXXXX") || exit 1
        trap 'rm -rf "$tmp"' EXIT
        git ls-files -z --cached -- "$data" ":(exclude)$data/media" |
          git checkout-index -z --stdin --prefix="$tmp/" || exit 1
        git ls-files -z --cached -- "$data/media" | (cd "$tmp" && xargs -0 sh -c \\
          'for f; do mkdir -p "$(dirname "$f")" && : >"$f"; done' stand-in) || exit 1
        mkdir -p "$tmp/$data" || exit 1
        if [ -f "$data/\(LocalSettings.fileName)" ]; then
          cp "$data/\(LocalSettings.fileName)" "$tmp/$data/" || exit 1
        fi
        cd "$tmp" || exit 1
        "$vk" check --quiet --data "$data" && exit 0
        echo "vibekeeper: commit refused: the data as staged has an error (stage the files it needs with git add, or fix it)" >&2
        exit 1

        """
      try? FileManager.default.createDirectory(
        atPath: hookFolder, withIntermediateDirectories: true)
      if FileManager.default.createFile(
        atPath: hook, contents: Data(script.utf8), attributes: [.posixPermissions: 0o755])
      {
        outcome.hook = true
      }
    }
    // The local secrets stay on this machine: never added.
    let tracked = outcome.written.filter { $0 != LocalSettings.fileName }
    let add = GitCommit.run(["add", "--"] + tracked, in: folder)
    guard add.status == 0 else { throw Problem(description: "git add failed: \(add.output)") }
    // The hook would run `vibekeeper check`, which may not be on the PATH yet.
    let commit = GitCommit.run(
      ["commit", "--quiet", "--no-verify", "--message", "A new VibeKeeper household", "--"]
        + tracked, in: folder)
    guard commit.status == 0 else {
      throw Problem(
        description:
          "the folder is ready, but the first commit failed (git says: \(commit.output)); set `git config user.name` and `user.email`, then commit it with `git commit`"
      )
    }
    outcome.commit = GitCommit.run(["rev-parse", "--short", "HEAD"], in: folder).output
  }

  /// `path` relative to `base` (`.` when they are the same).
  func relative(_ path: String, to base: String) -> String {
    let b = URL(fileURLWithPath: base).resolvingSymlinksInPath().path
    if path == b { return "." }
    return path.hasPrefix(b + "/") ? String(path.dropFirst(b.count + 1)) : path
  }

  /// A word for `sh`, single-quoted.
  static func shellQuoted(_ s: String) -> String {
    "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
