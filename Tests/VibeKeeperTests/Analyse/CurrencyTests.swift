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
}
