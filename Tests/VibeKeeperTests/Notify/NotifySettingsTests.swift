import Foundation
import Testing

@testable import VibeKeeper

/// `notify:` in the settings and the channels' secrets in the local file.
@Suite struct NotifySettingsTests {
  @Test func channelsMergeTheLocalSecretsAndRouteByPerson() throws {
    let result = try load([
      "vibekeeper.yml": """
      notify:
        action_url: https://home.example.org
        commit: true
        channels:
          family: {type: ntfy, server: "https://ntfy.example.org/", priority: high}
          ana-mail: {type: email, to: [ana@example.org], for: ana, only: [occasions, budgets]}
      """,
      "vibekeeper.local.yml": """
      notify:
        family: {topic: okafor-5f2c9a, token: tk_abc}
        hook: {type: webhook, url: "https://hooks.example.org/x", headers: {Authorization: Bearer s}}
      """,
    ])
    #expect(lines(result) == [])
    let n = result.household.settings.notify
    #expect(n.actionURL == "https://home.example.org/")
    #expect(n.commit)
    #expect(n.time == TimeOfDay(hour: 9, minute: 0))
    #expect(n.channels.map(\.name) == ["ana-mail", "family", "hook"])
    #expect(
      n.channels[1].transport
        == .ntfy(
          server: "https://ntfy.example.org", topic: "okafor-5f2c9a", auth: .token("tk_abc"),
          priority: 4))
    #expect(n.channels[0].people == ["ana"])
    #expect(n.channels[0].only == [.occasions, .budgets])
    #expect(
      n.channels[2].transport
        == .webhook(url: "https://hooks.example.org/x", headers: ["Authorization": "Bearer s"]))
  }

  @Test func mistakesArePositionedAndSecretsInTheSharedFileWarned() throws {
    let result = try load([
      "vibekeeper.yml": """
      notify:
        missed_after: -5
        action_url: home.example.org
        channels:
          a: {type: nfty, topic: x}
          b: {type: ntfy, topic: "has space", token: tk_x, priorty: 3}
          c: {type: email, to: "not-an-address"}
          d: {topic: y}
      """
    ])
    #expect(
      lines(result) == [
        "data/vibekeeper.yml:2:17: error: 'notify.missed_after' must be between 0 and 1440, not -5",
        "data/vibekeeper.yml:3:15: error: 'action_url' must be an absolute http or https address, not 'home.example.org'",
        "data/vibekeeper.yml:5:9: error: 'type' must be ntfy, webhook or email, not 'nfty'",
        "data/vibekeeper.yml:6:21: error: an ntfy topic is up to 64 letters, digits, '-' and '_', not 'has space'",
        "data/vibekeeper.yml:6:41: warning: 'token' of the channel 'b' is in vibekeeper.yml, which is committed with the data",
        "data/vibekeeper.yml:6:54: warning: unknown field 'priorty' in the channel 'b'",
        "data/vibekeeper.yml:7:22: error: 'not-an-address' is not an email address",
        "data/vibekeeper.yml:8:5: error: the channel 'd' needs a 'type': ntfy, webhook or email",
      ])
  }

  @Test func recordsNameWhoIsNotified() throws {
    let result = try load([
      "reminders/a.md": "---\ntitle: A\nat: 2026-12-01T08:00\nnotify: [ana, ben]\n---\n",
      "reminders/b.md": "---\ntitle: B\nat: 2026-12-01T08:00\nnotify: []\n---\n",
      "games/w.md": "---\nname: W\nnotify: ana\n---\n",
    ])
    #expect(lines(result) == [])
    #expect(result.household.reminders.map(\.notify) == [["ana", "ben"], []])
    #expect(result.household.games.first?.notify == ["ana"])
  }

  @Test func routingByPeopleWithTheHouseholdAsFallback() {
    func channel(_ name: String, _ people: [String], only: Set<NoticeKind>? = nil) -> NotifyChannel
    {
      var c = NotifyChannel(name: name, transport: .email(to: ["x@y.z"], from: nil, sendmail: nil))
      c.people = people
      c.only = only
      return c
    }
    let channels = [
      channel("home", []), channel("ana", ["Ana"]), channel("ben", ["ben"], only: [.doses]),
    ]
    func notice(_ people: [String]?, _ kind: NoticeKind = .doses) -> Notice {
      Notice(
        key: "k", kind: kind, moment: Date(), expires: Date(), title: "", message: "", priority: 3,
        tags: [], record: nil, people: people)
    }
    #expect(NotifyRun.route(notice(nil), among: channels) == ["home"])
    #expect(NotifyRun.route(notice(["ana"]), among: channels) == ["ana"])
    #expect(NotifyRun.route(notice(["ana", "ben"]), among: channels) == ["ana", "ben"])
    // Ben's channel takes doses only: his streaks go to the household's.
    #expect(NotifyRun.route(notice(["ben"], .streaks), among: channels) == ["home"])
    #expect(NotifyRun.route(notice(["carla"]), among: channels) == ["home"])
    #expect(NotifyRun.route(notice([]), among: channels) == [])
    // With no household channel, a notice naming nobody goes to every channel.
    #expect(NotifyRun.route(notice(nil), among: Array(channels.dropFirst())) == ["ana", "ben"])
  }
}
