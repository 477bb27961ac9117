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

  /// The description the record was drafted from (and is checked against).
  public let schema: RecordSchema

  /// Drafts a record. `fields` are (name, value) pairs as typed (`for`, `family/mom`);
  /// `today` (and `time`, for date-times) fill the defaults; `body` is the Markdown body; `schema` describes the kinds
  /// (every field of the kind's description, and of a nested mapping such as a reminder's
  /// `schedule`, can be given). With `household`, a reference given by a record's name or
  /// title (`--reminder "Vitamin D"`, a list's `--items "Oat milk"`) is written as its id.
  public static func make(
    kind: RecordKind, title: String, fields: [(String, String)], settings: Settings,
    today: LocalDate, time: TimeOfDay? = nil, body: String = "",
    schema: RecordSchema = .standard, household: Household? = nil
  ) -> Result<RecordDraft, NewRecordProblem> {
    let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return .failure(.emptyTitle) }
    let description = schema[kind]
    let settable = Settable.all(description)
    let known = settable.flatMap { [$0.field.name] + $0.field.aliases }
    // A kind whose title names another record (a dose's reminder) takes its name too.
    let titleType = settable.first { $0.field.name == description.titleField }?.field.type
    var values = [
      description.titleField: titleType.map { referenced(trimmed, $0, household) } ?? trimmed
    ]
    for (raw, value) in fields {
      let typed = raw.lowercased().replacingOccurrences(of: "-", with: "_")
      guard let spec = settable.first(where: { $0.accepts(typed) }) else {
        return .failure(
          .unknownField(
            raw, kind: kind, suggestion: Suggestion.closest(to: typed, in: known), known: known))
      }
      let name = spec.field.name
      if name == description.titleField { return .failure(.titleAsOption(raw)) }
      if values[name] != nil { return .failure(.duplicateField(raw)) }
      values[name] = referenced(value, spec.field.type, household)
    }
    for spec in settable where values[spec.field.name] == nil {
      guard spec.isNeeded(given: values) else { continue }
      if let fallback = spec.field.fallback {
        values[spec.field.name] = Self.value(of: fallback, today: today, time: time)
      } else if spec.field.requirement == .required {
        return .failure(
          .missingRequired(spec.field.name, kind: kind, example: spec.field.example))
      }
    }
    var slug = Slug.make(trimmed, fallback: kind.singular.replacingOccurrences(of: " ", with: "-"))
    // A name the format gives another meaning (an occasion `birthday`) is never the id.
    if kind.reservedIDs.contains(slug) { slug += "-2" }
    var skeleton = RecordSkeleton(
      kind: description, values: values, currency: settings.currency, slug: slug, body: body)
    skeleton.household = household
    return .success(
      RecordDraft(
        kind: kind, title: trimmed, slug: slug, values: values, text: skeleton.text,
        schema: schema))
  }

  /// `value` as written for a field of `type`: a reference given by a record's name or
  /// title, its id (when `household` has that record); anything else as it is.
  private static func referenced(_ value: String, _ type: FieldType, _ household: Household?)
    -> String
  {
    guard case .reference(let target, let words) = type, !words.contains(value), let household
    else { return value }
    // A contact goes by a first name, a nickname or a relationship too (`--for Mum`), as
    // in `capture`; a word that names several is left for the check to refuse.
    guard target == .contacts else {
      return household.recordID(named: value, kind: target) ?? value
    }
    let named = CaptureRecipient.contacts(named: value, in: household.contacts)
    return named.count == 1 ? named[0] : value
  }

  private static func value(of fallback: FieldDefault, today: LocalDate, time: TimeOfDay?)
    -> String
  {
    switch fallback {
    case .today: return today.description
    case .now:
      let t = time ?? TimeOfDay(hour: 0, minute: 0)
      return today.description + "T" + (t.map { String($0.description.prefix(5)) } ?? "00:00")
    case .monthStart:
      return (LocalDate(year: today.year, month: today.month, day: 1) ?? today).description
    case .monthEnd:
      let last = LocalDate.daysIn(month: today.month, year: today.year)
      return (LocalDate(year: today.year, month: today.month, day: last) ?? today).description
    case .fixed(let text): return text
    }
  }
}

/// A field `new` can be given: one of the kind's, or of a nested mapping of it (a reminder's
/// `schedule` fields are given as `--time` and `--days`).
private struct Settable {
  let field: FieldSchema
  /// The mapping it sits in, if any.
  let parent: FieldSchema?

  /// Every settable field of a kind, in the description's order.
  static func all(_ kind: KindSchema) -> [Settable] {
    kind.fields.flatMap { field -> [Settable] in
      if case .mapping(let children) = field.type {
        return children.map { Settable(field: $0, parent: field) }
      }
      return [Settable(field: field, parent: nil)]
    }
  }

  /// Whether `name` (as typed, with `_`) names this field.
  func accepts(_ name: String) -> Bool {
    field.name == name || field.aliases.contains(name)
  }

  /// Whether the field needs a value: not when it (or its mapping) is only required unless
  /// another field is given and that one was (`at` instead of a `schedule`).
  func isNeeded(given values: [String: String]) -> Bool {
    for requirement in [field.requirement, parent?.requirement ?? .optional] {
      if case .requiredUnless(let others) = requirement,
        others.contains(where: { values[$0] != nil })
      {
        return false
      }
    }
    return true
  }
}
