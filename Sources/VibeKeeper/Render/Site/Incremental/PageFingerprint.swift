/// The fingerprint of one page's inputs: the build environment, the page's template and
/// path, the source of every template its render used, "today" when a date filter ran, and
/// what it read of its context (see `ReadSet`). Equal fingerprints mean the render would
/// give the same bytes, so the page can be left as published.
struct PageFingerprint: Equatable, Sendable {
  /// The environment's fingerprint.
  let environment: Fingerprint
  /// The fingerprint of each template's source, by name.
  let templates: [String: Fingerprint]
  /// The clock's date.
  let today: LocalDate

  /// Fingerprints for renders with `environment` and the templates of `library`;
  /// `codeIdentity` names the program that renders (a new version renders everything).
  init(environment: RenderEnvironment, library: TemplateLibrary, codeIdentity: String) {
    self.environment = PageFingerprint.environment(environment, codeIdentity: codeIdentity)
    var templates: [String: Fingerprint] = [:]
    for name in library.names {
      var h = StableHasher()
      h.add(library.sourceText(named: name) ?? "\u{0}unparsed")
      templates[name] = h.digest
    }
    self.templates = templates
    today = environment.clock.today
  }

  /// Everything about a build that every page's output may depend on.
  static func environment(_ env: RenderEnvironment, codeIdentity: String) -> Fingerprint {
    var h = StableHasher()
    h.add("vibekeeper render 3")
    h.add(codeIdentity)
    h.add(env.clock.timeZone.identifier)
    h.add(env.currency)
    h.add(UInt8(env.strict ? 1 : 0))
    h.add(UInt8(env.markdown.allowRawHTML ? 1 : 0))
    h.add(UInt8(env.markdown.smartPunctuation ? 1 : 0))
    h.add(env.maxDepth)
    h.add(env.maxSteps)
    h.add(env.maxOutputBytes)
    return h.digest
  }

  /// The fingerprint of rendering `template` to `path` with `reads`; `member` gives the
  /// digest of each variable read, by its position among the reads' members (see
  /// `digest(of:_:)`), `names` every variable's name
  /// (for renders that listed them).
  func of(
    template: String, path: String, reads: RenderReads,
    member: (Int, ReadSet.Member) -> Fingerprint, names: () -> [String]
  ) -> Fingerprint {
    var h = StableHasher()
    h.add(environment)
    h.add(template)
    h.add(path)
    h.add(reads.templates.count)
    for name in reads.templates {
      h.add(name)
      if let t = templates[name] { h.add(t) } else { h.add(UInt8(0)) }
    }
    if reads.today {
      h.add(today.year)
      h.add(today.month)
      h.add(today.day)
    }
    let root = reads.context
    h.add(root.flags)
    if root.flags != 0 {
      let all = names()
      h.add(all.count)
      for name in all { h.add(name) }
    }
    for (i, m) in root.members.enumerated() {
      h.add(m.name)
      h.add(member(i, m))
    }
    return h.digest
  }

  /// The digest of what `reads` see of a variable's value (nil: there is no such variable),
  /// a list read element by element as its elements' digests (`ReadSet.digest(of:reusing:)`).
  static func digest(of reads: ReadSet, _ value: TemplateValue?) -> Fingerprint {
    reads.digest(of: value).0
  }
}
