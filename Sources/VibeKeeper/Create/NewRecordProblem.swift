/// Why `new` cannot even draft a record: mistakes in how it was asked (usage errors), as
/// opposed to bad values, which the loader's diagnostics report.
public enum NewRecordProblem: Error, Sendable, Equatable {
  /// An unknown kind word, with the closest known one.
  case unknownKind(String, suggestion: String?)
  /// A field the kind does not have, with the closest one and every known one.
  case unknownField(String, kind: RecordKind, suggestion: String?, known: [String])
  /// The field the TITLE argument fills was also given as an option.
  case titleAsOption(String)
  /// A field given twice.
  case duplicateField(String)
  /// An option with no value after it.
  case missingValue(String)
  /// Something on the command line that is not a `--field value` pair.
  case notAnOption(String)
  /// A required field with no value and no default, with an example value.
  case missingRequired(String, kind: RecordKind, example: String)
  /// A title that is empty after trimming.
  case emptyTitle

  /// A one-line message naming the problem and how to fix it.
  public var message: String {
    switch self {
    case .unknownKind(let word, let suggestion):
      let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
      return "unknown kind '\(word)'\(hint); kinds: "
        + RecordKind.allCases.map(\.folder).joined(separator: ", ")
    case .unknownField(let name, let kind, let suggestion, let known):
      let hint =
        suggestion.map { "did you mean '--\($0)'?" } ?? "known: " + known.joined(separator: ", ")
      return "\(kind.aSingular) has no field '\(name)'; \(hint)"
    case .titleAsOption(let name):
      return "'--\(name)' is the TITLE argument; give it once, as the title"
    case .duplicateField(let name):
      return "'--\(name)' is given twice"
    case .missingValue(let name):
      return "'--\(name)' needs a value"
    case .notAnOption(let text):
      return "unexpected argument '\(text)'; fields are given as --FIELD VALUE pairs"
    case .missingRequired(let name, let kind, let example):
      return "a new \(kind.singular) needs '\(name)': add --\(name) \(example)"
    case .emptyTitle:
      return "the title is empty"
    }
  }
}
