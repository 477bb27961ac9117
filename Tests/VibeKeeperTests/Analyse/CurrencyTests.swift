import Foundation
import Testing

@testable import VibeKeeper

@Suite struct CurrencyTests {
  @Test func minorUnits() {
    #expect(Currency.minorUnits(of: "EUR") == 2)
    #expect(Currency.minorUnits(of: "JPY") == 0)
    #expect(Currency.minorUnits(of: "jpy") == 0)
    for code in ["KWD", "BHD", "JOD", "OMR", "TND"] { #expect(Currency.minorUnits(of: code) == 3) }
    #expect(Currency.minorUnits(of: "XYZ") == 2)
  }

  @Test func codeFormRoundsHalfEvenToTheMinorUnit() {
    let dec = MoneyFixture.dec
    #expect(Currency.format(dec("12.5"), code: "EUR") == "12.50 EUR")
    #expect(Currency.format(dec("0.125"), code: "EUR") == "0.12 EUR")
    #expect(Currency.format(dec("0.135"), code: "eur") == "0.14 EUR")
    #expect(Currency.format(dec("1250.5"), code: "JPY") == "1250 JPY")
    #expect(Currency.format(dec("1251.5"), code: "JPY") == "1252 JPY")
    #expect(Currency.format(dec("1.2345"), code: "KWD") == "1.234 KWD")
    #expect(Currency.format(dec("-3"), code: "USD") == "-3.00 USD")
    #expect(Currency.format(dec("-0.001"), code: "USD") == "0.00 USD")
    #expect(Currency.format(dec("1234567.891"), code: "EUR") == "1234567.89 EUR")
  }

  @Test func symbolFormForCommonCurrenciesOnly() {
    let dec = MoneyFixture.dec
    #expect(Currency.format(dec("12.5"), code: "USD", style: .symbol) == "$12.50")
    #expect(Currency.format(dec("-3"), code: "EUR", style: .symbol) == "-€3.00")
    #expect(Currency.format(dec("980"), code: "JPY", style: .symbol) == "¥980")
    #expect(Currency.format(dec("12.5"), code: "CHF", style: .symbol) == "12.50 CHF")
  }

  /// The site's `currency` filter and the reports' `Currency.format` round an amount to the
  /// same digits: both take the minor units from `ISO4217` (KWD 1.005, not 1.00).
  @Test func theTemplateFilterAgreesWithTheReports() throws {
    let dec = MoneyFixture.dec
    let template = try Template(name: "t.txt", text: "{{ a | currency(c) }}")
    for code in ["KWD", "BHD", "JPY", "XOF", "EUR", "USD", "CHF", "CLF"] {
      for text in ["1.005", "98.995", "1500", "0.12345", "-2.5"] {
        let amount = dec(text)
        let out = try template.render(
          context: ["a": .decimal(amount), "c": .string(code)],
          environment: TemplateFixture.environment()
        ).output
        let shown = out.filter { $0.isASCII && ($0.isNumber || $0 == ".") }
        let reported = Currency.digits(amount, code: code).filter { $0 != "-" }
        #expect(shown == reported, "\(code) \(text): \(out)")
      }
    }
    let render = { (amount: String, code: String) throws -> String in
      try template.render(
        context: ["a": .decimal(dec(amount)), "c": .string(code)],
        environment: TemplateFixture.environment()
      ).output
    }
    #expect(try render("1.005", "KWD") == "KWD 1.005")
    #expect(Currency.format(dec("1.005"), code: "KWD") == "1.005 KWD")
    #expect(try render("1500", "XOF") == "XOF 1,500")
    #expect(Currency.format(dec("1500"), code: "XOF") == "1500 XOF")
  }
}
