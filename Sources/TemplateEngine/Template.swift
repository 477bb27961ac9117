/// A parsed template: parse once, render many times. A copy shares the parsed tree (one
/// reference), so handing templates around a render costs nothing.
public struct Template: Sendable {
  /// The template's name in its library (`gift.html`).
  public var name: String { source.name }
  /// The output format, from the name's extension.
  public var format: OutputFormat { parsed.format }
  var source: TemplateSource { parsed.source }
  var nodes: [Node] { parsed.nodes }
  var parent: Expr? { parsed.parent }
  var parentAt: Int { parsed.parentAt }
  var blocks: [String: [Node]] { parsed.blocks }
  var macros: [String: TemplateMacro] { parsed.macros }
  /// The macros as template values (what `import` binds and a macro's body sees), made once.
  var macroValues: [String: TemplateValue] { parsed.macroValues }

  /// The parsed template, shared by every copy (immutable).
  private final class Parsed: Sendable {
    let format: OutputFormat
    let source: TemplateSource
    let nodes: [Node]
    let parent: Expr?
    let parentAt: Int
    let blocks: [String: [Node]]
    let macros: [String: TemplateMacro]
    let macroValues: [String: TemplateValue]

    init(source: TemplateSource, filters: [String: TemplateFilter]) throws(TemplateError) {
      self.source = source
      self.format = OutputFormat(fileName: source.name)
      let tokens = try TemplateLexer.tokenize(source)
      var parser = TemplateParser(
        source: source, tokens: tokens, format: format, filters: filters)
      self.nodes = try parser.parseNodes(until: [], opener: nil, nesting: 0).nodes
      self.parent = parser.parent?.0
      self.parentAt = parser.parent?.at ?? 0
      self.blocks = parser.blocks
      self.macros = parser.macros
      self.macroValues = parser.macros.mapValues { TemplateValue.macro($0) }
    }
  }

  private let parsed: Parsed

  /// Whether `other` shares this template's parse (it was taken, not parsed again).
  func sharesParse(with other: Template) -> Bool { parsed === other.parsed }

  /// Parses a template; `name` decides the format (by extension) and names it in errors.
  /// `filters` are an application's own filters, by name, besides the built-in ones (an
  /// added filter replaces a built-in one of the same name).
  public init(
    name: String, text: String, displayPath: String? = nil,
    filters: [String: TemplateFilter] = [:]
  ) throws(TemplateError) {
    try self.init(
      source: TemplateSource(name: name, displayPath: displayPath, text: text),
      filters: TemplateFilters.with(filters))
  }

  /// Parses a template from its source; `filters` are all the filters it may use.
  init(source: TemplateSource, filters: [String: TemplateFilter]) throws(TemplateError) {
    parsed = try Parsed(source: source, filters: filters)
  }
}
