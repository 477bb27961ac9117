/// A date format of `YYYY`, `YY`, `MM`, `M`, `DD`, `D` and separators (`DD.MM.YYYY`).
struct DateFormat {
  private enum Part {
    case year4, year2, month, day
    case literal(Character)
  }
  private let parts: [Part]

  init?(_ format: String) {
    var parts: [Part] = []
    var rest = Substring(format)
    while let ch = rest.first {
      if rest.hasPrefix("YYYY") {
        parts.append(.year4)
        rest = rest.dropFirst(4)
      } else if rest.hasPrefix("YY") {
        parts.append(.year2)
        rest = rest.dropFirst(2)
      } else if rest.hasPrefix("MM") {
        parts.append(.month)
        rest = rest.dropFirst(2)
      } else if rest.hasPrefix("M") {
        parts.append(.month)
        rest = rest.dropFirst()
      } else if rest.hasPrefix("DD") {
        parts.append(.day)
        rest = rest.dropFirst(2)
      } else if rest.hasPrefix("D") {
        parts.append(.day)
        rest = rest.dropFirst()
      } else if ch.isLetter || ch.isNumber {
        return nil
      } else {
        parts.append(.literal(ch))
        rest = rest.dropFirst()
      }
    }
    let has = { (p: (Part) -> Bool) in parts.contains(where: p) }
    guard has({ if case .day = $0 { true } else { false } }),
      has({ if case .month = $0 { true } else { false } }),
      has({
        switch $0 {
        case .year4, .year2: true
        default: false
        }
      })
    else { return nil }
    self.parts = parts
  }

  /// The date `text` writes (digits may be one or two wide, a time after it is ignored).
  func parse(_ text: String) -> LocalDate? {
    var rest = Substring(text)
    var year = 0
    var month = 0
    var day = 0
    func number(max: Int) -> Int? {
      let digits = rest.prefix { $0.isASCII && $0.isNumber }.prefix(max)
      guard !digits.isEmpty else { return nil }
      rest = rest.dropFirst(digits.count)
      return Int(digits)
    }
    for part in parts {
      switch part {
      case .year4:
        // Four digits: `26` or `026` is no year of `YYYY` (never 26 AD).
        let before = rest.count
        guard let y = number(max: 4), before - rest.count == 4 else { return nil }
        year = y
      case .year2:
        guard let y = number(max: 2) else { return nil }
        year = y < 70 ? 2000 + y : 1900 + y
      case .month:
        guard let m = number(max: 2) else { return nil }
        month = m
      case .day:
        guard let d = number(max: 2) else { return nil }
        day = d
      case .literal(let c):
        guard rest.first == c else { return nil }
        rest = rest.dropFirst()
      }
    }
    guard rest.isEmpty || rest.first == " " || rest.first == "T" else { return nil }
    return LocalDate(year: year, month: month, day: day)
  }
}
