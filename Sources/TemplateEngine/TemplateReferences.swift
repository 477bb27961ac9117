/// The templates a template names in `extends`, `include` and `import`, found without
/// rendering it.
extension Template {
  /// The names this template refers to, or nil when one of them is an expression only a
  /// render can decide (`include page.layout`).
  var referencedNames: Set<String>? {
    var names: Set<String> = []
    var dynamic = false
    func note(_ expr: Expr) {
      if case .literal(.string(let name)) = expr { names.insert(name) } else { dynamic = true }
    }
    func walk(_ nodes: [Node]) {
      for node in nodes {
        switch node {
        case .include(let expr, _), .importMacros(let expr, _, _): note(expr)
        case .conditional(let branches, let otherwise, _):
          for branch in branches { walk(branch.body) }
          walk(otherwise)
        case .loop(let loop):
          walk(loop.body)
          walk(loop.otherwise)
        case .text, .urlValue, .output, .assign, .block: break
        }
      }
    }
    if let parent { note(parent) }
    walk(nodes)
    for body in blocks.values { walk(body) }
    for macro in macros.values { walk(macro.body) }
    return dynamic ? nil : names
  }
}

extension TemplateLibrary {
  /// Whether rendering the template called `name` may use a template from the user's
  /// folder: it is one, or it extends, includes or imports one (directly or through
  /// others), or it names a template by an expression while the user's folder has any.
  public func reachesUserTemplate(_ name: String) -> Bool {
    var seen: Set<String> = []
    var pending = [name]
    while let next = pending.popLast() {
      guard seen.insert(next).inserted else { continue }
      if isUserTemplate(next) { return true }
      guard let template = try? template(named: next) else { continue }
      guard let names = template.referencedNames else { return hasUserTemplates }
      pending.append(contentsOf: names)
    }
    return false
  }
}
