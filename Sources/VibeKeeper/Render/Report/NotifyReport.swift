import Foundation

extension Reports {
  /// The `notify` report: per channel, the last notice sent and the last failure, from
  /// the notify state file's lines.
  public static func notifications(
    _ household: Household, log: [NotifyState.Entry], clock: LocalClock
  ) -> Report {
    let channels = household.settings.notify.channels
    func time(_ seconds: Int) -> String {
      let instant = Date(timeIntervalSince1970: TimeInterval(seconds))
      return NotificationSchedule.localText(instant, clock).replacingOccurrences(of: "T", with: " ")
    }
    func last(_ type: NotifyState.Entry.Kind, _ channel: String) -> NotifyState.Entry? {
      log.last { $0.type == type && $0.channel == channel }
    }
    var rows: [[String]] = []
    var items: [JSONValue] = []
    for c in channels {
      let sent = last(.sent, c.name)
      var failed = last(.failed, c.name)
      if let f = failed, let s = sent, s.at > f.at { failed = nil }
      rows.append([
        c.name, c.transport.name, c.people.isEmpty ? "household" : c.people.joined(separator: ", "),
        sent.map { time($0.at) } ?? "never", sent?.text ?? "-",
        failed.map { "\(time($0.at)): \($0.text ?? "")" } ?? "-",
      ])
      items.append(
        .object([
          JSONField("channel", .string(c.name)), JSONField("type", .string(c.transport.name)),
          JSONField("for", .array(c.people.map(JSONValue.string))),
          JSONField("last_sent", .optional(sent.map { .string(time($0.at)) })),
          JSONField("last_title", .optional(sent?.text.map(JSONValue.string))),
          JSONField("last_key", .optional(sent?.key.map(JSONValue.string))),
          JSONField(
            "sent_count", .int(log.filter { $0.type == .sent && $0.channel == c.name }.count)),
          JSONField("last_failure", .optional(failed.map { .string(time($0.at)) })),
          JSONField("failure", .optional(failed?.text.map(JSONValue.string))),
        ]))
    }
    let used = log.filter { $0.type == .used }
    let table = ReportTable(
      title: "Notifications: last sent per channel",
      headers: ["Channel", "Type", "For", "Last sent", "Notice", "Last failure"], rows: rows,
      footer: channels.isEmpty
        ? ["No channels: add notify.channels to vibekeeper.yml (docs/notifications.md)."]
        : [
          "Action links used: \(used.count)"
            + (used.last.map { ", last \(time($0.at)): \($0.text ?? "")" } ?? "")
        ])
    let json = JSONValue.object([
      JSONField("channels", .array(items)),
      JSONField("actions_used", .int(used.count)),
    ])
    return Report(topic: "notify", tables: [table], json: json)
  }
}
