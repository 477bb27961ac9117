import TemplateEngine

/// `site.feeds`: each feed the site publishes, for the dashboard's subscribe list. A secret
/// address (`feeds: secret`) is in the values only in a local build (`shown`): anywhere
/// else the entry says the feed is secret and carries no path, so no template can print it.
enum SiteFeeds {
  /// The list for the feeds of `library` at `addresses`.
  static func value(_ library: TemplateLibrary, addresses: FeedAddresses, shown: Bool)
    -> TemplateValue
  {
    .array(
      addresses.entries(library).map { feed in
        let shows = shown || !addresses.isSecret
        let url = shows ? feed.url : nil
        let qr = url.flatMap { try? QRCode($0) }.map {
          $0.svg(id: "qr-" + feed.name, title: "QR code of the address of the feed \(feed.title)")
        }
        // Every key is there (null when hidden), so templates test them without warnings.
        let entry: [(String, TemplateValue?)] = [
          ("name", .string(feed.name)), ("title", .string(feed.title)),
          ("description", .string(feed.description)), ("secret", .bool(addresses.isSecret)),
          ("path", shows ? .string(feed.path) : nil), ("url", SiteValues.text(url)),
          ("webcal", SiteValues.text(url.flatMap(FeedAddresses.webcal))),
          ("qr", qr.map(TemplateValue.safe)),
        ]
        return SiteValues.map(entry)
      })
  }
}
