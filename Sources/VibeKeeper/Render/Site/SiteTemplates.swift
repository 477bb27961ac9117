import Foundation

/// What the site adds to the template engine: its default templates (`DefaultTemplates`),
/// the filters that need the site's libraries (`markdown`), and the built-in feeds rendered
/// without the engine (`BuiltInFeeds`).
public enum SiteTemplates {
  /// The filters the site adds to the engine's built-in ones.
  public static let filters: [String: TemplateFilter] = ["markdown": Markdown.filter]

  /// A library of `defaults` overridden by name by the files of `userFolder` (shown as
  /// `displayRoot` in messages), with the site's filters and the built-in feeds' fast path.
  public static func library(
    defaults: [String: String] = DefaultTemplates.all, userFolder: URL? = nil,
    displayRoot: String? = nil, reusing previous: TemplateLibrary? = nil
  ) throws -> TemplateLibrary {
    try TemplateLibrary(
      defaults: defaults, userFolder: userFolder, displayRoot: displayRoot, filters: filters,
      fastPath: BuiltInFeeds(), reusing: previous)
  }
}

extension TemplateLibrary {
  /// The site's templates: the defaults embedded in the binary, overridden by name by the
  /// files of `userFolder` (see `SiteTemplates.library`); those the same as in `reusing`
  /// (the site's library of an earlier build) are taken as parsed there.
  public init(
    userFolder: URL? = nil, displayRoot: String? = nil, reusing previous: TemplateLibrary? = nil
  ) throws {
    self = try SiteTemplates.library(
      userFolder: userFolder, displayRoot: displayRoot, reusing: previous)
  }
}
