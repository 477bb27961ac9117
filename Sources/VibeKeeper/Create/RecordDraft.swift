import Foundation

/// A new record's file text, drafted from a kind, a title and `--field value` pairs and
/// not yet written.
public struct RecordDraft: Sendable {
  /// The record kind, which decides the folder.
  public let kind: RecordKind
  /// The title (or name) as given, trimmed.
  public let title: String
  /// The file-name slug of the title (`pottery-class`).
  public let slug: String
  /// The field values written, by name (given ones and defaults).
  public let values: [String: String]
  /// The whole file text.
  public let text: String

  /// The path the record prefers inside the data folder (`gifts/pottery-class.md`).
  public var preferredPath: String { "\(kind.folder)/\(slug).md" }

  /// Drafts a record. `fields` are (name, value) pairs as typed (`for`, `family/mom`);
  /// `today` fills date defaults; `body` is the Markdown body.
  public static func make(
    kind: RecordKind, title: String, fields: [(String, String)], settings: Settings,
    today: LocalDate, body: String = ""
  ) -> Result<RecordDraft, NewRecordProblem> {
    let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return .failure(.emptyTitle) }
    let specs = KindFieldSpecs.fields(kind)
    let titleField = KindFieldSpecs.titleField(kind)
    let aliases = KindFieldSpecs.aliases[kind] ?? [:]
    let known = specs.map(\.name) + aliases.keys.sorted()
    var values = [titleField: trimmed]
    for (raw, value) in fields {
      let typed = raw.lowercased().replacingOccurrences(of: "-", with: "_")
      let name = aliases[typed] ?? typed
      guard specs.contains(where: { $0.name == name }) else {
        return .failure(
          .unknownField(
            raw, kind: kind, suggestion: Suggestion.closest(to: typed, in: known), known: known))
      }
      if name == titleField { return .failure(.titleAsOption(raw)) }
      if values[name] != nil { return .failure(.duplicateField(raw)) }
      values[name] = value
    }
    for spec in specs where values[spec.name] == nil {
      if spec.unlessGiven.contains(where: { values[$0] != nil }) { continue }
      if let fallback = spec.fallback {
        values[spec.name] = Self.value(of: fallback, today: today)
      } else if spec.required {
        return .failure(.missingRequired(spec.name, kind: kind, example: spec.example))
      }
    }
    let slug = Slug.make(trimmed, fallback: kind.singular.replacingOccurrences(of: " ", with: "-"))
    let skeleton = RecordSkeleton(
      kind: kind, values: values, currency: settings.currency, slug: slug, body: body)
    return .success(
      RecordDraft(kind: kind, title: trimmed, slug: slug, values: values, text: skeleton.text))
  }

  private static func value(of fallback: FieldSpec.Default, today: LocalDate) -> String {
    switch fallback {
    case .today: return today.description
    case .monthStart:
      return (LocalDate(year: today.year, month: today.month, day: 1) ?? today).description
    case .monthEnd:
      let last = LocalDate.daysIn(month: today.month, year: today.year)
      return (LocalDate(year: today.year, month: today.month, day: last) ?? today).description
    case .fixed(let text): return text
    }
  }
}
