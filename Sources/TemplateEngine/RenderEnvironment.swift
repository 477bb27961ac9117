import Foundation
import VibeBasics

/// Everything a render needs besides the data: the clock, the default currency, strictness,
/// the limits that keep hostile templates from hanging the process, and the settings of an
/// application's own filters (see `RenderEnvironmentKey`).
public struct RenderEnvironment: Sendable {
  /// "Now" and the time zone for date filters and relative days.
  public var clock: LocalClock
  /// The ISO 4217 currency `| currency` uses when given none.
  public var currency: String
  /// Whether an undefined variable is an error (`check`, `--strict`) instead of a warning.
  public var strict: Bool
  /// The deepest nesting of includes, parents and macro calls.
  public var maxDepth: Int = 40
  /// The most nodes and loop iterations one render may execute.
  public var maxSteps: Int = 20_000_000
  /// The largest output one render may produce, in UTF-8 bytes.
  public var maxOutputBytes: Int = 256 << 20
  /// The largest value a template may build (a text in UTF-8 bytes, a list in elements
  /// times 16): `{% set s = s ~ s %}` thirty times would otherwise take all memory.
  public var maxValueBytes: Int = 64 << 20
  /// The most one render may build in all (texts, lists and macro output, counted as for
  /// `maxValueBytes`), so many large values cannot take all memory together either.
  public var maxBuiltBytes: Int = 1 << 30
  /// The values stored under `RenderEnvironmentKey`s, by key type.
  private var values: [ObjectIdentifier: any Sendable] = [:]

  /// Creates an environment.
  public init(clock: LocalClock, currency: String = "USD", strict: Bool = false) {
    self.clock = clock
    self.currency = currency
    self.strict = strict
  }

  /// The value an application keeps under `key` for its own filters (the key's default
  /// when none was set). The engine never reads these: an application that fingerprints
  /// renders must hash what it keeps here itself.
  public subscript<Key: RenderEnvironmentKey>(key: Key.Type) -> Key.Value {
    get { values[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
    set { values[ObjectIdentifier(key)] = newValue }
  }
}

/// The key of a setting an application's filters read from the `RenderEnvironment` (the
/// options of its markdown filter, say); the key's type tells the settings apart.
public protocol RenderEnvironmentKey {
  /// The setting's type.
  associatedtype Value: Sendable
  /// The setting when an environment has none.
  static var defaultValue: Value { get }
}

/// The finished text of a render and the warnings collected on the way.
public struct RenderResult: Sendable {
  /// The output's UTF-8 bytes, finished for its format (CRLF and folded lines for `.ics`):
  /// what is written to a file, with no text made of it.
  public var bytes: [UInt8]
  /// Warnings such as undefined variables outside strict mode, in source order.
  public var warnings: [Diagnostic]
  /// What the render read, when asked to record it.
  public var reads: RenderReads?

  /// The output as text.
  public var output: String { String(decoding: bytes, as: UTF8.self) }

  /// A result whose output is `bytes`, valid UTF-8.
  init(bytes: [UInt8], warnings: [Diagnostic], reads: RenderReads?) {
    self.bytes = bytes
    self.warnings = warnings
    self.reads = reads
  }

  /// A result whose output is `output`.
  public init(output: String, warnings: [Diagnostic], reads: RenderReads?) {
    self.init(bytes: Array(output.utf8), warnings: warnings, reads: reads)
  }
}

/// What one render depended on besides the environment: the paths of its context it read,
/// the templates it used, and whether a filter looked at the clock's "today". Rendering the
/// same templates over a context that agrees on these gives the same output.
public struct RenderReads: Sendable, Hashable {
  /// The context paths read.
  public let context: ReadSet
  /// The names of the templates used (the page's, its parents, includes and imports), sorted.
  public let templates: [String]
  /// Whether a date filter ran (its result can depend on "today").
  public let today: Bool
  /// The hash of the three, worked out once where the reads are made (a render's worker):
  /// a site's pages share a few distinct reads, found among thousands by this hash.
  private let hashKey: Int

  /// Creates the reads of a render.
  public init(context: ReadSet, templates: [String], today: Bool) {
    self.context = context
    self.templates = templates
    self.today = today
    var hasher = Hasher()
    hasher.combine(context)
    hasher.combine(templates)
    hasher.combine(today)
    hashKey = hasher.finalize()
  }

  public static func == (a: RenderReads, b: RenderReads) -> Bool {
    a.hashKey == b.hashKey && a.today == b.today && a.templates == b.templates
      && a.context == b.context
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(hashKey) }
}
