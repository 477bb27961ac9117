import VibeBasics

/// Which template renders which output: the site's pages, one page per record, assets,
/// user pages and feeds. The template folder mirrors the output:
///
/// - `index.html`, `search.html`: the dashboard and the search page;
/// - `AREA/index.html`: the list page of an area (`contacts/index.html`);
/// - `AREA/record.html`: the page of each record of the area (`contacts/family/mom.html`);
/// - `assets/…`: copied through the engine to the same path (`assets/style.css`);
/// - `pages/NAME.EXT`: a user page, rendered to `NAME.EXT` with the whole model;
/// - `feeds/NAME.ics`: a calendar feed, rendered to `NAME.ics` (with `feeds: secret`, to
///   `feeds/TOKEN/NAME.ics`: `FeedAddresses`);
/// - names starting with `_` and everything under `partials/` are layouts and includes.
struct SitePlan {
  /// One output to render. Its fields live in one shared buffer (`CopyOnWrite`): a plan
  /// of 10,000 pages is passed, filtered and kept without copying each page's texts.
  struct Page {
    private struct Fields: Sendable {
      let template: String
      let path: String
      let context: [String: TemplateValue]
      let record: (kind: RecordKind, id: String, location: SourceLocation)?
      /// The record's value (`record` in the context), for a record page.
      let recordValue: TemplateValue?
      var recordValueTaken: Bool
      var reused = false
      let title: String
    }

    private var fields: CopyOnWrite<Fields>

    /// The template's name.
    var template: String { fields.value.template }
    /// The output path.
    var path: String { fields.value.path }
    /// The page's own context values (added to the globals).
    var context: [String: TemplateValue] { fields.value.context }
    /// The record the page shows, for a record page.
    var record: (kind: RecordKind, id: String, location: SourceLocation)? { fields.value.record }
    /// The value of the record a record page shows (its `record`).
    var recordValue: TemplateValue? { fields.value.recordValue }
    /// Whether the record's value is the last build's in this process (`RecordValue.isTaken`).
    var recordValueTaken: Bool {
      _read { yield fields.value.recordValueTaken }
      _modify { yield &fields.value.recordValueTaken }
    }
    /// Whether the page is the last build's in this process, taken whole (its record's
    /// value taken, and its template, path, title and so its every own value the same).
    var reused: Bool {
      _read { yield fields.value.reused }
      _modify { yield &fields.value.reused }
    }
    /// The page's title (`page.title`).
    var title: String { fields.value.title }

    /// A page.
    init(
      template: String, path: String, context: [String: TemplateValue],
      record: (kind: RecordKind, id: String, location: SourceLocation)? = nil,
      recordValueTaken: Bool = false, title: String = ""
    ) {
      fields = CopyOnWrite(
        Fields(
          template: template, path: path, context: context, record: record,
          recordValue: record == nil ? nil : context["record"], recordValueTaken: recordValueTaken,
          title: title))
    }

    /// What makes the page, for messages: `template pages/index.html` or `gift 'lamp'`.
    var origin: String {
      record.map { "\($0.kind.singular) '\($0.id)'" } ?? "template \(template)"
    }
  }

  /// Every name a page's own context may bind (`page`, `root`, and a record page's `record`
  /// and singular name): the names `pages(library:model:links:feeds:last:)` gives pages,
  /// known without walking 10,000 pages' contexts.
  static let contextNames: Set<String> = Set(
    ["page", "root", "record"] + Permalinks.pageKinds.map(singular))

  /// The singular name a record page's value also goes by (`contact`, `gift`, `list`).
  static func singular(_ kind: RecordKind) -> String {
    switch kind {
    case .shopping: "list"
    default: String(kind.singular)
    }
  }

  /// The paths of a plan found without a clash (no two pages with one path, no page where
  /// another is a folder, none on a reserved output), kept for the next build in the process:
  /// whether a plan clashes depends on its paths and the reserved outputs alone.
  struct ClashFree: Sendable {
    let paths: [String]
    let reserved: Set<String>

    /// Whether `pages` have these very paths, in this order, beside the same reserved outputs.
    func holds(_ pages: [Page], reserved: Set<String>) -> Bool {
      guard pages.count == paths.count, reserved == self.reserved else { return false }
      return zip(pages, paths).allSatisfy { $0.path.isSameText(as: $1) }
    }
  }

  /// The record pages of a build, in plan order, kept for the next build in the process
  /// (`watch`, `serve`).
  struct RecordPages: Sendable {
    fileprivate var ordered: [Page] = []
    /// The page addresses they were planned with (each page's path is its record's there).
    fileprivate var links: Permalinks.Identity?

    /// None.
    init() {}

    /// The record pages among `pages`, planned with `links`.
    init(_ pages: [Page], links: Permalinks.Identity) {
      ordered = pages.filter { $0.record != nil }
      self.links = links
    }
  }

  /// Each page kind's record template (`gifts/record.html`), made once: the plans of a
  /// process share its text, and comparing it with the last plan's is one look.
  static let recordTemplates: [RecordKind: String] = Dictionary(
    uniqueKeysWithValues: Permalinks.pageKinds.map { ($0, "\($0.folder)/record.html") })

  /// The last plan's record pages, walked in order as this plan is made: the page planned
  /// for the same record is most often the next one there (found without a look-up: by
  /// its record's id when the addresses are the last plan's, else by its path); else it
  /// is looked up by path (the table made on the first such miss).
  fileprivate struct RecordPagesWalk {
    let last: RecordPages
    private var next = 0
    private var byPath: [String: Int]?

    init(_ last: RecordPages) { self.last = last }

    /// The page planned last time for the record page about to be planned, when it is
    /// the same: same template, path (its record's in `links`), title and record, and a
    /// value taken as it was (the very value that page holds).
    mutating func same(
      _ template: String, _ record: RecordValue, kind: RecordKind, links: Permalinks
    ) -> Page? {
      let pages = last.ordered
      // The walk moves past the next page when it is this record's, taken or not (a page
      // planned anew keeps the walk in step, with no table to make for the one after). The
      // next page, for the same record, with the same addresses, has the same path.
      if next < pages.count, last.links === links.identity, let was = pages[next].record,
        was.kind == kind, was.id.isSameText(as: record.id)
      {
        next += 1
        guard record.isTaken else { return nil }
        return same(pages[next - 1], template, pages[next - 1].path, record, kind: kind)
      }
      guard let path = links.path(kind, record.id) else { return nil }
      if next < pages.count, pages[next].path.isSameText(as: path) {
        next += 1
        guard record.isTaken else { return nil }
        return same(pages[next - 1], template, path, record, kind: kind)
      }
      guard record.isTaken else { return nil }
      if byPath == nil {
        var table: [String: Int] = [:]
        table.reserveCapacity(pages.count)
        for (i, page) in pages.enumerated() { table[page.path] = i }
        byPath = table
      }
      guard let at = byPath?[path] else { return nil }
      next = at + 1
      return same(pages[at], template, path, record, kind: kind)
    }

    /// `last` when it is the page of `record` at `path` from `template`.
    private func same(
      _ last: Page, _ template: String, _ path: String, _ record: RecordValue, kind: RecordKind
    ) -> Page? {
      guard let was = last.record, was.kind == kind, was.id.isSameText(as: record.id),
        was.location == record.location, last.path.isSameText(as: path),
        last.template.isSameText(as: template), last.title.isSameText(as: record.title),
        last.recordValue?.isSame(as: record.value) == true
      else { return nil }
      return last
    }
  }

  /// Every page of the site, in a fixed order; a record page `last` planned the same way
  /// is taken from there.
  static func pages(
    library: TemplateLibrary, model: SiteModel, links: Permalinks, feeds: FeedAddresses,
    last: RecordPages? = nil
  ) -> [Page] {
    var pages: [Page] = []
    var walk = last.map(RecordPagesWalk.init)
    func page(
      _ template: String, _ path: String, _ title: String, area: String,
      _ extra: [String: TemplateValue] = [:],
      record: (kind: RecordKind, id: String, location: SourceLocation)? = nil, taken: Bool = false
    ) {
      var context = extra
      context["page"] = SiteValues.map([
        ("title", .string(title)), ("path", .string(path)), ("area", .string(area)),
      ])
      context["root"] = .string(Permalinks.root(of: path))
      pages.append(
        Page(
          template: template, path: path, context: context, record: record,
          recordValueTaken: taken, title: title))
    }
    let names = Set(library.names)
    for (name, title) in [("index.html", "Dashboard"), ("search.html", "Search")]
    where names.contains(name) {
      page(name, name, title, area: name == "index.html" ? "index" : "search")
    }
    for kind in Permalinks.pageKinds {
      let area = kind.folder
      let title = SiteModel.areas.first { $0.0 == area }?.1 ?? area
      if names.contains("\(area)/index.html") {
        page("\(area)/index.html", "\(area)/index.html", title, area: area)
      }
      guard let recordTemplate = recordTemplates[kind], names.contains(recordTemplate) else {
        continue
      }
      let name = singular(kind)
      for record in model.records[kind] ?? [] {
        if var same = walk?.same(recordTemplate, record, kind: kind, links: links) {
          // Set only when not yet (the page's fields are shared with the last plan).
          if !same.recordValueTaken { same.recordValueTaken = true }
          if !same.reused { same.reused = true }
          pages.append(same)
          continue
        }
        guard let path = links.path(kind, record.id) else { continue }
        page(
          recordTemplate, path, record.title, area: area,
          ["record": record.value, name: record.value],
          record: (kind, record.id, record.location), taken: record.isTaken)
      }
    }
    for name in library.names.sorted() {
      if name.hasPrefix("assets/") {
        page(name, name, name, area: "assets")
      } else if name.hasPrefix("pages/") {
        let path = String(name.dropFirst("pages/".count))
        page(name, path, path, area: "pages")
      } else if let feed = feedName(name) {
        // No secret for secret feeds: the loader reported it, and no feed is published.
        guard let path = feeds.path(of: feed) else { continue }
        page(name, path, feed + ".ics", area: "feeds")
      } else if name.hasPrefix("feeds/"), !feeds.isSecret {
        let path = String(name.dropFirst("feeds/".count))
        page(name, path, path, area: "feeds")
      }
    }
    return pages
  }

  /// The feed a template renders (`feeds/calendar.ics` → `calendar`), nil for others.
  static func feedName(_ template: String) -> String? {
    guard template.hasPrefix("feeds/"), template.hasSuffix(".ics") else { return nil }
    let name = template.dropFirst("feeds/".count).dropLast(".ics".count)
    return name.isEmpty || name.contains("/") ? nil : String(name)
  }

  /// The pages without those that would clash with an earlier one or with `reserved`
  /// outputs (the search index, media files), and an error for each page left out: two
  /// pages with one path (`pages/index.html` and the dashboard), or a page whose path puts
  /// a folder where another page is a file (a record id `partner.html/x`); and whether a
  /// template's own page was left out (a template error: nothing is published). A record's
  /// page left out is a data error: the rest of the site is published.
  /// `last` is a plan the last build in the process found without a clash: one with the
  /// very same paths and reserved outputs has none either, and is not checked again.
  static func withoutClashes(
    _ pages: [Page], reserved: Set<String>, library: TemplateLibrary, last: ClashFree? = nil
  ) -> (pages: [Page], diagnostics: [Diagnostic], templateLeftOut: Bool) {
    if let last, last.holds(pages, reserved: reserved) { return (pages, [], false) }
    var templateLeftOut = false
    // Who writes each path: a reserved output (nil) or the page at an index of `pages`
    // (its origin is only spelt out for a message).
    var owner: [String: Int?] = [:]
    for path in reserved { owner[path] = .some(nil) }
    func origin(_ path: String) -> String {
      guard let who = owner[path] else { return "" }
      return who.map { pages[$0].origin } ?? "the site's \(path)"
    }
    var diagnostics: [Diagnostic] = []
    func leaveOut(_ page: Page, _ message: String, hint: String) {
      if page.record == nil { templateLeftOut = true }
      let location =
        page.record?.location
        ?? SourceLocation(file: library.displayPath(of: page.template), line: 1, column: 1)
      diagnostics.append(Diagnostic(.error, location, message, hint: hint))
    }
    owner.reserveCapacity(owner.count + pages.count)
    // Pages are copied only when one is left out (most sites leave none out).
    var taken: [Int] = []
    for (i, page) in pages.enumerated() {
      if owner[page.path] != nil {
        leaveOut(
          page,
          "\(page.origin) would write \(page.path), which \(origin(page.path)) already writes",
          hint: "give it another name or id; it is left out of the site")
        continue
      }
      owner[page.path] = i
      taken.append(i)
    }
    var kept = taken.count == pages.count ? pages : taken.map { pages[$0] }
    // The folders pages go in, each looked up once (10,000 gift pages share one): most
    // sites have no folder that is also a page, and then no page is looked at again.
    var folders: Set<Substring> = []
    var clashes = false
    for page in kept {
      var prefix = Substring(page.path)
      while let slash = prefix.lastIndex(of: "/") {
        prefix = prefix[..<slash]
        guard folders.insert(prefix).inserted else { break }
        clashes = clashes || owner[String(prefix)] != nil
      }
    }
    guard clashes else { return (kept, diagnostics, templateLeftOut) }
    kept = kept.filter { page in
      var prefix = Substring(page.path)
      while let slash = prefix.lastIndex(of: "/") {
        prefix = prefix[..<slash]
        guard owner[String(prefix)] != nil else { continue }
        leaveOut(
          page,
          "\(page.origin) would write \(page.path), but \(prefix) is a file of the site (\(origin(String(prefix))))",
          hint:
            "a name or id must not contain a page's name as a folder; it is left out of the site")
        return false
      }
      return true
    }
    return (kept, diagnostics, templateLeftOut)
  }
}
