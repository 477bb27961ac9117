import Foundation
import TemplateEngine

/// The small page an action link answers with: for a GET, what the link would record and a
/// button that POSTs to the same address (so a link preview or a prefetch never writes);
/// after a POST, what was recorded or why nothing was. Never cached, never indexed.
public enum ActionPage {
  /// The response for `answer`.
  public static func response(_ answer: ActionLinks.Answer) -> ServedResponse {
    var body = """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="robots" content="noindex">
      <title>
      """
    Escaping.html(answer.title, into: &body)
    body += """
      </title>
      <style>body{font:1.1rem/1.5 system-ui,sans-serif;max-width:30rem;margin:3rem auto;padding:0 1rem}\
      button{font:inherit;padding:.6rem 1.6rem;border-radius:.5rem;border:1px solid #246;background:#246;color:#fff}</style>
      </head><body><main><h1>
      """
    Escaping.html(answer.title, into: &body)
    body += "</h1>\n<p>"
    Escaping.html(answer.message, into: &body)
    body += "</p>\n"
    if let confirm = answer.confirm {
      body += "<form method=\"post\"><button type=\"submit\">"
      Escaping.html(confirm, into: &body)
      body += "</button></form>\n"
    }
    body += "</main></body></html>\n"
    let bytes = Array(body.utf8)
    return ServedResponse(
      status: answer.status,
      headers: [
        ("Content-Type", "text/html; charset=utf-8"), ("Content-Length", String(bytes.count)),
        ("Cache-Control", "no-store"), ("X-Robots-Tag", "noindex"),
        ("Referrer-Policy", "no-referrer"),
        (
          "Content-Security-Policy",
          "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'"
        ),
      ],
      body: bytes)
  }
}
