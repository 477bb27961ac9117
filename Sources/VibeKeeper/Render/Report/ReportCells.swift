import Foundation

/// Cell and JSON helpers shared by the report builders.
enum ReportCells {
  /// Money as a table cell: `12.50 EUR`.
  static func money(_ amount: Decimal, _ code: String) -> String {
    Currency.format(amount, code: code)
  }

  /// Optional money as a table cell, `-` when missing.
  static func moneyOrDash(_ amount: Decimal?, _ code: String) -> String {
    amount.map { money($0, code) } ?? "-"
  }

  /// A percentage with one decimal (half-even): `84.5%`, `-` when missing.
  static func percentText(_ value: Decimal?) -> String {
    value.map { DecimalFormat.plain($0, places: 1) + "%" } ?? "-"
  }

  /// A quantity as short as exact: `1`, `0.5`.
  static func quantityText(_ value: Decimal) -> String { DecimalFormat.plain(value, places: nil) }

  /// A quantity with its item's unit: `0.9 kg`, or `2 × 500 g` when the unit is a pack
  /// size (starts with a digit).
  static func quantityText(_ value: Decimal, unit: String?) -> String {
    let q = quantityText(value)
    guard let unit = unit?.trimmingCharacters(in: .whitespaces), !unit.isEmpty else { return q }
    return unit.first?.isNumber == true ? "\(q) × \(unit)" : "\(q) \(unit)"
  }

  /// Optional money as JSON (in the currency's minor unit), null when missing.
  static func moneyJSON(_ amount: Decimal?, _ code: String) -> JSONValue {
    amount.map { .money($0, currency: code) } ?? .null
  }

  /// A percentage as JSON (two decimals), null when missing.
  static func percentJSON(_ value: Decimal?) -> JSONValue {
    value.map { .number($0, places: 2) } ?? .null
  }

  /// A quantity as JSON, as short as exact.
  static func quantityJSON(_ value: Decimal) -> JSONValue { .number(value, places: nil) }

  /// A date as a JSON string, null when missing.
  static func date(_ value: LocalDate?) -> JSONValue {
    value.map { .string($0.description) } ?? .null
  }

  /// A string or null.
  static func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

  /// Warnings as JSON objects with `location`, `severity` and `message`.
  static func warnings(_ diagnostics: [Diagnostic]) -> JSONValue {
    .array(
      diagnostics.map { d in
        .object([
          JSONField("location", .string(d.location.description)),
          JSONField("severity", .string(d.severity.rawValue)),
          JSONField("message", .string(d.message)),
        ])
      })
  }

  /// Left-out foreign-currency money as a footer line, nil when there is none.
  static func excludedLine(_ excluded: [ExcludedMoney]) -> String? {
    guard !excluded.isEmpty else { return nil }
    let parts = excluded.map { e in
      "\(money(e.total, e.currency)) (\(e.count) record\(e.count == 1 ? "" : "s"))"
    }
    return "Left out, other currencies (never converted): " + parts.joined(separator: ", ")
  }

  /// Left-out foreign-currency money as JSON.
  static func excluded(_ excluded: [ExcludedMoney]) -> JSONValue {
    .array(
      excluded.map { e in
        .object([
          JSONField("currency", .string(e.currency)),
          JSONField("total", .money(e.total, currency: e.currency)),
          JSONField("count", .int(e.count)),
        ])
      })
  }
}
