import Foundation

/// One piece of a template as the lexer cuts it: literal text, a `{{ }}` output or a
/// `{% %}` tag (comments are dropped).
struct TemplateToken: Sendable {
  /// What the piece is.
  enum Kind: Sendable {
    /// Literal text, printed as is.
    case text(String)
    /// `{{ expression }}`.
    case output
    /// `{% tag ... %}`.
    case tag
  }

  /// What the piece is.
  var kind: Kind
  /// Scalar offset of the piece's start (the `{` of a delimiter).
  var offset: Int
  /// The expression tokens between the delimiters (empty for text).
  var tokens: [ExprToken] = []
  /// Scalar offset of the closing delimiter, for "expected ... before here" errors.
  var endOffset: Int = 0
}

/// A token inside `{{ }}` or `{% %}`.
struct ExprToken: Sendable {
  /// The token's kind and value.
  enum Kind: Sendable, Equatable {
    /// A name: variable, keyword, filter or tag name.
    case identifier(String)
    /// A whole-number literal.
    case int(Int)
    /// A decimal literal (`1.5`, or an integer too long for `Int`).
    case decimal(Decimal)
    /// A quoted string literal, unescaped.
    case string(String)
    /// Punctuation or an operator (`.`, `|`, `==`, `(` ...).
    case symbol(String)
    /// The end of the expression (the closing delimiter).
    case end
  }

  /// The token's kind and value.
  var kind: Kind
  /// Scalar offset in the template source.
  var offset: Int

  /// How the token reads in "expected ..., found ..." messages.
  var display: String {
    switch kind {
    case .identifier(let name): return "'\(name)'"
    case .int(let i): return "'\(i)'"
    case .decimal(let d): return "'\(d)'"
    case .string: return "a string"
    case .symbol(let s): return "'\(s)'"
    case .end: return "the end of the tag"
    }
  }
}
