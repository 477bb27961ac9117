import VibeBasics

/// Walks a parsed template and writes its output: nodes, inheritance, includes and macros.
/// Expressions are evaluated in `TemplateRenderer+Expressions.swift`.
struct TemplateRenderer {
  let environment: RenderEnvironment
  let library: TemplateLibrary?
  /// The output written so far, as UTF-8 (escaping writes into it directly; it becomes
  /// text once, when the render is done).
  var out: [UInt8] = []
  /// The variables in scope.
  var scopes: TemplateScopes
  /// Warnings collected (undefined variables outside strict mode).
  var warnings: [Diagnostic] = []
  var warned: Set<SourceLocation> = []
  /// The template whose nodes are being rendered (for error positions).
  var current: Template
  /// Every template touched so far, by name (for macros).
  var templates: [String: Template] = [:]
  /// For each block name, its definitions from the most derived template to the base.
  var blockChains: [String: [(template: Template, nodes: [Node])]] = [:]
  /// The block being rendered, which definition of it, and how many frames were open
  /// when it began (what `super()` sees), for `super()`.
  var currentBlock: (name: String, level: Int, frames: Int)?
  /// Names of the templates and macros being rendered, outermost first.
  var stack: [String] = []
  var steps = 0
  /// How many node lists are being rendered inside each other (across includes and macros).
  var level = 0
  /// The deepest `level` allowed, so deep nesting through includes cannot exhaust the stack.
  static let maxLevel = 200
  /// Why the last look-up found nothing, and where.
  var missing: (message: String, at: Int)?
  /// How many undefined values lenient mode has let through, and the last one's message.
  var undefinedCount = 0
  var lastUndefined: String?
  /// The bytes of values built so far (see `RenderEnvironment.maxBuiltBytes`).
  var builtBytes = 0
  /// What the render read of its context, when recording (see `ReadNode`).
  var reads: ReadNode? { scopes.reads }
  /// Whether the render used a filter that depends on the clock's "today".
  var readsToday = false
  /// The URL attribute value being written (`href="…"`): where it starts in `out`, and
  /// whether anything but the template's own text went into it (see `endURLValue`).
  var urlValue: (start: Int, dynamic: Bool)?

  /// A renderer of `template` over `context`.
  init(
    template: Template, context: [String: TemplateValue], environment: RenderEnvironment,
    library: TemplateLibrary?, recordingReads: Bool = false
  ) {
    self.environment = environment
    self.library = library
    self.current = template
    self.scopes = TemplateScopes(context: context, reads: recordingReads ? ReadNode() : nil)
  }

  /// Renders the whole template, with its parents.
  mutating func run() throws(TemplateError) {
    out.reserveCapacity(4096)
    try renderTemplate(current, at: 0)
  }

  func error(_ message: String, at offset: Int) -> TemplateError {
    TemplateError(message, in: current.source, at: offset)
  }

  /// Loads a template named by an expression's value, checking depth and cycles.
  mutating func load(_ nameValue: TemplateValue, what: String, at: Int) throws(TemplateError)
    -> Template
  {
    guard let name = nameValue.stringValue else {
      throw error("\(what) needs a template name (a string), not \(nameValue.typeName)", at: at)
    }
    if stack.contains(name) {
      let cycle = (stack.drop { $0 != name } + [name]).joined(separator: " -> ")
      throw error("\(what) recursion: \(cycle)", at: at)
    }
    guard stack.count < environment.maxDepth else {
      throw error("\(what) nested more than \(environment.maxDepth) levels deep", at: at)
    }
    guard let library else {
      throw error("cannot \(what) '\(name)': no template library", at: at)
    }
    let template: Template
    do {
      template = try library.template(named: name)
    } catch let e as TemplateLookupError {
      throw error(e.message, at: at)
    } catch let e as TemplateError {
      throw e
    } catch {
      throw self.error("cannot load '\(name)'", at: at)
    }
    templates[template.name] = template
    return template
  }

  /// Renders a template with its chain of parents, blocks resolved most-derived first.
  mutating func renderTemplate(_ template: Template, at: Int) throws(TemplateError) {
    let saved = (current, blockChains, currentBlock, stack.count)
    defer {
      current = saved.0
      blockChains = saved.1
      currentBlock = saved.2
      stack.removeLast(stack.count - saved.3)
    }
    stack.append(template.name)
    templates[template.name] = template
    blockChains = [:]
    currentBlock = nil
    var leaf = template
    while true {
      for (name, nodes) in leaf.blocks { blockChains[name, default: []].append((leaf, nodes)) }
      for (name, macro) in leaf.macros { scopes.addMacro(name, .macro(macro)) }
      current = leaf
      guard let parent = leaf.parent else { break }
      // A child's own sets run first, then its parent is named (it may name it by a set).
      try declare(leaf.nodes)
      let parentTemplate = try load(try eval(parent), what: "extends", at: leaf.parentAt)
      stack.append(parentTemplate.name)
      leaf = parentTemplate
    }
    try render(leaf.nodes)
  }

  /// Renders nodes in order.
  mutating func render(_ nodes: [Node]) throws(TemplateError) {
    level += 1
    defer { level -= 1 }
    if level > TemplateRenderer.maxLevel, let first = nodes.first {
      throw error(
        "templates nested too deeply (more than \(TemplateRenderer.maxLevel) levels of tags,"
          + " includes and macro calls)", at: Self.nodeOffset(first))
    }
    for node in nodes {
      try step(at: Self.nodeOffset(node))
      switch node {
      case .text(let text, let at):
        out.append(contentsOf: text.utf8)
        try checkOutput(at: at)
      case .urlValue(let starts, _):
        if starts {
          urlValue = (out.count, false)
        } else {
          endURLValue()
        }
      case .output(let expr, let mode, let at):
        let value = try eval(expr)
        if case .safe = value {
          writeMarkup(value, mode, origin: expr.markupOrigin)
        } else {
          write(value, mode)
        }
        try checkOutput(at: at)
      case .conditional(let branches, let otherwise, _):
        try render(try chosen(branches, otherwise))
      case .loop(let loop): try renderLoop(loop)
      case .assign(let name, let expr, _): try assign(name, expr)
      case .include(let expr, let at):
        urlValue?.dynamic = true
        let template = try load(try eval(expr), what: "include", at: at)
        // What the included template sets stays in it (Jinja's meaning).
        scopes.push()
        defer { scopes.pop() }
        try renderTemplate(template, at: at)
      case .block(let name, _): try renderBlock(name, level: 0)
      case .importMacros(let expr, let alias, let at): try importMacros(expr, alias, at)
      }
    }
  }

  /// Counts one step of work (a node, a loop turn) and stops a run that took too many.
  mutating func step(at offset: Int) throws(TemplateError) {
    steps += 1
    guard steps > environment.maxSteps else { return }
    throw error(
      "the template does more than \(environment.maxSteps) steps of work (the step limit);"
        + " is a loop or macro running away?", at: offset)
  }

  /// Stops a render whose output has grown beyond the output limit, at the node that wrote
  /// the byte too many.
  private mutating func checkOutput(at offset: Int) throws(TemplateError) {
    guard out.count > environment.maxOutputBytes else { return }
    throw error(
      "the output grows beyond \(ValueOperations.size(environment.maxOutputBytes)), the most"
        + " one page may have (the output limit)", at: offset)
  }

  private mutating func assign(_ name: String, _ expr: Expr) throws(TemplateError) {
    let (value, origin) = try evalKeepingOrigin(expr)
    scopes.set(name, value, origin: origin)
  }

  private mutating func importMacros(_ expr: Expr, _ alias: String, _ at: Int)
    throws(TemplateError)
  {
    let template = try load(try eval(expr), what: "import", at: at)
    scopes.set(alias, .dictionary(template.macroValues), origin: nil)
  }

  /// Runs what a child template says outside its blocks that Jinja runs too: its `set`s and
  /// `import`s (also inside `if`s), so its blocks and its parents see them (the "active
  /// page" pattern). Its text, outputs, loops and includes are not rendered.
  private mutating func declare(_ nodes: [Node]) throws(TemplateError) {
    for node in nodes {
      switch node {
      case .assign(let name, let expr, _): try assign(name, expr)
      case .importMacros(let expr, let alias, let at): try importMacros(expr, alias, at)
      case .conditional(let branches, let otherwise, _):
        try declare(try chosen(branches, otherwise))
      default: continue
      }
    }
  }

  /// The body of the first branch whose condition holds, else `otherwise`.
  private mutating func chosen(_ branches: [(condition: Expr, body: [Node])], _ otherwise: [Node])
    throws(TemplateError) -> [Node]
  {
    for branch in branches where try truth(branch.condition) { return branch.body }
    return otherwise
  }

  private static func nodeOffset(_ node: Node) -> Int {
    switch node {
    case .output(_, _, let at), .include(_, let at), .importMacros(_, _, let at),
      .text(_, let at), .urlValue(_, let at), .conditional(_, _, let at), .assign(_, _, let at),
      .block(_, let at):
      return at
    case .loop(let loop): return loop.at
    }
  }

  /// Renders definition `level` of a block (0 is the most derived).
  mutating func renderBlock(_ name: String, level: Int) throws(TemplateError) {
    guard let chain = blockChains[name], level < chain.count else { return }
    let saved = (current, currentBlock)
    defer { (current, currentBlock) = saved }
    current = chain[level].template
    currentBlock = (name, level, scopes.frameCount)
    // What a block sets stays in the block (Jinja's meaning).
    scopes.push()
    defer { scopes.pop() }
    try render(chain[level].nodes)
  }

  private mutating func renderLoop(_ loop: ForLoop) throws(TemplateError) {
    let (sequence, origin) = try evalKeepingOrigin(loop.sequence, reading: ReadNode.shape)
    let element = origin?.everyElement()
    var pairs: [(key: TemplateValue, value: TemplateValue)] = []
    var items: [TemplateValue] = []
    switch sequence {
    case .array(let list): items = list
    case .dictionary, .object:
      for name in sequence.memberNames {
        pairs.append((.string(name), sequence.member(name) ?? .null))
      }
    case .null: break
    default: throw error("cannot loop over \(sequence.typeName)", at: loop.at)
    }
    if let filter = loop.filter {
      (items, pairs) = try filtered(loop, items, pairs, filter, origin: element)
    }
    let isMap = items.isEmpty && !pairs.isEmpty
    let count = isMap ? pairs.count : items.count
    guard count > 0 else {
      try render(loop.otherwise)
      return
    }
    if isMap == false, loop.names.count == 2 {
      throw error("two loop variables need a map to loop over, not a list", at: loop.at)
    }
    scopes.push()
    defer { scopes.pop() }
    for i in 0..<count {
      try step(at: loop.at)
      // Each turn starts afresh: what the last one set is gone (as in Jinja).
      if i > 0 { scopes.clearFrame() }
      if isMap {
        bind(loop.names, pairs[i].key, value: pairs[i].value, origin: element)
      } else {
        bind(loop.names, items[i], value: nil, origin: element)
      }
      scopes.set("loop", .object(LoopInfo(index0: i, length: count)), origin: nil)
      try render(loop.body)
    }
  }

  /// The items (or map entries) of a loop for which its `if` filter holds, each tested with
  /// the loop variables bound to it.
  private mutating func filtered(
    _ loop: ForLoop, _ items: [TemplateValue],
    _ pairs: [(key: TemplateValue, value: TemplateValue)],
    _ filter: Expr, origin: ReadNode?
  ) throws(TemplateError) -> ([TemplateValue], [(key: TemplateValue, value: TemplateValue)]) {
    scopes.push()
    defer { scopes.pop() }
    var keptItems: [TemplateValue] = []
    var keptPairs: [(key: TemplateValue, value: TemplateValue)] = []
    for item in items {
      try step(at: loop.at)
      bind(loop.names, item, value: nil, origin: origin)
      if try truth(filter) { keptItems.append(item) }
    }
    for pair in pairs {
      try step(at: loop.at)
      bind(loop.names, pair.key, value: pair.value, origin: origin)
      if try truth(filter) { keptPairs.append(pair) }
    }
    return (keptItems, keptPairs)
  }

  /// Binds a loop's variables: to a list's item, or to a map's key and (with a second
  /// name) its value; `origin` is the context path of the item or value.
  private mutating func bind(
    _ names: [String], _ item: TemplateValue, value: TemplateValue?, origin: ReadNode?
  ) {
    guard let value else {
      scopes.set(names[0], item, origin: origin)
      return
    }
    scopes.set(names[0], item, origin: nil)
    if names.count == 2 { scopes.set(names[1], value, origin: origin) }
  }

  /// Writes a value escaped for its context (safe values as they are, but where a URL
  /// starts even a safe value with a scheme other than the allowed ones is `#blocked`:
  /// `href="{{ url | e }}"` is a common habit, and escaping never made a URL safe).
  /// Ends the URL attribute value being written: when values, includes or macros went into
  /// it and the whole value, as a browser reads it, has a scheme other than the allowed
  /// ones, it becomes `#blocked`. Each value is checked as it is written too (`safeURL`);
  /// this catches a scheme that only the whole makes: `href="{{ a }}:{{ b }}"`,
  /// `{{ a }}&#58;…`, a colon from an include or a branch.
  mutating func endURLValue() {
    defer { urlValue = nil }
    guard let value = urlValue, value.dynamic, value.start <= out.count,
      Escaping.hasBlockedScheme(out[value.start...])
    else { return }
    out.removeSubrange(value.start...)
    out.append(contentsOf: "#blocked".utf8)
  }

  mutating func write(_ value: TemplateValue, _ mode: EscapeMode) {
    urlValue?.dynamic = true
    if case .safe(let s) = value {
      let isURL = mode == .htmlURL || mode == .htmlTagURL
      out.append(contentsOf: (isURL && Escaping.safeURL(s) == "#blocked" ? "#blocked" : s).utf8)
      return
    }
    let clock = environment.clock
    switch mode {
    case .none: out.append(contentsOf: value.text(clock).utf8)
    case .htmlText, .htmlAttribute: Escaping.html(value.text(clock), into: &out)
    case .htmlURL: Escaping.html(Escaping.safeURL(value.text(clock)), into: &out)
    case .htmlTag: out.append(contentsOf: Escaping.htmlStrict(value.text(clock)).utf8)
    case .htmlTagURL:
      out.append(contentsOf: Escaping.htmlStrict(Escaping.safeURL(value.text(clock))).utf8)
    case .script:
      out.append(contentsOf: Escaping.scriptJSON(value.json(clock).serialized(pretty: false)).utf8)
    case .jsonValue:
      out.append(contentsOf: value.json(clock).serialized(pretty: false).utf8)
    case .htmlEventAttribute:
      Escaping.html(Escaping.scriptJSON(value.json(clock).serialized(pretty: false)), into: &out)
    case .scriptString: out.append(contentsOf: Escaping.jsString(value.text(clock)).utf8)
    case .htmlEventString: Escaping.html(Escaping.jsString(value.text(clock)), into: &out)
    case .htmlEventUnquoted:
      out.append(
        contentsOf: Escaping.htmlStrict(
          Escaping.scriptJSON(value.json(clock).serialized(pretty: false))
        ).utf8)
    case .htmlEventStringUnquoted:
      out.append(contentsOf: Escaping.htmlStrict(Escaping.jsString(value.text(clock))).utf8)
    case .htmlDocumentAttribute:
      var text = ""
      Escaping.html(value.text(clock), into: &text)
      out.append(contentsOf: Escaping.htmlStrict(text).utf8)
    case .ics: Escaping.icsText(value.text(clock), into: &out)
    case .icsParameter:
      out.append(contentsOf: Escaping.icsParameter(value.text(clock), quoted: false).utf8)
    case .icsQuotedParameter:
      out.append(contentsOf: Escaping.icsParameter(value.text(clock), quoted: true).utf8)
    case .jsonString: out.append(contentsOf: Escaping.jsonString(value.text(clock)).utf8)
    }
  }
}

extension TemplateRenderer {
  /// Writes markup (a safe value) where `{{ }}` put it. Markup is HTML text, or code where
  /// code goes (a script's JSON, a calendar's lines): as it is in text, in a script's code
  /// and in `.ics`, `.json` and plain templates. In an attribute or inside a string literal
  /// of a script it is raw only when the same `{{ }}` said so (`| safe`): markup that came
  /// in a value (a record's Markdown body) or from a macro is escaped there, so it can end
  /// neither the attribute nor the string (in an attribute its character references are
  /// kept, its quotes are not).
  mutating func writeMarkup(_ value: TemplateValue, _ mode: EscapeMode, origin: MarkupOrigin) {
    guard case .safe(let text) = value else { return write(value, mode) }
    switch mode {
    case .none, .htmlText, .script, .htmlEventAttribute, .htmlEventUnquoted, .ics, .icsParameter,
      .icsQuotedParameter, .jsonValue, .jsonString:
      write(value, mode)
    case .htmlDocumentAttribute:
      // Markup is the document's own: escaped once, so the browser reads it as markup.
      out.append(contentsOf: Escaping.htmlStrict(text).utf8)
    case .htmlURL, .htmlAttribute, .htmlTag, .htmlTagURL:
      guard origin != .explicit else { return write(value, mode) }
      urlValue?.dynamic = true
      let url = mode == .htmlURL || mode == .htmlTagURL
      let shown = url && Escaping.safeURL(text) == "#blocked" ? "#blocked" : text
      // Its character references are kept (they are the markup's own); the quotes, which
      // would end the attribute, are not (unquoted: every character that could end it).
      if mode == .htmlTag || mode == .htmlTagURL {
        out.append(contentsOf: Escaping.htmlStrict(shown).utf8)
      } else {
        out.append(contentsOf: Escaping.attributeQuotes(shown).utf8)
      }
    case .scriptString, .htmlEventString, .htmlEventStringUnquoted:
      guard origin != .explicit else { return write(value, mode) }
      write(.string(text), mode)
    }
  }
}

/// Where the markup a `{{ }}` prints comes from, as its expression says.
enum MarkupOrigin: Equatable {
  /// `| safe`: the template's author says it is right where it lands.
  case explicit
  /// Anything else: a macro's output, a value that was markup already (a record's
  /// Markdown body).
  case other
}

extension Expr {
  /// Where the markup this expression gives comes from (see `MarkupOrigin`).
  var markupOrigin: MarkupOrigin {
    guard case .filter(let inner, let call) = self else { return .other }
    return call.name == "safe" ? .explicit : inner.markupOrigin
  }
}

/// The `loop` variable of a `for`: `index`, `index0`, `first`, `last`, `length`,
/// `revindex`, `revindex0`.
struct LoopInfo: TemplateObject {
  let index0: Int
  let length: Int

  func member(_ name: String) -> TemplateValue? {
    switch name {
    case "index": return .int(index0 + 1)
    case "index0": return .int(index0)
    case "first": return .bool(index0 == 0)
    case "last": return .bool(index0 == length - 1)
    case "length": return .int(length)
    case "revindex": return .int(length - index0)
    case "revindex0": return .int(length - index0 - 1)
    default: return nil
    }
  }

  var memberNames: [String] {
    ["first", "index", "index0", "last", "length", "revindex", "revindex0"]
  }
}
