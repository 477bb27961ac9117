/// The variables a render sees: the data (the context, plus names set at the top level and
/// the macros of the templates in use), then the frames of loops and macro calls, innermost
/// last. Inner frames hold a few names each and are searched by comparing names, so the
/// common look-up costs one hash of the data's table at most.
///
/// Each name carries where its value came from in the context (see `ReadNode`), so reads
/// of a loop variable or macro parameter are recorded on the context's path.
struct TemplateScopes {
  /// A name bound in a frame.
  struct Binding {
    let name: String
    var value: TemplateValue
    /// The context path of the value; nil when it is not from the context.
    var origin: ReadNode?
  }

  /// A name of the data with its value and, once looked up, its read node.
  private struct Slot {
    var value: TemplateValue
    var origin: ReadNode?
    /// Whether the value is the context's own (set at the top level or a macro: not).
    let fromContext: Bool
  }

  /// The data: the context and names set at the top level.
  private var data: [String: Slot]
  /// Loop and macro frames, innermost last.
  private var frames: [[Binding]] = []
  /// The macros of the template that defines the macro being run (seen between the frames
  /// and the data).
  private var macros: [String: TemplateValue]?
  /// What the render read, when recording.
  let reads: ReadNode?
  /// Scopes over `context`, recording reads on `reads`.
  init(context: [String: TemplateValue], reads: ReadNode?) {
    data = context.mapValues { Slot(value: $0, origin: nil, fromContext: true) }
    self.reads = reads
  }

  /// The value of `name` and its context path, or nil when no scope has it. (A name of the
  /// data costs one hash: its read node is kept beside its value once made.)
  mutating func lookup(_ name: String) -> (TemplateValue, ReadNode?)? {
    for frame in frames.reversed() {
      for binding in frame.reversed() where binding.name == name {
        return (binding.value, binding.origin)
      }
    }
    if let value = macros?[name] { return (value, nil) }
    guard let i = data.index(forKey: name) else { return nil }
    let slot = data.values[i]
    guard let reads else { return (slot.value, nil) }
    if let node = slot.origin { return (slot.value, node) }
    guard slot.fromContext else { return (slot.value, nil) }
    let node = reads.member(name)
    data.values[i].origin = node
    return (slot.value, node)
  }

  /// Binds `name` in the innermost frame (in the data at the top level).
  mutating func set(_ name: String, _ value: TemplateValue, origin: ReadNode?) {
    guard !frames.isEmpty else {
      data[name] = Slot(value: value, origin: origin, fromContext: false)
      return
    }
    let last = frames.count - 1
    if let i = frames[last].lastIndex(where: { $0.name == name }) {
      frames[last][i].value = value
      frames[last][i].origin = origin
    } else {
      frames[last].append(Binding(name: name, value: value, origin: origin))
    }
  }

  /// Adds a template's macro unless the name is taken: to the data at the top level, else
  /// to the innermost frame (an included template's macros stay in the include).
  mutating func addMacro(_ name: String, _ value: TemplateValue) {
    guard !frames.isEmpty else {
      guard data[name] == nil else { return }
      data[name] = Slot(value: value, origin: nil, fromContext: false)
      return
    }
    let last = frames.count - 1
    guard !frames[last].contains(where: { $0.name == name }) else { return }
    frames[last].append(Binding(name: name, value: value, origin: nil))
  }

  /// Opens a frame (a loop's).
  mutating func push() { frames.append([]) }

  /// Closes the innermost frame.
  mutating func pop() { frames.removeLast() }

  /// Empties the innermost frame, keeping its storage (a loop's next turn).
  mutating func clearFrame() {
    guard !frames.isEmpty else { return }
    frames[frames.count - 1].removeAll(keepingCapacity: true)
  }

  /// What a macro call hides and restores: the caller's frames and macros.
  struct Saved {
    fileprivate let frames: [[Binding]]
    fileprivate let macros: [String: TemplateValue]?
  }

  /// Enters a macro defined beside `macros`, with `parameters` as its only frame.
  mutating func enterMacro(macros: [String: TemplateValue], parameters: [Binding]) -> Saved {
    let saved = Saved(frames: frames, macros: self.macros)
    frames = [parameters]
    self.macros = macros
    return saved
  }

  /// How many frames are open.
  var frameCount: Int { frames.count }

  /// Hides every frame but the first `count` (a block's `super()` call), until `leave`.
  mutating func keepFrames(_ count: Int) -> Saved {
    let saved = Saved(frames: frames, macros: macros)
    frames.removeLast(max(0, frames.count - count))
    return saved
  }

  /// Returns from a macro (or from `keepFrames`).
  mutating func leave(_ saved: Saved) {
    frames = saved.frames
    macros = saved.macros
  }

  /// Every visible name (for "did you mean" hints).
  var names: Set<String> {
    var all = Set(data.keys)
    for frame in frames { for binding in frame { all.insert(binding.name) } }
    if let macros { all.formUnion(macros.keys) }
    return all
  }
}
