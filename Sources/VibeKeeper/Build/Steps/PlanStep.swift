import Foundation

/// What a build knows before it renders: the templates, and what the published site keeps
/// from the last build.
struct BuildPlan: Sendable {
  /// The built-in templates overridden by the user's.
  let library: TemplateLibrary
  /// What the last build left (empty when checking or with `--full`).
  let state: BuildState
}

/// The step between analysing and rendering: loads the templates and reads the build state.
struct PlanStep {
  let templates: URL?
  let templatesDisplay: String?
  /// The publisher, when the build publishes (nil: `check`).
  let publisher: Publisher?
  /// Renders every page whatever the last build did.
  let full: Bool
  /// The templates of the last build in this process (`watch`, `serve`): those unchanged
  /// are not parsed again.
  let previousLibrary: TemplateLibrary?

  /// The plan, or why there is none (the template folder cannot be read).
  func run() -> Result<BuildPlan, BuildFailure> {
    let library: TemplateLibrary
    do {
      library = try TemplateLibrary(
        userFolder: templates, displayRoot: templatesDisplay, reusing: previousLibrary)
    } catch {
      let shown = templatesDisplay ?? templates?.path ?? "templates"
      let problem = (error as? TemplateFolderProblem)?.description ?? "cannot be read"
      return .failure(BuildFailure("the template folder \(shown) \(problem)"))
    }
    let state = publisher.map { BuildState.read(from: $0, pages: !full) } ?? BuildState()
    return .success(BuildPlan(library: library, state: state))
  }
}

/// Why a build published nothing.
public struct BuildFailure: Error, Sendable, CustomStringConvertible {
  /// The message (`a template failed, so nothing was published`).
  public let description: String

  /// A failure with its message.
  public init(_ description: String) { self.description = description }
}
