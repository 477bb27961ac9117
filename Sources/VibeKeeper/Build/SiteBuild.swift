import Foundation

/// The whole pipeline for `vibekeeper build`: load the data folder, analyse it at "now",
/// render the site through the templates, and publish it atomically. A build whose
/// templates fail (or, with `strict`, that has any error) publishes nothing, so the
/// previous site stays as it was.
public struct SiteBuild: Sendable {
  /// The data folder and how it is shown in messages.
  public var data: URL
  public var dataDisplay: String
  /// The user's template folder, if any (overrides the built-in templates by name).
  public var templates: URL?
  public var templatesDisplay: String?
  /// The output folder.
  public var output: URL
  /// Any error fails the build; undefined template variables are errors.
  public var strict = false
  /// How many files are decoded and pages rendered at once (default: one per processor).
  public var jobs = Parallel.defaultJobs
  /// Render every page, even those whose inputs did not change since the published site.
  public var full = false
  /// Names the program (its version or binary): pages the published site got from another
  /// program are rendered again.
  public var codeIdentity = ""
  /// What an earlier build in this process decoded (`watch`): unchanged files are not
  /// decoded again.
  public var loadCache: LoadCache?

  /// Creates a build.
  public init(
    data: URL, dataDisplay: String, templates: URL?, templatesDisplay: String?, output: URL
  ) {
    self.data = data
    self.dataDisplay = dataDisplay
    self.templates = templates
    self.templatesDisplay = templatesDisplay
    self.output = output
  }

  /// What a build did.
  public struct Outcome: Sendable {
    /// Every diagnostic, loader's first.
    public var diagnostics: [Diagnostic] = []
    /// Records loaded.
    public var records = 0
    /// HTML pages and calendar feeds written.
    public var pages = 0
    public var feeds = 0
    /// Pages and feeds rendered, and left as published because nothing they read changed.
    public var rendered = 0
    public var skipped = 0
    /// What publishing did, when it happened.
    public var published: Publisher.Stats?
    /// Why nothing was published, when that is the case.
    public var failure: String?
    /// How long each step took.
    public var steps = BuildSteps()
    /// What this build decoded, for the next build in the same process.
    public var loadCache: LoadCache?
    /// Record files decoded (the others came from `loadCache`).
    public var decodedFiles = 0
  }

  /// Runs the build at the clock `clock` gives for the data's settings (its time zone);
  /// `progress` is told after each rendered page. Rethrows the clock's error.
  public func run(
    clock makeClock: (Settings) throws -> LocalClock,
    progress: (@Sendable (Int, Int) -> Void)? = nil
  ) rethrows -> Outcome {
    var outcome = Outcome()
    var loader = DataLoader(root: data, displayRoot: dataDisplay)
    loader.jobs = jobs
    // The records load while git tells when each file last changed (for the feeds).
    let (load, stamps) = Parallel.pair(
      { [loader, loadCache] in
        loadCache.map { loader.load(reusing: $0) } ?? (loader.load(), nil)
      },
      { [data] in FeedStamps.read(dataFolder: data) })
    let loaded = load.0
    outcome.loadCache = load.1
    outcome.decodedFiles = loaded.decodedFiles
    outcome.steps.finish("load")
    let household = loaded.household
    outcome.records = household.recordCount
    let clock = try makeClock(household.settings)
    let analysis = HouseholdAnalysis(household, clock: clock)
    outcome.steps.finish("analyse")
    // The analyses' warnings (overlapping budgets, money in another currency) after the loader's.
    outcome.diagnostics = loaded.diagnostics + analysis.diagnostics
    let library: TemplateLibrary
    do {
      library = try TemplateLibrary(userFolder: templates, displayRoot: templatesDisplay)
    } catch {
      outcome.failure =
        "the template folder \(templatesDisplay ?? templates?.path ?? "") cannot be read"
      return outcome
    }
    outcome.diagnostics += library.diagnostics
    var media: [String: [UInt8]] = [:]
    for path in household.media {
      if let bytes = FileManager.default.contents(atPath: data.appendingPathComponent(path).path) {
        media[path] = [UInt8](bytes)
      }
    }
    let previousState = FileManager.default.contents(
      atPath: output.appendingPathComponent(FeedState.fileName).path
    ).flatMap(FeedState.init(json:))
    var renderer = SiteRenderer(
      household: household, analysis: analysis, library: library, strict: strict, media: media,
      feedStamps: stamps, previousFeedState: previousState)
    renderer.jobs = jobs
    renderer.codeIdentity = codeIdentity
    var protected = [data]
    if let templates { protected.append(templates) }
    var publisher = Publisher(output: output, protecting: protected)
    publisher.jobs = jobs
    if !full, let manifest = publisher.publishedManifest(),
      let bytes = FileManager.default.contents(
        atPath: output.appendingPathComponent(PageRecord.fileName).path)
    {
      renderer.lastBuild = PageRecord(bytes: [UInt8](bytes))
      renderer.publishedFiles = manifest.files
    }
    outcome.steps.finish("templates")
    var site = renderer.render(progress: progress)
    outcome.steps.finish("render")
    outcome.diagnostics += site.diagnostics
    outcome.rendered = site.rendered
    outcome.skipped = site.skipped
    outcome.pages = site.pages
    outcome.feeds = site.feeds
    if site.failed || library.diagnostics.hasErrors {
      outcome.failure = "a template failed, so nothing was published"
      return outcome
    }
    if strict, outcome.diagnostics.hasErrors {
      outcome.failure = "--strict: there are errors, so nothing was published"
      return outcome
    }
    do {
      outcome.published = try publisher.publish(site.files)
    } catch let error as PublishError where error.staleReuse != nil {
      // The published site changed under us (a page was edited or removed by hand):
      // render everything and publish that instead.
      renderer.lastBuild = nil
      site = renderer.render(progress: progress)
      outcome.rendered = site.rendered
      outcome.skipped = site.skipped
      do {
        outcome.published = try publisher.publish(site.files)
      } catch {
        outcome.failure = "\(error)"
      }
    } catch {
      outcome.failure = "\(error)"
    }
    outcome.steps.finish("publish")
    return outcome
  }
}
