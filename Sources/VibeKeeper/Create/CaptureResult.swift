import Foundation

/// One value a quick capture found, how sure it is, and the words it came from.
public struct Captured<Value: Sendable & Equatable>: Sendable, Equatable {
  /// The value (a contact id, a title, a date, an amount, ...).
  public var value: Value
  /// How sure the parser is, from 0 (a guess) to 1 (given explicitly).
  public var confidence: Double
  /// The words of the sentence it was read from (`about 80 euros`), or the flag (`--price`).
  public var source: String

  /// Creates a captured value.
  public init(_ value: Value, confidence: Double, source: String) {
    self.value = value
    self.confidence = (min(1, max(0, confidence)) * 100).rounded() / 100
    self.source = source
  }
}

/// The fields a quick capture fills, named as the gift record names them.
public enum CaptureField: String, CaseIterable, Sendable, Comparable {
  case recipient = "for"
  case title, occasion, date, price, currency

  /// The command-line flag that supplies the field.
  public var flag: String { "--\(rawValue)" }

  public static func < (a: CaptureField, b: CaptureField) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }
}

/// What `GiftCapture.parse` read from one sentence. Every field is optional; `missing`
/// names the ones a gift cannot do without, and `uncertain` the ones to confirm.
public struct CaptureResult: Sendable, Equatable {
  /// The recipient's contact id.
  public var recipient: Captured<String>?
  /// The gift idea, as a title (`Pottery class`).
  public var title: Captured<String>?
  /// An occasion id, or `birthday` for the recipient's birthday.
  public var occasion: Captured<String>?
  /// A date the sentence names (`on 12 Dec`), resolved against "now": a day and month that
  /// has passed this year means next year.
  public var date: Captured<LocalDate>?
  /// The price.
  public var price: Captured<Decimal>?
  /// The price's ISO 4217 currency (the settings currency when none is written).
  public var currency: Captured<String>?
  /// Things worth telling the user (`no Christmas occasion in the data`).
  public var notes: [String] = []
  /// A web address written in the sentence (`https://shop.example/p/123`; `www.…` gets
  /// `https://`): the gift's `url`.
  public var link: String?
  /// The contacts a name in the sentence fits alike (`Lena` for Lena Vogel and Lena Berg),
  /// when it does: none of them is taken as the recipient.
  public var recipientChoices: [String] = []

  /// Confidences below this are confirmed before writing.
  public static let threshold = 0.70

  /// An empty result.
  public init() {}

  /// The fields a gift needs that were not found: the recipient and the idea.
  public var missing: [CaptureField] {
    (recipient == nil ? [.recipient] : []) + (title == nil ? [.title] : [])
  }

  /// The confidence of each field that was found, in field order.
  public var confidences: [(CaptureField, Double)] {
    let all: [(CaptureField, Double?)] = [
      (.recipient, recipient?.confidence), (.title, title?.confidence),
      (.occasion, occasion?.confidence), (.date, date?.confidence),
      (.price, price?.confidence), (.currency, currency?.confidence),
    ]
    return all.compactMap { f, c in c.map { (f, $0) } }
  }

  /// The fields found with a confidence below `threshold`.
  public func uncertain(below threshold: Double = CaptureResult.threshold) -> [CaptureField] {
    confidences.filter { $0.1 < threshold }.map(\.0)
  }

  /// The value of a field as text (`family/mom`, `2026-12-12`, `80`), or nil.
  public func text(of field: CaptureField) -> String? {
    switch field {
    case .recipient: recipient?.value
    case .title: title?.value
    case .occasion: occasion?.value
    case .date: date?.value.description
    case .price: price.map { DecimalFormat.plain($0.value, places: nil) }
    case .currency: currency?.value
    }
  }

  /// The words a field was read from.
  public func source(of field: CaptureField) -> String? {
    switch field {
    case .recipient: recipient?.source
    case .title: title?.source
    case .occasion: occasion?.source
    case .date: date?.source
    case .price: price?.source
    case .currency: currency?.source
    }
  }

  /// Leaves out a field the user said is wrong; false for the two a gift cannot do without
  /// (the recipient and the title), which stay.
  public mutating func drop(_ field: CaptureField) -> Bool {
    switch field {
    case .recipient, .title: return false
    case .occasion: occasion = nil
    case .date: date = nil
    case .price, .currency:
      // A price without its currency would read as the settings currency's.
      price = nil
      currency = nil
    }
    return true
  }

  /// Marks a field as confirmed by the user (confidence 1).
  public mutating func confirm(_ field: CaptureField) {
    switch field {
    case .recipient: recipient?.confidence = 1
    case .title: title?.confidence = 1
    case .occasion: occasion?.confidence = 1
    case .date: date?.confidence = 1
    case .price: price?.confidence = 1
    case .currency: currency?.confidence = 1
    }
  }
}
