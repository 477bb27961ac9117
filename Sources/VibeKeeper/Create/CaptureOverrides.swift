import Foundation

/// Values given with flags (`--for`, `--price`, ...) that replace what the sentence says;
/// a flag's value is certain (confidence 1).
public struct CaptureOverrides: Sendable {
  /// A contact id, or a name or relationship that finds one (`--for mom`).
  public var recipient: String?
  /// The title.
  public var title: String?
  /// An occasion id or `birthday`.
  public var occasion: String?
  /// A decimal price (`80`, `24.50`).
  public var price: String?
  /// An ISO 4217 code.
  public var currency: String?
  /// A date, `YYYY-MM-DD` or any form the sentence parser reads (`12 Dec`).
  public var date: String?

  /// No overrides.
  public init() {}

  /// `result` with every given flag applied, or the message naming a bad value.
  public func apply(to result: CaptureResult, household: Household, today: LocalDate)
    -> Swift.Result<CaptureResult, CaptureProblem>
  {
    var r = result
    if let recipient {
      let t = recipient.trimmingCharacters(in: .whitespaces)
      let named = CaptureRecipient.contacts(named: t, in: household.contacts)
      guard named.count <= 1 else {
        return .failure(
          CaptureProblem(
            "--for '\(t)' names \(named.count) contacts: \(named.joined(separator: ", ")); give the id, such as --for \(named[0])"
          ))
      }
      r.recipient = Captured(named.first ?? t.lowercased(), confidence: 1, source: "--for")
    }
    if let title {
      let t = title.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !t.isEmpty else { return .failure(CaptureProblem("--title is empty")) }
      r.title = Captured(t, confidence: 1, source: "--title")
    }
    if let occasion {
      r.occasion = Captured(
        occasion.trimmingCharacters(in: .whitespaces).lowercased(), confidence: 1,
        source: "--occasion")
    }
    if let price {
      guard let amount = CaptureMoney.parseAmount(price.trimmingCharacters(in: .whitespaces)),
        amount >= 0
      else {
        return .failure(CaptureProblem("--price must be a number such as 24.50, not '\(price)'"))
      }
      r.price = Captured(amount, confidence: 1, source: "--price")
      if currency == nil, r.currency == nil {
        r.currency = Captured(
          household.settings.currency, confidence: 1, source: "the settings currency")
      }
    }
    if let currency {
      let code = currency.trimmingCharacters(in: .whitespaces).uppercased()
      guard code.count == 3, code.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }),
        ISO4217.isKnown(code)
      else {
        let closest = ISO4217.closest(to: code).map { " (did you mean \($0)?)" } ?? ""
        return .failure(
          CaptureProblem(
            "--currency must be an ISO 4217 code such as EUR, not '\(currency)'\(closest)"))
      }
      r.currency = Captured(code, confidence: 1, source: "--currency")
    }
    if let date {
      let t = date.trimmingCharacters(in: .whitespaces)
      guard
        let d = LocalDate(iso: t) ?? CaptureDate.find(in: CaptureText(t), today: today)?.date.value
      else {
        return .failure(CaptureProblem("--date must be a date such as 2026-12-24, not '\(date)'"))
      }
      r.date = Captured(d, confidence: 1, source: "--date")
    }
    return .success(r)
  }
}

/// A capture that cannot go on, with the message for the user.
public struct CaptureProblem: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong and what to do.
  public let description: String
  /// Creates a problem.
  public init(_ description: String) { self.description = description }
}
