import Foundation

extension GiftCapture {
  /// The gift record for a capture: status `idea`, `created` today, the title, `for`,
  /// `occasion`, `price`, and `currency` when it differs from the settings currency; the
  /// body quotes the sentence and names the date, which a gift has no field for. Fails
  /// with the missing fields when the recipient or the title is not known.
  public static func draft(
    _ result: CaptureResult, sentence: String, settings: Settings, today: LocalDate
  ) -> Swift.Result<RecordDraft, CaptureProblem> {
    guard result.missing.isEmpty, let title = result.title?.value else {
      return .failure(missingProblem(result))
    }
    var fields: [(String, String)] = []
    if let r = result.recipient?.value { fields.append(("for", r)) }
    if let o = result.occasion?.value { fields.append(("occasion", o)) }
    if let p = result.price?.value { fields.append(("price", DecimalFormat.plain(p, places: nil))) }
    if let c = result.currency?.value, result.price != nil, c != settings.currency {
      fields.append(("currency", c))
    }
    if let link = result.link { fields.append(("url", link)) }
    fields.append(("status", "idea"))
    var body: [String] = []
    let quoted = sentence.trimmingCharacters(in: .whitespacesAndNewlines)
      .split(separator: "\n", omittingEmptySubsequences: false).map { "> " + $0 }
    if !quoted.isEmpty { body.append(quoted.joined(separator: "\n")) }
    if let d = result.date?.value { body.append("Date: \(d)") }
    let text = body.isEmpty ? "" : "\n" + body.joined(separator: "\n\n") + "\n"
    switch RecordDraft.make(
      kind: .gifts, title: title, fields: fields, settings: settings, today: today, body: text)
    {
    case .success(let draft): return .success(draft)
    case .failure(let problem): return .failure(CaptureProblem(problem.message))
    }
  }

  /// The refusal for the fields `result` misses: what is missing and the flag that
  /// supplies it (and the contacts a name fits alike, when that is why there is no
  /// recipient).
  public static func missingProblem(_ result: CaptureResult) -> CaptureProblem {
    let choices = result.recipientChoices
    let what = result.missing.map { field in
      guard field == .recipient else {
        return "the gift idea (nothing left for a title; pass --title TEXT)"
      }
      guard let first = choices.first else {
        return "the recipient (no contact's name or relationship found; pass --for CONTACT-ID)"
      }
      return
        "the recipient (the name fits \(choices.count) contacts: \(choices.joined(separator: ", ")); pass --for \(first) or another id)"
    }
    return CaptureProblem("cannot capture: missing " + what.joined(separator: " and "))
  }

  /// The refusal for fields below the threshold when nobody can confirm them: each field
  /// with its value and confidence, and the flags that settle them.
  public static func unsureProblem(_ result: CaptureResult) -> CaptureProblem {
    let unsure = result.uncertain()
    let list = unsure.map { field -> String in
      let c = result.confidences.first { $0.0 == field }?.1 ?? 0
      return "\(field.rawValue) (\(result.text(of: field) ?? ""), \(String(format: "%.2f", c)))"
    }
    let flags = unsure.map { "\($0.flag) \($0 == .recipient ? "ID" : "VALUE")" }
    return CaptureProblem(
      "unsure about \(list.joined(separator: ", ")); pass --yes to accept, or give "
        + flags.joined(separator: " "))
  }

  /// The lines that show what a capture will write: field, value, confidence and the
  /// words it came from, with `?` marking fields below the threshold.
  public static func summary(_ result: CaptureResult, household: Household) -> [String] {
    let link = result.link.map { ["  url      \($0)"] } ?? []
    return result.confidences.map { field, confidence in
      var value = result.text(of: field) ?? ""
      if field == .recipient, let c = household.contacts.first(where: { $0.id == value }) {
        value += " (\(c.name))"
      }
      if field == .occasion, let o = household.occasions.first(where: { $0.id == value }) {
        value += " (\(o.title))"
      }
      let mark = confidence < CaptureResult.threshold ? "?" : " "
      let name = field.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
      let conf = String(format: "%.2f", confidence)
      return "\(mark) \(name)\(value)  [\(conf), from \"\(result.source(of: field) ?? "")\"]"
    } + link
  }
}
