import Foundation

/// The schedule `notify --dry-run` prints: each notice with its local time, what it says,
/// and where it goes (marked when it went out there already, or is due now).
public enum NotifySchedulePrinter {
  /// The text for `planned` as seen at `clock`'s now.
  public static func text(
    _ planned: [NotifyRun.Planned], clock: LocalClock, channels: [String], days: Int
  ) -> String {
    let now = NotificationSchedule.localText(clock.now, clock).replacingOccurrences(
      of: "T", with: " ")
    var out =
      "Notifications at \(now) (\(clock.timeZone.identifier)) and \(days) day\(days == 1 ? "" : "s") ahead"
    out += channels.isEmpty ? "; no channels, so none would be sent:\n" : ":\n"
    if planned.isEmpty { out += "  nothing\n" }
    for p in planned {
      let n = p.notice
      let when = NotificationSchedule.localText(n.moment, clock).replacingOccurrences(
        of: "T", with: " ")
      let state =
        n.moment <= clock.now
        ? (p.channels.allSatisfy(\.sent) && !p.channels.isEmpty ? "sent" : "due now")
        : "later"
      let to =
        p.channels.isEmpty
        ? "no channel"
        : p.channels.map { $0.name + ($0.sent ? " (sent)" : "") }.joined(separator: ", ")
      // One line per notice: line breaks in the title and the message are shown as `; `.
      func line(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: "; ")
      }
      out +=
        "  \(when)  \(n.kind.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(state.padding(toLength: 7, withPad: " ", startingAt: 0))  \(line(n.title)): \(line(n.message))  -> \(to)\n"
      if !n.actions.isEmpty {
        out += "      buttons: \(n.actions.map(\.label).joined(separator: ", "))\n"
      }
    }
    return out
  }
}
