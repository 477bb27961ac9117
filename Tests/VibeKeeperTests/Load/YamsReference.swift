import Foundation
import Yams

@testable import VibeKeeper

/// The loader's YAML reader as it was before `YAMLComposer`: Yams' composer and a conversion
/// of its tree. The tests below check that the composer gives the same trees and the same
/// diagnostics on every kind of input.
struct YamsReference {
  let file: String
  let lineOffset: Int
  var nodeBudget = 200_000

  /// Yams' tree converted, or the diagnostics (documents with tabs are not compared).
  func read(_ yaml: Substring) -> (YAMLNode?, [Diagnostic]) {
    let root: Yams.Node?
    do {
      let parser = try Parser(yaml: String(yaml), resolver: .basic, encoding: .utf8)
      root = try parser.singleRoot()
    } catch let error as YamlError {
      return (nil, [diagnostic(for: error, in: yaml)])
    } catch {
      return (nil, [Diagnostic(.error, location(1, 1), "could not read YAML: \(error)")])
    }
    guard let root else { return (nil, []) }
    var budget = nodeBudget
    guard let node = convert(root, budget: &budget) else {
      return (
        nil,
        [
          Diagnostic(
            .error, location(1, 1),
            "the YAML expands to more than \(nodeBudget) values, the limit for a file of its size",
            hint:
              "its aliases (*name) repeat large parts again and again; write the values out, "
              + "or split the file")
        ]
      )
    }
    if case .failure(let d) = node { return (nil, [d]) }
    if case .success(let n) = node { return (n, []) }
    return (nil, [])
  }

  private func location(_ line: Int, _ column: Int) -> VibeKeeper.SourceLocation {
    VibeKeeper.SourceLocation(file: file, line: line + lineOffset, column: column)
  }

  private func convert(_ node: Yams.Node, budget: inout Int) -> Result<YAMLNode, Diagnostic>? {
    budget -= 1
    guard budget >= 0 else { return nil }
    let mark = node.mark.map { (line: $0.line, column: $0.column) } ?? (line: 1, column: 1)
    switch node {
    case .scalar(let s):
      return .success(
        .scalar(
          scalar(
            s.string, s.style == .plain, s.mark.map { (line: $0.line, column: $0.column) } ?? mark))
      )
    case .alias:
      return .failure(
        Diagnostic(.error, location(mark.line, mark.column), "YAML aliases are not supported here"))
    case .sequence(let seq):
      var items: [YAMLNode] = []
      items.reserveCapacity(seq.count)
      for child in seq {
        guard let c = convert(child, budget: &budget) else { return nil }
        switch c {
        case .success(let n): items.append(n)
        case .failure: return c
        }
      }
      return .success(.sequence(items, line: mark.line + lineOffset, column: mark.column))
    case .mapping(let map):
      var entries: [YAMLEntry] = []
      entries.reserveCapacity(map.count)
      for (k, v) in map {
        guard case .scalar(let ks) = k else {
          let km = k.mark.map { (line: $0.line, column: $0.column) } ?? mark
          return .failure(
            Diagnostic(
              .error, location(km.line, km.column), "a field name must be plain text",
              hint: "write `name: value` pairs"))
        }
        guard let value = convert(v, budget: &budget) else { return nil }
        switch value {
        case .success(let n):
          let km = ks.mark.map { (line: $0.line, column: $0.column) } ?? mark
          entries.append(YAMLEntry(key: scalar(ks.string, ks.style == .plain, km), value: n))
        case .failure: return value
        }
      }
      return .success(
        .mapping(YAMLMapping(entries: entries, line: mark.line + lineOffset, column: mark.column)))
    }
  }

  private func scalar(_ text: String, _ plain: Bool, _ mark: (line: Int, column: Int)) -> YAMLScalar
  {
    YAMLScalar(text: text, line: mark.line + lineOffset, column: mark.column, isPlain: plain)
  }

  private func diagnostic(for error: YamlError, in yaml: Substring) -> Diagnostic {
    switch error {
    case .scanner(let context, let problem, let mark, _),
      .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      var message = "invalid YAML: \(problem)"
      if let context { message += " (\(context.text) at line \(context.mark.line + lineOffset))" }
      return Diagnostic(
        .error, location(mark.line, mark.column), message,
        hint: YAMLReader(file: file, lineOffset: lineOffset).hint(
          for: problem, line: mark.line, in: yaml))
    case .duplicatedKeysInMapping(let duplicates, let context):
      return Diagnostic(
        .error, location(context.mark.line, context.mark.column),
        "a field is given twice: \(duplicates.joined(separator: ", "))",
        hint: "keep one of them")
    case .reader(let problem, let offset, _, _):
      let (line, column) = YAMLReader.position(ofByte: offset ?? 0, in: yaml)
      return Diagnostic(.error, location(line, column), "invalid YAML: \(problem)")
    default:
      return Diagnostic(.error, location(1, 1), "invalid YAML: \(error)")
    }
  }

}
