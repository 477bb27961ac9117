import Foundation

/// File-name and permalink slugs of titles: lower-case ASCII letters and digits with `-`
/// between words, diacritics folded (`Zoë's Café` → `zoes-cafe`), other scripts written
/// in Latin letters (`Праздники` → `prazdniki`).
public enum Slug {
  /// The longest slug `make` returns, in characters.
  public static let maxLength = 60

  /// The slug of `title`, or `fallback` when nothing of it is left (a title of only
  /// symbols or of a script that has no ASCII folding).
  public static func make(_ title: String, fallback: String = "untitled") -> String {
    var words: [String] = []
    var current = ""
    var folded = fold(title)
    // Another script is written in Latin letters first (Праздники → prazdniki, さくら →
    // sakura), so its names give ids of their own, not `untitled`, `untitled-2`...
    if folded.unicodeScalars.contains(where: { !$0.isASCII && $0.properties.isAlphabetic }),
      let latin = title.applyingTransform(.toLatin, reverse: false)
    {
      folded = fold(latin)
    }
    for ch in folded {
      if ch.isASCII, ch.isLetter || ch.isNumber {
        current.append(ch)
      } else if ch == "'" || ch == "’" {
        continue  // "Zoë's" is one word: zoes
      } else if !current.isEmpty {
        words.append(current)
        current = ""
      }
    }
    if !current.isEmpty { words.append(current) }
    var slug = ""
    for word in words {
      let next = slug.isEmpty ? word : slug + "-" + word
      if next.count > maxLength {
        if slug.isEmpty { slug = String(word.prefix(maxLength)) }
        break
      }
      slug = next
    }
    return slug.isEmpty ? fallback : slug
  }

  /// Lower-cases and folds diacritics and the common ligatures to ASCII.
  static func fold(_ text: String) -> String {
    let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      .lowercased()
    var out = ""
    for ch in folded {
      switch ch {
      case "ß": out += "ss"
      case "æ": out += "ae"
      case "œ": out += "oe"
      case "ø": out += "o"
      case "ł": out += "l"
      case "đ", "ð": out += "d"
      case "þ": out += "th"
      case "ı": out += "i"
      default: out.append(ch)
      }
    }
    return out
  }
}
