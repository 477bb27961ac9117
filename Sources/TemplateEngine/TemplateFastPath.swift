/// Renders some templates of a library without the engine: an application's hand-written
/// renderer of templates it ships (the site's calendar feeds), for outputs too large to go
/// through the engine cheaply. `TemplateLibrary.render` asks it first for the templates it
/// took on, and renders with the engine whenever it gives nil.
public protocol TemplateFastPath: Sendable {
  /// The names of the templates this renders exactly as the engine would, given the text of
  /// each template of the library by name (nil for a missing or unparsable one). Asked once,
  /// when the library is made, so a changed template is left to the engine.
  func renderable(text: (String) -> String?) -> Set<String>

  /// The finished output of template `name` over `context`, or nil to let the engine render
  /// it (a context of another shape, say; the engine then gives the warnings and errors).
  func render(_ name: String, context: [String: TemplateValue], environment: RenderEnvironment)
    -> String?

  /// What `render` reads, for a render that records its reads (see `RenderReads`).
  func reads(_ name: String) -> RenderReads?
}
