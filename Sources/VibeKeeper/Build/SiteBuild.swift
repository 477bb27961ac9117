import Foundation

/// The whole pipeline as named steps: load the data folder, analyse it at "now", plan
/// (templates and what the last build left), render the site, publish it atomically.
/// `vibekeeper check` is the same build without the publish step, rendering only the pages
/// the user's templates reach, so both report the same diagnostics. A build whose
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
  /// Render every page, even those whose inputs did not change since the published site,
  /// and read the git history whole.
  public var full = false
  /// Names the program (its version or binary): pages the published site got from another
  /// program are rendered again.
  public var codeIdentity = ""
  /// What an earlier build in this process decoded (`watch`): unchanged files are not
  /// decoded again. Without it (or with an empty one), the decode cache file an earlier
  /// build left beside the output is read (`DecodeCacheFile`), and the build, when it
  /// publishes, writes it anew if anything was decoded.
  public var loadCache: LoadCache?
  /// What the last render in this process made (`watch`, `serve`): what is the same is
  /// taken from it instead of made again (see `RenderMemory`). Nil: nothing is kept.
  public var renderMemory: RenderMemory?
  /// The files (absolute paths) a watcher saw change since the load of `loadCache` began,
  /// when it can vouch that no other file changed (the kernel's events, watching since
  /// before that load): the data files not among them are taken from `loadCache` without a
  /// look. Nil: every file's stamp is looked at.
  public var changedFiles: [String]?
  /// What an earlier build in this process read of the data folder's git history: only
  /// the commits since are read. Without it, the history a build left beside the output
  /// is the start (`GitHistoryFile`), and a build that publishes writes it anew when the
  /// history moved.
  public var gitHistory: GitHistory?
  /// The templates an earlier build in this process parsed (`watch`, `serve`): those whose
  /// text is the same are not parsed again.
  public var library: TemplateLibrary?
  /// What earlier publishes in this process read and wrote beside the output (`watch`,
  /// `serve`): the manifests and the last build state are not parsed again.
  public var publishMemory: PublishMemory?
  /// Called the moment a new site is live in the output (`serve` tells the browsers to
  /// reload), before what the exchange left is cleared; while the output is locked, so it
  /// must be quick and must never publish into the same output.
  public var whenLive: (@Sendable () -> Void)?
  /// Whether the site is published (false: `check`, which renders in memory only).
  public var publishes = true
  /// Publish even when the data gives far fewer records than the published site has
  /// (records really were removed); otherwise that build fails, as a wrong `--data` or a
  /// checkout in progress would.
  public var allowsShrinking = false
  /// The address the site is served at (`serve`), used as `base_url` when the settings
  /// give none.
  public var servedAt: String?
  /// A local build (`build --local`, `serve` on loopback): the dashboard shows the secret
  /// feed addresses with their QR codes. Never publish such a site.
  public var showsSecretAddresses = false
  /// The errors of the site being served, by message and count (`serve` and `watch`,
  /// from the last published build's `Outcome.errorCounts`): a rebuild with an error
  /// beyond them publishes nothing, so an edit in progress (a typo as it is saved) never
  /// takes a record off the live site or out of its feeds. Nil (`build`): a record with
  /// an error is left out and the rest published.
  public var servedErrors: [String: Int]?

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

  /// What a process that builds again (`watch`, `serve`) keeps from one build for the
  /// next: what it decoded and what it rendered.
  public struct Kept: Sendable {
    /// The decoded files.
    public var loadCache = LoadCache()
    /// What the render made.
    public var renderMemory = RenderMemory()
    /// What was read of the git history.
    public var gitHistory: GitHistory?
    /// The templates, as parsed.
    public var library: TemplateLibrary?
    /// The manifests and build state beside the output (shared from build to build).
    public var publishMemory = PublishMemory()

    /// Nothing kept yet.
    public init() {}

    /// What `outcome` leaves for the next build (what it did not get to, as it was).
    public mutating func update(from outcome: Outcome) {
      loadCache = outcome.loadCache ?? LoadCache()
      if let memory = outcome.renderMemory { renderMemory = memory }
      if let history = outcome.gitHistory { gitHistory = history }
      if let parsed = outcome.library { library = parsed }
    }
  }

  /// Keeps `kept` for this build (nil: nothing is kept).
  public mutating func keep(_ kept: Kept?) {
    loadCache = kept?.loadCache
    renderMemory = kept?.renderMemory
    gitHistory = kept?.gitHistory
    library = kept?.library
    publishMemory = kept?.publishMemory
  }

  /// What a build did.
  public struct Outcome: Sendable {
    /// Every diagnostic, in the order `BuildDiagnostics` gives.
    public var diagnostics: [Diagnostic] = []
    /// The records loaded.
    public var household = Household()
    /// HTML pages and calendar feeds rendered or kept.
    public var pages = 0
    public var feeds = 0
    /// Pages and feeds rendered, and left as published because nothing they read changed.
    public var rendered = 0
    public var skipped = 0
    /// What publishing did, when it happened.
    public var published: Publisher.Stats?
    /// Why nothing was published, when that is the case (always nil for a check).
    public var failure: BuildFailure?
    /// How long each step took.
    public var steps = StepTimes()
    /// What this build decoded, for the next build in the same process.
    public var loadCache: LoadCache?
    /// What this build read of the git history, for the next build in the same process.
    public var gitHistory: GitHistory?
    /// The templates this build parsed, for the next build in the same process.
    public var library: TemplateLibrary?
    /// What this build rendered, for the next build in the same process (nil when the
    /// build was given no `renderMemory`, or stopped before rendering).
    public var renderMemory: RenderMemory?
    /// Record files decoded (the others came from `loadCache`).
    public var decodedFiles = 0
    /// When what the site shows about "now" changes next (`NextChange`): `serve` rebuilds
    /// then. Nil when the build stopped before the analysis.
    public var nextChange: Date?
    /// The "now" the build ran at; nil when it stopped before the analysis.
    public var now: Date?

    /// The errors among the diagnostics, and the record files found empty, by message and
    /// count (see `servedErrors`).
    public var errorCounts: [String: Int] {
      Dictionary(
        diagnostics.filter(SiteBuild.holdsBack).map { ($0.message, 1) }, uniquingKeysWith: +)
    }

    /// Records loaded.
    public var records: Int { household.recordCount }
  }

  /// The first two steps alone (what `report` needs): the data and its analysis at the
  /// clock `clock` gives for the data's settings, decoding only what changed since the
  /// decode cache beside the output was written. Rethrows the clock's error.
  public func analyse(clock makeClock: (Settings) throws -> LocalClock) rethrows -> (
    LoadedData, HouseholdAnalysis
  ) {
    // The decode cache a build left beside the output is read, never written.
    let cache = DecodeCacheFile.read(decodeCachePath, identity: codeIdentity)
    let loaded = loadStep(readsEverything: false, cache: cache).run()
    let clock = try makeClock(loaded.household.settings)
    return (loaded, HouseholdAnalysis(loaded.household, clock: clock))
  }

  /// Runs the build at the clock `clock` gives for the data's settings (its time zone);
  /// `progress` is told after each rendered page. Rethrows the clock's error.
  public func run(
    clock makeClock: (Settings) throws -> LocalClock,
    progress: (@Sendable (Int, Int) -> Void)? = nil
  ) rethrows -> Outcome {
    var outcome = Outcome()
    // The templates and the last build's state are read while the data loads (the plan
    // needs nothing of the data, and reading it is mostly one thread's work).
    let planStep = PlanStep(
      templates: templates, templatesDisplay: templatesDisplay,
      publisher: publishes ? self.publisher : nil, full: full, previousLibrary: library)
    let ((firstLoad, fromDisk, knownHistory), planned) = Parallel.pair(
      { () -> (LoadedData, LoadCache?, GitHistory?) in
        // A process's first load reads the decode cache the last build left beside the
        // output.
        let fromDisk =
          loadCache?.isEmpty ?? true
          ? DecodeCacheFile.read(decodeCachePath, identity: codeIdentity) : nil
        // And the git history it left, when none is kept (`--full` reads it all again).
        let knownHistory =
          full
          ? nil
          : gitHistory ?? (publishes ? GitHistoryFile.read(gitHistoryPath, root: dataPath) : nil)
        var step = loadStep(
          readsEverything: publishes,
          cache: fromDisk ?? loadCache ?? (publishes ? LoadCache() : nil))
        step.knownHistory = knownHistory
        if fromDisk == nil { step.changed = changedInData }
        return (step.run(), fromDisk, knownHistory)
      }, { planStep.run() })
    var loaded = firstLoad
    if loaded.household.settings.baseURL == nil, let servedAt {
      loaded.household.settings.baseURL = servedAt
    }
    outcome.decodedFiles = loaded.decodedFiles
    // Written by a process's first build (later ones in `watch` and `serve` keep theirs in
    // memory, so an edit is not held up writing it), never beside an output the publisher
    // refuses (one inside the data folder).
    if publishes, loadCache?.isEmpty ?? true, let cache = loaded.cache,
      loaded.decodedFiles > 0 || cache.fileCount != fromDisk?.fileCount,
      (try? publisher.checkLocation(output.standardizedFileURL)) != nil
    {
      DecodeCacheFile.write(cache, to: decodeCachePath, identity: codeIdentity)
    }
    if publishes, let history = loaded.gitHistory,
      history.head != knownHistory?.head || history.prefix != knownHistory?.prefix,
      (try? publisher.checkLocation(output.standardizedFileURL)) != nil
    {
      GitHistoryFile.write(history, to: gitHistoryPath, root: dataPath)
    }
    outcome.gitHistory = loaded.gitHistory
    // Only a process that builds again (`watch`, `serve`) keeps the cache in memory, and
    // without the bytes read from the file (only its first build read them).
    if loadCache == nil {
      loaded.cache = nil
    } else if fromDisk != nil {
      loaded.cache = loaded.cache?.decodedOnly
    }
    outcome.loadCache = loaded.cache
    outcome.household = loaded.household
    outcome.steps.finish("load")
    let analysis = HouseholdAnalysis(
      loaded.household, clock: try makeClock(loaded.household.settings))
    outcome.diagnostics = BuildDiagnostics.collect(loaded: loaded, analysis: analysis)
    outcome.nextChange = NextChange.after(analysis)
    outcome.now = analysis.clock.now
    outcome.steps.finish("analyse")
    let publisher = publishes ? self.publisher : nil
    let plan: BuildPlan
    switch planned {
    case .success(let p):
      plan = p
      outcome.library = p.library
    case .failure(let failure):
      outcome.diagnostics.append(
        Diagnostic(
          .error, SourceLocation(file: templatesDisplay ?? "templates", line: 1, column: 1),
          failure.description))
      // The diagnostic says what is wrong; the failure only that nothing was published.
      if publishes {
        outcome.failure = BuildFailure(
          "the template folder cannot be used, so nothing was published")
      }
      return outcome
    }
    outcome.steps.finish("plan")
    if publishes, let refusal = refusal(loaded, published: plan.state.records) {
      outcome.failure = refusal
      return outcome
    }
    let site = render(loaded, analysis, plan, progress: progress)
    outcome.diagnostics = BuildDiagnostics.collect(
      loaded: loaded, analysis: analysis, templates: plan.library.diagnostics,
      site: site.diagnostics)
    outcome.rendered = site.rendered
    outcome.skipped = site.skipped
    outcome.renderMemory = site.memory
    outcome.pages = site.pages
    outcome.feeds = site.feeds
    outcome.steps.finish("render", parts: site.steps)
    guard let publisher else { return outcome }
    outcome.failure = verdict(site, templates: plan.library.diagnostics, all: outcome.diagnostics)
    guard outcome.failure == nil else { return outcome }
    do {
      let state = BuildState(
        pages: site.record, feeds: site.feedState, records: loaded.household.recordCount)
      // The state is made while the tree is updated; the browsers reload the moment the
      // site is live, before what the exchange left is cleared.
      outcome.published = try publisher.publish(
        site.files,
        whenLive: {
          outcome.steps.finish("publish")
          whenLive?()
        },
        state: { [publishMemory] in
          let bytes = state.bytes
          publishMemory?.remember(state, bytes: bytes)
          return bytes
        })
    } catch let error as PublishError where error.staleReuse != nil {
      outcome.failure = BuildFailure(
        "the published site changed while this build ran (\(error.staleReuse ?? "")), so nothing was published; build again"
      )
    } catch {
      outcome.failure = BuildFailure("\(error)")
    }
    outcome.steps.finish(outcome.steps.steps.last?.name == "publish" ? "after" : "publish")
    return outcome
  }

  /// Why what was loaded must not replace the published site: the data folder could not
  /// be read, its settings have an error, or it gives less than half the records the
  /// published site was built from (at least ten), unless `allowsShrinking`.
  private func refusal(_ loaded: LoadedData, published: Int?) -> BuildFailure? {
    guard loaded.folderReadable else {
      return BuildFailure("the data folder \(dataDisplay) cannot be read, so nothing was published")
    }
    // The settings say what is private and where the feeds go: with an error there, a
    // site built on the defaults could show what the user keeps private.
    guard loaded.settingsUsable else {
      return BuildFailure(
        "the settings have an error, so nothing was published (they say what is private and where the feeds go); fix it and build again"
      )
    }
    let records = loaded.household.recordCount
    guard !allowsShrinking, let published, published >= 10, records * 2 < published else {
      return nil
    }
    return BuildFailure(
      "\(dataDisplay) gives \(records) records where the published site has \(published), so nothing was published (a wrong --data, or a checkout in progress?); if the records were really removed, build with --allow-shrink"
    )
  }

  /// The load step of this build, reusing `cache` (nil: nothing is kept).
  private func loadStep(readsEverything: Bool, cache: LoadCache? = nil) -> LoadStep {
    LoadStep(
      data: data, display: dataDisplay, jobs: jobs, cache: cache,
      readsEverything: readsEverything)
  }

  /// Where the decode cache is kept: in the output's hidden state folder, beside the
  /// published tree (`._site.vibekeeper/decode-cache`), never in the data folder.
  var decodeCachePath: String {
    SiteTrees(output: output).state + "/" + DecodeCacheFile.name
  }

  /// Where the git history is kept: beside the decode cache (`._site.vibekeeper/git-history`).
  var gitHistoryPath: String {
    SiteTrees(output: output).state + "/" + GitHistoryFile.name
  }

  /// The data folder's absolute path (what the git history file is about).
  private var dataPath: String { data.standardizedFileURL.path }

  /// `changedFiles` inside the data folder, as paths inside it.
  private var changedInData: Set<String>? {
    let root = dataPath.hasSuffix("/") ? dataPath : dataPath + "/"
    return changedFiles.flatMap { paths in
      // The folder itself named (a watcher whose events were lost says so): anything in
      // it may have changed.
      if paths.contains(where: { root.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) {
        return nil
      }
      return Set(paths.filter { $0.hasPrefix(root) }.map { String($0.dropFirst(root.count)) })
    }
  }

  /// The publish step's publisher, which never writes into the data or template folder.
  private var publisher: Publisher {
    var protected = [data]
    if let templates { protected.append(templates) }
    var publisher = Publisher(output: output, protecting: protected)
    publisher.jobs = jobs
    publisher.memory = publishMemory
    return publisher
  }

  /// Why nothing could ever be published into the output folder (it is, holds or sits in
  /// the data or templates folder), or nil: `watch` and `serve` stop on it at once.
  public var outputProblem: PublishError? {
    do {
      try publisher.checkLocation(output.standardizedFileURL)
      return nil
    } catch let error as PublishError {
      return error
    } catch {
      return PublishError("\(error)")
    }
  }

  /// Whether `d`, new in an edit, holds the served site back (`servedErrors`): an error,
  /// or a record file found empty (an editor that empties a file before it writes it, a
  /// select-all and delete saved on the way: the record must not leave the site for it).
  static func holdsBack(_ d: Diagnostic) -> Bool {
    d.severity == .error || d.message.hasPrefix(RecordFile.emptyFile)
  }

  /// The render step.
  private func render(
    _ loaded: LoadedData, _ analysis: HouseholdAnalysis, _ plan: BuildPlan,
    progress: (@Sendable (Int, Int) -> Void)?
  ) -> SiteRenderer.Output {
    // Private records and kinds are never rendered; the analysis of what is published
    // gives the site's figures, so nothing private shows through a total either.
    let view = PublishedView(loaded.household)
    // A check that renders nothing needs only the records' order (`SiteModel(outline:)`
    // keeps the published ones in the whole analysis's order), not a second analysis.
    let rendered = SiteRenderer.renderedTemplates(plan.library, builtInPages: publishes)
    let shown =
      view.leftOut && rendered?.isEmpty != true
      ? HouseholdAnalysis(view.household, clock: analysis.clock) : analysis
    var renderer = SiteRenderer(
      household: view.household, analysis: shown, library: plan.library, strict: strict,
      media: loaded.media.filter { !view.hiddenMedia.contains($0.key) },
      feedStamps: FeedStamps(commits: loaded.commitTimes), previousFeedState: plan.state.feeds)
    renderer.jobs = jobs
    renderer.codeIdentity = codeIdentity
    renderer.lastBuild = plan.state.pages
    renderer.publishedFiles = plan.state.published
    renderer.showsSecretAddresses = showsSecretAddresses
    renderer.recordsReads = publishes
    renderer.rendersBuiltInPages = publishes
    renderer.memory = renderMemory
    return renderer.render(progress: progress)
  }

  /// Why the rendered site must not be published, or nil.
  private func verdict(
    _ site: SiteRenderer.Output, templates: [Diagnostic], all diagnostics: [Diagnostic]
  ) -> BuildFailure? {
    if site.failed || templates.hasErrors {
      return BuildFailure("a template failed, so nothing was published")
    }
    if strict, diagnostics.hasErrors {
      return BuildFailure("--strict: there are errors, so nothing was published")
    }
    if var served = servedErrors {
      for d in diagnostics where SiteBuild.holdsBack(d) {
        guard let n = served[d.message], n > 0 else {
          return BuildFailure(
            "the change brings an error or empties a record file (above), so nothing was published; fix it and save again"
          )
        }
        served[d.message] = n - 1
      }
    }
    return nil
  }
}
