import Foundation
import VibeBasics

/// Why a folder cannot be a template folder: it cannot be read, or it is not a folder of
/// templates (`/`, `/proc`).
public struct TemplateFolderProblem: Error, Sendable, CustomStringConvertible {
  /// What is wrong, after "the template folder X": `cannot be read`.
  public let description: String

  /// A problem with its description.
  public init(_ description: String) { self.description = description }
}

/// A missing template or a name that may not be used (`..`, absolute paths).
struct TemplateLookupError: Error {
  /// What is wrong with the name.
  let message: String
}

/// The named templates of a run: an application's defaults, overridden by name by the
/// files of a user's template folder. Every template is parsed once, when the library is
/// made; `include`, `extends` and `import` resolve names only inside the library, so a
/// template can never read a file outside the template folders.
public struct TemplateLibrary: Sendable {
  private let entries: [String: Result<Template, TemplateError>]
  private let userNames: Set<String>
  /// The loaded names that are valid (checked once, not on every include).
  private let validNames: Set<String>
  /// Problems found while loading: syntax errors of templates, ignored files.
  public let diagnostics: [Diagnostic]
  /// The renderer of some templates without the engine, and the names it took on.
  private let fastPath: (any TemplateFastPath)?
  private let fastPathNames: Set<String>

  /// Loads `defaults` (template text by name) and, if given, every file under `userFolder`
  /// (which wins by name). `displayRoot` is how the folder is shown in messages (default:
  /// its path as given). Files that are symbolic links leading outside the folder are
  /// ignored with a warning. `filters` are the application's own filters besides the
  /// built-in ones (an added filter replaces a built-in one of the same name); `fastPath`
  /// renders the templates it takes on without the engine. A template whose name, path
  /// and text are those of one in `reusing` (a library made with the same filters, by the
  /// last build of a process that builds again) is taken as parsed there.
  public init(
    defaults: [String: String], userFolder: URL? = nil, displayRoot: String? = nil,
    filters: [String: TemplateFilter] = [:], fastPath: (any TemplateFastPath)? = nil,
    reusing previous: TemplateLibrary? = nil
  ) throws {
    var sources: [String: TemplateSource] = [:]
    for (name, text) in defaults {
      sources[name] = TemplateSource(name: name, displayPath: "(built-in)/" + name, text: text)
    }
    var diagnostics: [Diagnostic] = []
    var userNames: Set<String> = []
    if let userFolder {
      let root = displayRoot ?? userFolder.relativePath
      let files = try TemplateLibrary.files(in: userFolder, diagnostics: &diagnostics, root: root)
      for (name, url) in files {
        let display = root + "/" + name
        guard let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8)
        else {
          let location = SourceLocation(file: display, line: 1, column: 1)
          diagnostics.append(Diagnostic(.error, location, "template is not readable UTF-8 text"))
          continue
        }
        sources[name] = TemplateSource(name: name, displayPath: display, text: text)
        userNames.insert(name)
      }
    }
    var entries: [String: Result<Template, TemplateError>] = [:]
    let filters = TemplateFilters.with(filters)
    for name in sources.keys.sorted() {
      guard let source = sources[name] else { continue }
      if case .success(let known)? = previous?.entries[name], known.source.isSame(as: source) {
        entries[name] = .success(known)
        continue
      }
      do {
        entries[name] = .success(try Template(source: source, filters: filters))
      } catch {
        entries[name] = .failure(error)
        diagnostics.append(error.diagnostic)
      }
    }
    self.entries = entries
    validNames = Set(entries.keys.filter { TemplateLibrary.invalidNameReason($0) == nil })
    self.userNames = userNames
    self.diagnostics = diagnostics
    self.fastPath = fastPath
    fastPathNames =
      fastPath?.renderable { name in
        guard case .success(let template) = entries[name] else { return nil }
        return template.source.text
      } ?? []
  }

  /// Every template name, sorted.
  public var names: [String] { entries.keys.sorted() }

  /// The templates under `pages/`, sorted; `pages/NAME.EXT` renders to `NAME.EXT`.
  public var pageNames: [String] { names.filter { $0.hasPrefix("pages/") } }

  /// Where a page renders to in the output: `pages/gifts/list.html` gives `gifts/list.html`;
  /// nil for a template that is not a page.
  public static func outputPath(ofPage name: String) -> String? {
    guard name.hasPrefix("pages/"), name.count > 6 else { return nil }
    return String(name.dropFirst(6))
  }

  /// The text of the template called `name` as loaded, parsed or not.
  public func sourceText(named name: String) -> String? {
    switch entries[name] {
    case .success(let template): return template.source.text
    case .failure, .none: return nil
    }
  }

  /// How the template called `name` is shown in messages (`templates/pages/x.html`, or
  /// `(built-in)/index.html`); the name itself when there is no such template.
  public func displayPath(of name: String) -> String {
    switch entries[name] {
    case .success(let template): return template.source.displayPath
    case .failure(let error): return error.location.file
    case .none: return name
    }
  }

  /// Whether a name comes from the user's folder (overriding or adding to the defaults).
  public func isUserTemplate(_ name: String) -> Bool { userNames.contains(name) }

  /// Whether the user's folder gave any template.
  public var hasUserTemplates: Bool { !userNames.isEmpty }

  /// Why a name may not be used, or nil when it is a plain relative path inside the folder.
  public static func invalidNameReason(_ name: String) -> String? {
    if name.isEmpty { return "a template name is empty" }
    if name.hasPrefix("/") || name.hasPrefix("~") || name.contains("\\") || name.contains(":") {
      return "template name '\(name)' must be a relative path inside the template folder"
    }
    if name.contains("\0") { return "template name contains a NUL character" }
    let parts = name.split(separator: "/", omittingEmptySubsequences: false)
    if parts.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) {
      return "template name '\(name)' may not contain '..', '.' or empty path parts"
    }
    return nil
  }

  /// The parsed template called `name`; throws its syntax error, or a lookup error when the
  /// name is invalid or unknown.
  public func template(named name: String) throws -> Template {
    if validNames.contains(name), let entry = entries[name] { return try entry.get() }
    if let reason = TemplateLibrary.invalidNameReason(name) {
      throw TemplateLookupError(message: reason)
    }
    guard let entry = entries[name] else {
      throw TemplateLookupError(
        message: "template '\(name)' not found" + .didYouMean(name, in: names))
    }
    return try entry.get()
  }

  /// Renders the template called `name` with `context` (and its parents, includes and
  /// imports from this library), finished for its format; `recordingReads` as in
  /// `Template.render`.
  public func render(
    _ name: String, context: [String: TemplateValue], environment: RenderEnvironment,
    recordingReads: Bool = false
  ) throws(TemplateError) -> RenderResult {
    if let fastPath, fastPathNames.contains(name),
      let output = fastPath.render(name, context: context, environment: environment)
    {
      return RenderResult(
        output: output, warnings: [], reads: recordingReads ? fastPath.reads(name) : nil)
    }
    let template: Template
    do {
      template = try self.template(named: name)
    } catch let e as TemplateError {
      throw e
    } catch {
      let message = (error as? TemplateLookupError)?.message ?? "cannot load '\(name)'"
      throw TemplateError(message, file: name)
    }
    return try template.render(
      context: context, environment: environment, library: self, recordingReads: recordingReads)
  }

  /// The regular files under a folder by relative name, skipping hidden files and links
  /// that lead outside it.
  /// The most entries a template folder may hold, and the largest template file: a folder
  /// beyond them is not a template folder (`--templates /`).
  public static let maxEntries = 5_000
  public static let maxTemplateBytes = 4 << 20

  private static func files(
    in folder: URL, diagnostics: inout [Diagnostic], root: String
  ) throws -> [(String, URL)] {
    let base = folder.resolvingSymlinksInPath().standardizedFileURL
    let basePath = base.path.hasSuffix("/") ? base.path : base.path + "/"
    if base.path == "/"
      || ["/proc", "/sys", "/dev"].contains(where: {
        base.path == $0 || base.path.hasPrefix($0 + "/")
      })
    {
      throw TemplateFolderProblem("is a system folder, not a folder of templates")
    }
    let manager = FileManager.default
    guard let enumerator = manager.enumerator(atPath: base.path) else {
      throw TemplateFolderProblem("cannot be read")
    }
    var result: [(String, URL)] = []
    var seen = 0
    for case let relative as String in enumerator {
      seen += 1
      guard seen <= maxEntries else {
        throw TemplateFolderProblem(
          "holds more than \(maxEntries) files and folders; is it the right folder?")
      }
      let name = relative.split(separator: "/").joined(separator: "/")
      if name.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
        enumerator.skipDescendants()
        continue
      }
      let url = base.appendingPathComponent(name)
      let real = url.resolvingSymlinksInPath().standardizedFileURL
      func report(_ severity: Severity, _ message: String) {
        let location = SourceLocation(file: root + "/" + name, line: 1, column: 1)
        diagnostics.append(Diagnostic(severity, location, message))
      }
      guard let attributes = try? manager.attributesOfItem(atPath: real.path) else { continue }
      guard real.path.hasPrefix(basePath) else {
        report(.warning, "ignored: a link to a file outside the template folder")
        continue
      }
      let type = attributes[.type] as? FileAttributeType
      if type == .typeDirectory { continue }
      guard type == .typeRegular else {
        report(.warning, "ignored: not a regular file (a pipe, a socket or a device)")
        continue
      }
      if let size = (attributes[.size] as? NSNumber)?.intValue, size > maxTemplateBytes {
        report(
          .error,
          "the template is \(size >> 20) MB; templates are limited to \(maxTemplateBytes >> 20) MB")
        continue
      }
      guard invalidNameReason(name) == nil else { continue }
      result.append((name, real))
    }
    return result.sorted { $0.0 < $1.0 }
  }
}
