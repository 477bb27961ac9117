import Foundation

/// Renders every page of the site from a household and its analysis: a pure function of
/// its inputs (the same data, templates and clock give the same bytes).
public struct SiteRenderer: Sendable {
  /// The household.
  public let household: Household
  /// The analyses at the build's "now".
  public let analysis: HouseholdAnalysis
  /// The templates.
  public let library: TemplateLibrary
  /// Undefined variables are errors.
  public let strict: Bool
  /// The bytes of every media file, by path inside the data folder (`media/x.png`).
  public let media: [String: [UInt8]]
  /// When records last changed (the DTSTAMP of their calendar events).
  public let feedStamps: FeedStamps
  /// What the previous build's feeds published (for SEQUENCE), when known.
  public let previousFeedState: FeedState?

  /// Creates a renderer.
  public init(
    household: Household, analysis: HouseholdAnalysis, library: TemplateLibrary, strict: Bool,
    media: [String: [UInt8]], feedStamps: FeedStamps = FeedStamps(),
    previousFeedState: FeedState? = nil
  ) {
    self.household = household
    self.analysis = analysis
    self.library = library
    self.strict = strict
    self.media = media
    self.feedStamps = feedStamps
    self.previousFeedState = previousFeedState
  }

  /// What rendering produced.
  public struct Output: Sendable {
    /// The files of the site, in path order.
    public var files: [OutputFile] = []
    /// Template warnings and errors, missing media.
    public var diagnostics: [Diagnostic] = []
    /// HTML pages rendered.
    public var pages = 0
    /// Calendar feeds rendered.
    public var feeds = 0
    /// Whether any template failed (then the site must not be published).
    public var failed = false
  }

  /// Renders the site; `progress` is told after each page (done, total).
  public func render(progress: (@Sendable (Int, Int) -> Void)? = nil) -> Output {
    var out = Output()
    let links = Permalinks(household)
    var sizes: [String: (width: Int, height: Int)] = [:]
    for (path, bytes) in media { sizes[path] = ImageSize.of(bytes) }
    let settings = household.settings
    let values = SiteValues(
      household: household, analysis: analysis, links: links,
      markdown: MarkdownOptions(
        allowRawHTML: settings.markdown.unsafeHTML,
        smartPunctuation: settings.markdown.smartPunctuation),
      mediaSizes: sizes)
    let model = SiteModel(values: values)
    let environment = RenderEnvironment(
      clock: analysis.clock, currency: settings.currency, strict: strict,
      markdown: values.markdown)
    let pages = SitePlan.pages(library: library, model: model, links: links)
    let feeds = Feeds(
      FeedInputs(household: household, analysis: analysis, stamps: feedStamps, links: links),
      previous: previousFeedState)
    var globals = model.globals
    for (k, v) in feeds.templateValues { globals[k] = v }
    // The index inline for the search page (fetch of a local file is blocked from file://);
    // JSONValue escapes <, > and & so it is safe inside a <script> element.
    let searchIndex = SearchIndex.json(household, links: links).serialized(pretty: false)
    for (n, page) in pages.enumerated() {
      var context = globals
      for (k, v) in page.context { context[k] = v }
      if page.template == "search.html" { context["search_index"] = .safe(searchIndex) }
      do {
        let result = try library.render(page.template, context: context, environment: environment)
        out.diagnostics += result.warnings
        out.files.append(OutputFile(path: page.path, text: result.output))
        if page.path.hasSuffix(".html") { out.pages += 1 }
        if page.path.hasSuffix(".ics") { out.feeds += 1 }
      } catch {
        out.diagnostics.append(error.diagnostic)
        out.failed = true
      }
      progress?(n + 1, pages.count)
    }
    out.files.append(OutputFile(path: "search-index.json", text: searchIndex))
    if pages.contains(where: { $0.path.hasSuffix(".ics") }) {
      out.files.append(OutputFile(path: FeedState.fileName, text: feeds.state.json))
    }
    for path in media.keys.sorted() {
      out.files.append(OutputFile(path: path, bytes: media[path] ?? []))
    }
    for gift in household.gifts {
      if let photo = gift.photo, media[photo] == nil {
        out.diagnostics.append(
          Diagnostic(
            .warning, gift.meta.location, "the photo \(photo) of gift '\(gift.id)' does not exist",
            hint: "put the image at data/\(photo), or correct the `photo:` path"))
      }
    }
    out.files.sort { $0.path < $1.path }
    return out
  }
}
