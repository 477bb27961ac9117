// libFuzzer entry point: feeds arbitrary bytes to the template lexer and parser (as a
// template of a format chosen by the first byte) and, when it parses, renders it with small
// limits, with a partial, a parent and some data available. Built by run-fuzz.sh.
import Foundation
import VibeBasics

private let names = ["in.html", "in.ics", "in.json", "in.txt"]
private let environment: RenderEnvironment = {
  var env = RenderEnvironment(
    clock: LocalClock(
      now: Date(timeIntervalSince1970: 1_795_341_600),
      timeZone: TimeZone(identifier: "Europe/Berlin") ?? TimeZone(secondsFromGMT: 3600)!),
    currency: "EUR", strict: false)
  env.maxSteps = 20_000
  env.maxOutputBytes = 1 << 20
  env.maxDepth = 12
  env.maxValueBytes = 1 << 20
  env.maxBuiltBytes = 16 << 20
  return env
}()
private let context: [String: TemplateValue] = [
  "gift": ["title": "<Tea> & \"cups\"", "price": .decimal(12.5), "tags": ["a", "b"]],
  "gifts": [["name": "x", "n": 1], ["name": "y", "n": 2]],
  "n": 3, "today": .date(LocalDate(year: 2024, month: 2, day: 29)!), "text": "*hi*\r\nATTENDEE:x",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let name = names[Int(bytes.first ?? 0) % names.count]
  let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
  guard
    let library = try? TemplateLibrary(defaults: [
      name: text, "part.html": "[{{ gift.title }}]{% block b %}{% endblock %}",
      "base.html":
        "<p title=\"{% block t %}{% endblock %}\">{% block b %}{{ n }}{% endblock %}</p>",
    ])
  else { return 0 }
  _ = try? library.render(name, context: context, environment: environment)
  return 0
}
