import VibeBasics

/// A filter's implementation: the value, its arguments and the environment in, a value out.
///
/// The built-in filters are the engine's; an application adds its own by name when it
/// makes a `TemplateLibrary` (or a `Template`). A filter reports a bad input or argument by
/// throwing `ValueError`, which the renderer turns into an error at the filter's place.
public struct TemplateFilter: Sendable {
  /// The function a filter runs: the value, its arguments and the environment in.
  public typealias Function =
    @Sendable (TemplateValue, FilterArguments, RenderEnvironment) throws -> TemplateValue

  /// The function.
  public let apply: Function
  /// Whether an undefined input is passed on as null instead of being reported (`default`).
  public var acceptsUndefined = false
  /// What of its input the result depends on (for incremental builds, see `ReadNode`).
  public var reads = FilterReads.whole
  /// Whether the result may depend on the clock's "today" (relative days, times of day).
  public var readsToday = false
  /// The parameter names in positional order, checked when a template is parsed (an
  /// unknown keyword or an extra argument is an error); nil takes any arguments.
  public var parameters: [String]?
  /// Other keywords accepted for a parameter, by alias (Jinja's `attribute` for `key`).
  public var aliases: [String: String] = [:]

  /// A filter running `apply`, which depends on all of its input (see `reading`) and not
  /// on "today" (see `readingToday`); with `acceptsUndefined` an undefined input is passed
  /// on as null instead of being reported.
  public init(apply: @escaping Function, acceptsUndefined: Bool = false) {
    self.apply = apply
    self.acceptsUndefined = acceptsUndefined
  }

  /// Whether the filter picks elements of its input list (see `FilterReads.pick`).
  var picksElements: Bool {
    if case .pick = reads { return true }
    return false
  }

  /// This filter, reading `reads` of its input.
  public func reading(_ reads: FilterReads) -> TemplateFilter {
    var filter = self
    filter.reads = reads
    return filter
  }

  /// This filter, taking `parameters` (in positional order) and no others; `aliases` are
  /// other keywords for some of them.
  public func taking(_ parameters: [String], aliases: [String: String] = [:]) -> TemplateFilter {
    var filter = self
    filter.parameters = parameters
    filter.aliases = aliases
    return filter
  }

  /// Checks a call's arguments against `parameters` and gives them with every keyword under
  /// its parameter's own name; the error says what is wrong, with a did-you-mean.
  func checked(_ arguments: [Argument], name: String) throws(ValueError) -> [Argument] {
    guard let parameters else { return arguments }
    let positional = arguments.filter { $0.name == nil }.count
    guard positional <= parameters.count else {
      let takes =
        parameters.isEmpty
        ? "takes no arguments"
        : "takes at most \(parameters.count) (\(parameters.joined(separator: ", ")))"
      throw ValueError("filter '\(name)' \(takes), got \(positional)")
    }
    var given = Set(parameters.prefix(positional))
    return try arguments.map { argument throws(ValueError) in
      guard let keyword = argument.name else { return argument }
      let parameter = aliases[keyword] ?? keyword
      guard parameters.contains(parameter) else {
        let known = parameters + aliases.keys.sorted()
        let has = parameters.isEmpty ? "takes no arguments" : "has no parameter '\(keyword)'"
        throw ValueError("filter '\(name)' \(has)" + .didYouMean(keyword, in: known))
      }
      guard given.insert(parameter).inserted else {
        throw ValueError("filter '\(name)' is given '\(parameter)' twice")
      }
      return Argument(name: parameter, value: argument.value)
    }
  }

  /// This filter, marked as depending on "today".
  public func readingToday() -> TemplateFilter {
    var filter = self
    filter.readsToday = true
    return filter
  }
}

/// What of its input a filter's result depends on.
public enum FilterReads: Sendable {
  /// All of it.
  case whole
  /// The length of a list or map (or a scalar's value): `length`.
  case length
  /// Elements of a list, picked by position and, with `comparingKey`, by comparing the
  /// member its first argument (`key`) names: `where`, `sort`, `limit`, `first`. The result
  /// is those elements (one of them when `single`), so reads of it count on the list's
  /// elements.
  case pick(comparingKey: Bool, single: Bool)
}

/// The evaluated arguments of a filter call, by position and by keyword.
public struct FilterArguments: Sendable {
  /// Arguments without a keyword, in order.
  public var positional: [TemplateValue]
  /// Keyword arguments.
  public var named: [String: TemplateValue]
  /// The output format of the template the filter runs in: a filter that keeps a safe
  /// value safe escapes what it adds for it (see `markupText`).
  public var format: OutputFormat = .text

  /// Arguments by position and by keyword.
  public init(
    positional: [TemplateValue], named: [String: TemplateValue], format: OutputFormat = .text
  ) {
    self.positional = positional
    self.named = named
    self.format = format
  }

  /// Whether texts made from `values` together are safe markup: when one of them is (in
  /// every format but JSON, where safe means raw JSON).
  public func makeMarkup(_ values: [TemplateValue]) -> Bool {
    Escaping.keepsMarkup(format) && values.contains { $0.isSafe }
  }

  /// A value's text for a result that is markup (`markup`, see `makeMarkup`): a safe value
  /// as it is, any other escaped as `{{ }}` would escape it in HTML text (or iCalendar
  /// TEXT); else the plain text.
  public func text(_ value: TemplateValue, markup: Bool, _ clock: LocalClock) -> String {
    markup ? Escaping.markup(value, format, clock) : value.text(clock)
  }

  /// The argument at `position` or called `name`, if given.
  public func value(_ position: Int, _ name: String) -> TemplateValue? {
    named[name] ?? (position < positional.count ? positional[position] : nil)
  }

  /// A whole-number argument within `range`, `fallback` when absent.
  public func int(
    _ position: Int, _ name: String, default fallback: Int, in range: ClosedRange<Int>
  ) throws(ValueError) -> Int {
    guard let value = value(position, name) else { return fallback }
    guard case .int(let i) = value, range.contains(i) else {
      throw ValueError(
        "argument '\(name)' must be a whole number from \(range.lowerBound) to \(range.upperBound)"
      )
    }
    return i
  }

  /// A text argument, `fallback` when absent.
  public func string(
    _ position: Int, _ name: String, default fallback: String
  ) throws(ValueError) -> String {
    guard let value = value(position, name) else { return fallback }
    guard let s = value.stringValue else {
      throw ValueError("argument '\(name)' must be a string, not \(value.typeName)")
    }
    return s
  }
}

/// The registry of filters, by name.
enum TemplateFilters {
  /// The engine's own filters, by name.
  static let builtIn: [String: TemplateFilter] = text.merging(numbers) { a, _ in a }
    .merging(dates) { a, _ in a }
    .merging(collections) { a, _ in a }
    .merging(escaping) { a, _ in a }

  /// The built-in filters with an application's `added` ones (which win by name).
  static func with(_ added: [String: TemplateFilter]) -> [String: TemplateFilter] {
    added.isEmpty ? builtIn : builtIn.merging(added) { _, own in own }
  }

  /// Reads a member of a value by a key path such as `recipient.name` (for sort and group).
  static func path(_ value: TemplateValue, _ key: String) -> TemplateValue {
    // One part (`where("status", …)` over a list of thousands): no splitting.
    if !key.utf8.contains(UInt8(ascii: ".")), !key.isEmpty {
      if case .array(let items) = value, let i = Int(key) {
        return items.indices.contains(i) ? items[i] : .null
      }
      return value.member(key) ?? .null
    }
    var current = value
    for part in key.split(separator: ".") {
      if let i = Int(part), case .array(let items) = current {
        current = items.indices.contains(i) ? items[i] : .null
      } else {
        current = current.member(String(part)) ?? .null
      }
    }
    return current
  }
}
