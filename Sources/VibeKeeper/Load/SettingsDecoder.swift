import Foundation

/// Decodes `vibekeeper.yml`. Sections may be nested (`occasions: {horizon_days: 30}`) or
/// written as dotted keys (`occasions.horizon_days: 30`).
enum SettingsDecoder {
  static let sections: [String: [String]] = [
    "occasions": ["horizon_days", "lead_days", "reminder_time"],
    "streaks": ["reminders", "reminder_time", "smart", "window_days"],
    "budgets": ["alert_percent"],
    "pantry": ["warn_days", "keep_expired_days"],
    "markdown": ["unsafe_html", "smart_punctuation"],
    "notify": NotifySettingsDecoder.keys,
  ]
  static let topLevel = [
    "title", "timezone", "currency", "base_url", "uid_domain", "private", "public", "feeds",
  ]

  /// Every accepted dotted key.
  static var allKeys: [String] {
    topLevel + sections.keys.sorted().flatMap { s in sections[s, default: []].map { "\(s).\($0)" } }
  }

  /// Decodes the settings from a parsed root node; the notify channels are kept as written
  /// until `vibekeeper.local.yml` is read (see `LocalSettings`).
  static func decode(_ root: YAMLNode?, file: String) -> (
    Settings, [Diagnostic], NotifySettingsDecoder.Source?
  ) {
    var settings = Settings()
    guard let root else { return (settings, [], nil) }
    guard case .mapping(let top) = root else {
      let p = root.position
      return (
        settings,
        [
          Diagnostic(
            .error, SourceLocation(file: file, line: p.line, column: p.column),
            "vibekeeper.yml must hold a mapping of settings",
            hint: "write e.g. `timezone: Europe/Berlin`")
        ],
        nil
      )
    }
    var f = RecordFields(
      YAMLMapping(entries: flattened(top), line: top.line, column: top.column), file: file,
      schema: [])
    readSite(&f, into: &settings)
    readSections(&f, into: &settings)
    let channels = NotifySettingsDecoder.readScalars(&f, into: &settings)
    f.warnUnknown(known: allKeys, kind: "vibekeeper.yml")
    return (settings, f.diagnostics, channels)
  }

  /// The entries with each section's keys dotted (`occasions.lead_days`).
  private static func flattened(_ top: YAMLMapping) -> [YAMLEntry] {
    var flat: [YAMLEntry] = []
    for entry in top.entries {
      if case .mapping(let inner) = entry.value, sections[entry.key.text] != nil {
        for e in inner.entries {
          let key = YAMLScalar(
            text: entry.key.text + "." + e.key.text, line: e.key.line, column: e.key.column,
            isPlain: true)
          flat.append(YAMLEntry(key: key, value: e.value))
        }
      } else {
        flat.append(entry)
      }
    }
    return flat
  }

  /// The top-level keys: title, time zone, currency, address.
  private static func readSite(_ f: inout RecordFields, into settings: inout Settings) {
    if let t = f.string("title") { settings.title = t }
    if let tz = f.string("timezone") {
      if let zone = TimeZone(identifier: tz) {
        settings.timeZone = zone
      } else {
        let hint = Suggestion.closest(to: tz, in: TimeZone.knownTimeZoneIdentifiers).map {
          "did you mean '\($0)'?"
        }
        f.error(
          "timezone", "unknown time zone '\(tz)'",
          hint: hint ?? "use an IANA name such as Europe/Berlin or America/New_York")
      }
    }
    if let c = f.string("currency") {
      let code = c.uppercased()
      if code.count == 3, code.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) {
        settings.currency = code
        CurrencyField.warnIfUnknown(code, &f)
      } else {
        f.error(
          "currency", "'currency' must be a three-letter ISO 4217 code such as EUR, not '\(c)'")
      }
    }
    if let d = f.string("uid_domain") {
      let ok = d.unicodeScalars.allSatisfy {
        $0.isASCII
          && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "-")
      }
      if ok {
        settings.uidDomain = d.lowercased()
      } else {
        f.error(
          "uid_domain", "'uid_domain' must be a domain such as smith.family, not '\(d)'",
          hint: "letters, digits, '.' and '-' only")
      }
    }
    for (word, at) in f.placedStringList("private") {
      if let kind = RecordKind(word: word) {
        settings.privateKinds.insert(kind)
      } else {
        f.report(
          .error, at: at, "'private' names no kind of record: '\(word)'",
          hint: Suggestion.closest(to: word, in: RecordKind.allCases.map(\.folder)).map {
            "did you mean '\($0)'?"
          } ?? "use folder names such as reminders, doses")
      }
    }
    if let p = f.bool("public") { settings.isPublic = p }
    if let access = f.string("feeds") {
      switch access.lowercased() {
      case "secret": settings.secretFeeds = true
      case "open": settings.secretFeeds = false
      default:
        f.error(
          "feeds", "'feeds' must be secret or open, not '\(access)'",
          hint: "secret publishes each feed under its own unguessable address")
      }
    }
    if let u = f.string("base_url") {
      switch BaseAddress.parse(u) {
      case .success(let address): settings.baseURL = address
      case .failure(let problem):
        f.error(
          "base_url", "'base_url' \(problem), not '\(u)'",
          hint: "write the address the site is served at, such as https://home.example.org/")
      }
    }
  }

  /// The sections' keys.
  private static func readSections(_ f: inout RecordFields, into settings: inout Settings) {
    if let v = f.integer("occasions.horizon_days", in: 0...3660) {
      settings.occasions.horizonDays = v
    }
    if let v = f.integer("occasions.lead_days", in: 0...365) { settings.occasions.leadDays = v }
    if let v = f.time("occasions.reminder_time") { settings.occasions.reminderTime = v }
    if let v = f.bool("streaks.reminders") { settings.streaks.reminders = v }
    if let v = f.time("streaks.reminder_time") { settings.streaks.reminderTime = v }
    if let v = f.bool("streaks.smart") { settings.streaks.smart = v }
    if let v = f.integer("streaks.window_days", in: 1...3660) { settings.streaks.windowDays = v }
    if let v = f.decimal("budgets.alert_percent") {
      if v > 1000 {
        f.error("budgets.alert_percent", "'alert_percent' must be a percentage such as 80")
      } else {
        settings.budgets.alertPercent = v
      }
    }
    if let v = f.integer("pantry.warn_days", in: 0...365) { settings.pantry.warnDays = v }
    if let v = f.integer("pantry.keep_expired_days", in: 0...3_660) {
      settings.pantry.keepExpiredDays = v
    }
    if let v = f.bool("markdown.unsafe_html") { settings.markdown.unsafeHTML = v }
    if let v = f.bool("markdown.smart_punctuation") { settings.markdown.smartPunctuation = v }
  }
}
