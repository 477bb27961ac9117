extension TemplateRenderer {
  /// Calls a macro (or `super()` inside a block) and returns its output, marked safe.
  mutating func call(_ callee: Expr, _ list: [Argument], _ at: Int) throws(TemplateError)
    -> TemplateValue
  {
    if case .variable("super", _) = callee {
      guard let block = currentBlock, let chain = blockChains[block.name],
        block.level + 1 < chain.count
      else {
        throw error("super() is only allowed in a block that overrides a parent's block", at: at)
      }
      // The parent's definition sees what the block saw when it began, not what the block
      // has set since (as in Jinja).
      return .safe(
        try capture { r throws(TemplateError) in
          let hidden = r.scopes.keepFrames(block.frames)
          defer { r.scopes.leave(hidden) }
          try r.renderBlock(block.name, level: block.level + 1)
        })
    }
    if case .variable("range", _) = callee, scopes.lookup("range") == nil {
      return try range(list, at)
    }
    let target = try eval(callee)
    guard case .macro(let macro) = target else {
      throw error(
        "\(describe(callee)) is \(target.typeName), not a macro that can be called", at: at)
    }
    let args = try trackedArguments(list)
    guard args.positional.count <= macro.parameters.count else {
      throw error(
        "macro '\(macro.name)' takes \(macro.parameters.count) arguments, "
          + "got \(args.positional.count)", at: at)
    }
    if !args.named.isEmpty {
      let names = macro.parameters.map(\.name)
      for key in args.named.keys.sorted() where !names.contains(key) {
        throw error(
          "macro '\(macro.name)' has no parameter '\(key)'" + .didYouMean(key, in: names),
          at: at)
      }
    }
    guard stack.count < environment.maxDepth else {
      throw error("macro calls nested more than \(environment.maxDepth) levels deep", at: at)
    }
    guard let home = templates[macro.templateName] else {
      throw error("macro '\(macro.name)' is not available here", at: at)
    }
    var parameters: [TemplateScopes.Binding] = []
    parameters.reserveCapacity(macro.parameters.count)
    let savedPlace = (current, currentBlock)
    current = home
    // A macro is not a block: `super()` in it is an error (undefined in Jinja).
    currentBlock = nil
    var defaults: [(name: String, value: Expr?)] = []
    for (i, parameter) in macro.parameters.enumerated() {
      var argument: (TemplateValue, ReadNode?)
      if let value = args.named[parameter.name] {
        argument = value
      } else if i < args.positional.count {
        argument = args.positional[i]
      } else {
        defaults.append((parameter.name, parameter.defaultValue))
        continue
      }
      parameters.append(
        TemplateScopes.Binding(name: parameter.name, value: argument.0, origin: argument.1))
    }
    // The data, then the macros of the template that defines it, then its parameters.
    let savedScopes = scopes.enterMacro(macros: home.macroValues, parameters: parameters)
    stack.append(macro.name + "()")
    defer {
      (current, currentBlock) = savedPlace
      scopes.leave(savedScopes)
      stack.removeLast()
    }
    // Defaults are worked out in the macro's own scope, as Jinja does: they see the
    // parameters given (`b=a`) and the template's names, never the caller's loop variables.
    for (name, fallback) in defaults {
      scopes.set(
        name, try fallback.map { e throws(TemplateError) in try eval(e) } ?? .null, origin: nil)
    }
    let output = try capture { r throws(TemplateError) in try r.render(macro.body) }
    try account(.safe(output), at: at)
    return .safe(output)
  }

  /// `range(stop)`, `range(start, stop)`, `range(start, stop, step)`: the whole numbers
  /// from `start` (0) up to but not including `stop`, `step` (1) apart, as in Jinja; a
  /// range longer than the value limit allows is refused before it is made.
  private mutating func range(_ list: [Argument], _ at: Int) throws(TemplateError)
    -> TemplateValue
  {
    let args = try arguments(list)
    var bounds: [Int] = []
    for value in args.positional {
      guard case .int(let n) = value else {
        throw error("range() needs whole numbers, not \(value.typeName)", at: at)
      }
      bounds.append(n)
    }
    guard args.named.isEmpty, (1...3).contains(bounds.count) else {
      throw error(
        "range() takes 1 to 3 whole numbers: range(stop), range(start, stop, step)", at: at)
    }
    let start = bounds.count > 1 ? bounds[0] : 0
    let stop = bounds.count > 1 ? bounds[1] : bounds[0]
    let step = bounds.count > 2 ? bounds[2] : 1
    guard step != 0 else { throw error("range() step must not be 0", at: at) }
    let (span, overflow) =
      step > 0 ? stop.subtractingReportingOverflow(start) : start.subtractingReportingOverflow(stop)
    let count = span <= 0 ? 0 : (span - 1) / Int(clamping: step.magnitude) + 1
    guard !overflow, count <= environment.maxValueBytes / 16 else {
      throw error(Self.tooLarge(environment), at: at)
    }
    let values = TemplateValue.array(stride(from: start, to: stop, by: step).map { .int($0) })
    try account(values, at: at)
    return values
  }

  /// Runs `body` with a fresh output buffer and returns what it wrote.
  private mutating func capture(_ body: (inout TemplateRenderer) throws(TemplateError) -> Void)
    throws(TemplateError) -> String
  {
    let saved = (out, urlValue)
    out = []
    urlValue = nil
    defer { (out, urlValue) = saved }
    try body(&self)
    return String(decoding: out, as: UTF8.self)
  }
}
