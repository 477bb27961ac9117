import Foundation

/// A parsed expression. `at` fields are scalar offsets in the template source.
indirect enum Expr: Sendable {
  /// A literal value.
  case literal(TemplateValue)
  /// A variable.
  case variable(String, at: Int)
  /// `base.name`.
  case member(Expr, String, at: Int)
  /// `base[index]`.
  case index(Expr, Expr, at: Int)
  /// `[a, b]`.
  case list([Expr])
  /// `{"key": value}`.
  case map([(key: String, value: Expr)])
  /// `not x`, `-x`.
  case unary(UnaryOperator, Expr, at: Int)
  /// `a + b`, `a and b`, `a ~ b` ...
  case binary(BinaryOperator, Expr, Expr, at: Int)
  /// `a < b <= c`, `a == b`, `a in b`: a chain of comparisons, each operand evaluated once
  /// and the chain true when every link is (Jinja's and Python's meaning).
  case compare(Expr, [Comparison])
  /// `value | name(arguments)`.
  case filter(Expr, FilterCall)
  /// `value is [not] name(arguments)`.
  case test(Expr, TestCall, negated: Bool)
  /// `callee(arguments)` (macros and `super()`).
  case call(Expr, [Argument], at: Int)
  /// `a if condition else b`.
  case conditional(Expr, condition: Expr, otherwise: Expr?)
}

/// One link of a comparison chain: the operator, the right operand and where it is.
struct Comparison: Sendable {
  /// `==`, `<`, `in`, `not in` ...
  let op: BinaryOperator
  /// The right-hand operand (the left one of the next link).
  let value: Expr
  /// Where the operator is.
  let at: Int
}

/// An argument of a call, filter or test; `name` is set for `name=value`.
struct Argument: Sendable {
  /// The keyword, if any.
  let name: String?
  /// The value.
  let value: Expr
}

/// A unary operator.
enum UnaryOperator: Sendable {
  case not, negate, plus
}

/// A binary operator.
enum BinaryOperator: String, Sendable {
  case or, and
  case equal = "=="
  case notEqual = "!="
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="
  case `in`
  case notIn = "not in"
  case add = "+"
  case subtract = "-"
  case multiply = "*"
  case divide = "/"
  case floorDivide = "//"
  case remainder = "%"
  case concat = "~"
}

/// A filter application, resolved to its implementation when parsed.
struct FilterCall: Sendable {
  /// The filter's name, for messages.
  let name: String
  /// The implementation.
  let filter: TemplateFilter
  /// The arguments after the name.
  let arguments: [Argument]
  /// Where the filter's name is.
  let at: Int
}

/// A test application (`is defined`, `is empty` ...).
struct TestCall: Sendable {
  /// The test's name.
  let name: String
  /// The arguments after the name.
  let arguments: [Argument]
  /// Where the test's name is.
  let at: Int
}

/// A node of a template's tree.
enum Node: Sendable {
  /// Literal text.
  case text(String, at: Int)
  /// Where a URL attribute value starts or ends (`href="…"`): the renderer checks the
  /// value's scheme once it is whole (see `URLValueMark`).
  case urlValue(starts: Bool, at: Int)
  /// `{{ expression }}`, escaped for the context it sits in.
  case output(Expr, EscapeMode, at: Int)
  /// `if` / `elif` / `else`.
  case conditional([(condition: Expr, body: [Node])], otherwise: [Node], at: Int)
  /// `for`.
  case loop(ForLoop)
  /// `set name = value`.
  case assign(String, Expr, at: Int)
  /// `include name`.
  case include(Expr, at: Int)
  /// `block name`; the body lives in the template's block table.
  case block(String, at: Int)
  /// `import name as alias`.
  case importMacros(Expr, alias: String, at: Int)
}

/// A `for` loop.
struct ForLoop: Sendable {
  /// The loop variable(s): one name, or a key and a value name for maps.
  let names: [String]
  /// What to iterate.
  let sequence: Expr
  /// `if condition` after the sequence: only the items it holds for are looped over (and
  /// counted in `loop.length`), as in Jinja.
  let filter: Expr?
  /// The body.
  let body: [Node]
  /// What to render when the sequence is empty.
  let otherwise: [Node]
  /// Where the tag is.
  let at: Int
}
