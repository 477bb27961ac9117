extension Markdown {
  /// The site's `markdown` filter: the value's text as HTML, marked safe, rendered with the
  /// options of the render environment (`RenderEnvironment.markdown`).
  static let filter = TemplateFilter { v, _, env in
    .safe(Markdown.html(v.text(env.clock), options: env.markdown))
  }.taking([])
}

/// Where a render environment keeps the markdown options.
private enum MarkdownOptionsKey: RenderEnvironmentKey {
  static let defaultValue = MarkdownOptions()
}

extension RenderEnvironment {
  /// Creates an environment whose `markdown` filter renders with `markdown`.
  public init(
    clock: LocalClock, currency: String = "USD", strict: Bool = false, markdown: MarkdownOptions
  ) {
    self.init(clock: clock, currency: currency, strict: strict)
    self.markdown = markdown
  }

  /// How the `markdown` filter treats raw HTML and punctuation (incremental builds hash it
  /// with the rest of the environment, in `PageFingerprint.environment`).
  public var markdown: MarkdownOptions {
    get { self[MarkdownOptionsKey.self] }
    set { self[MarkdownOptionsKey.self] = newValue }
  }
}
