import Testing
@testable import Localization

@Suite("PluralRules")
struct PluralRulesTests {
  // Hand-written: representative numbers and the category a speaker uses for them.
  static let english: [Int: PluralCategory] = [
    0: .other, 1: .one, 2: .other, 11: .other, 21: .other, 101: .other, 200: .other,
  ]
  static let ukrainian: [Int: PluralCategory] = [
    0: .many, 1: .one, 2: .few, 3: .few, 4: .few, 5: .many, 9: .many, 10: .many,
    11: .many, 12: .many, 13: .many, 14: .many, 15: .many, 20: .many, 21: .one, 22: .few,
    24: .few, 25: .many, 31: .one, 100: .many, 101: .one, 102: .few, 104: .few, 105: .many,
    111: .many, 112: .many, 114: .many, 121: .one, 122: .few, 192: .few, 199: .many, 200: .many,
  ]
  static let arabic: [Int: PluralCategory] = [
    0: .zero, 1: .one, 2: .two, 3: .few, 7: .few, 10: .few, 11: .many, 12: .many, 50: .many,
    99: .many, 100: .other, 101: .other, 102: .other, 103: .few, 110: .few, 111: .many,
    150: .many, 199: .many, 200: .other,
  ]

  @Test("hand-written table of representative numbers", arguments: [
    (PlanLocale.english, english), (.ukrainian, ukrainian), (.arabic, arabic),
  ])
  func table(locale: PlanLocale, expected: [Int: PluralCategory]) {
    for (number, category) in expected.sorted(by: { $0.key < $1.key }) {
      #expect(PluralRules.category(for: number, locale: locale) == category, "\(locale) \(number)")
    }
  }

  /// The rules restated a second way, from the decimal digits as text rather than by `%`.
  static func rederived(_ n: Int, _ locale: PlanLocale) -> PluralCategory {
    let digits = Array(String(n))
    let last = digits.last!
    let lastTwo = digits.count >= 2 ? String(digits.suffix(2)) : "0" + String(last)
    switch locale {
    case .english:
      return n == 1 ? .one : .other
    case .ukrainian:
      if ["11", "12", "13", "14"].contains(lastTwo) { return .many }
      switch last {
      case "1": return .one
      case "2", "3", "4": return .few
      default: return .many
      }
    case .arabic:
      if n <= 2 { return [.zero, .one, .two][n] }
      let tail = Int(lastTwo)!
      if tail >= 3 && tail <= 10 { return .few }
      if tail >= 11 { return .many }
      return .other
    }
  }

  @Test("every integer 0…200 against the independently restated rule", arguments: PlanLocale.allCases)
  func zeroToTwoHundred(locale: PlanLocale) {
    var seen = Set<PluralCategory>()
    for n in 0...200 {
      let category = PluralRules.category(for: n, locale: locale)
      #expect(category == Self.rederived(n, locale), "\(locale) \(n)")
      #expect(PluralRules.categories(for: locale).contains(category))
      seen.insert(category)
    }
    // Integers reach every category except Ukrainian "other", which is for fractions.
    let integerCategories = PluralRules.categories(for: locale).filter { !(locale == .ukrainian && $0 == .other) }
    #expect(seen == Set(integerCategories))
  }

  @Test("negative counts use their absolute value")
  func negatives() {
    for locale in PlanLocale.allCases {
      for n in 1...200 {
        #expect(PluralRules.category(for: -n, locale: locale) == PluralRules.category(for: n, locale: locale))
      }
    }
  }

  // The @decimal and @integer samples of CLDR plurals.xml (v44) for each category.
  static let cldrSamples: [(PlanLocale, PluralCategory, [String])] = [
    (.english, .one, ["1"]),
    (.english, .other, ["0", "2", "16", "100", "1000", "0.0", "0.5", "1.0", "1.5", "10.0", "100.0"]),
    (.ukrainian, .one, ["1", "21", "31", "41", "51", "61", "71", "81", "101", "1001"]),
    (.ukrainian, .few, ["2", "3", "4", "22", "23", "24", "32", "42", "52", "62", "102", "1002"]),
    (.ukrainian, .many, ["0", "5", "10", "11", "12", "14", "15", "19", "100", "1000", "10000"]),
    (.ukrainian, .other, ["0.0", "0.5", "1.0", "1.5", "2.0", "10.0", "100.0", "1000.0"]),
    (.arabic, .zero, ["0", "0.0", "0.00", "0.000"]),
    (.arabic, .one, ["1", "1.0", "1.00", "1.000"]),
    (.arabic, .two, ["2", "2.0", "2.00", "2.000"]),
    (.arabic, .few, ["3", "10", "103", "110", "1003", "3.0", "4.0", "10.0", "103.0"]),
    (.arabic, .many, ["11", "26", "111", "1011", "11.0", "12.0", "99.0", "111.0"]),
    (.arabic, .other, ["100", "101", "102", "200", "202", "600", "1000", "10000", "0.1", "0.9", "1.1", "1.7", "10.1", "100.0", "1000.0"]),
  ]

  @Test("CLDR's own samples, decimals included")
  func cldrSamplesMatch() throws {
    for (locale, category, samples) in Self.cldrSamples {
      for sample in samples {
        let operands = try #require(PluralOperands(sample))
        #expect(PluralRules.category(for: operands, locale: locale) == category, "\(locale) \(sample)")
      }
    }
  }

  @Test("decimal counts take the category of the number as shown")
  func decimalsAsShown() {
    #expect(PluralRules.category(for: 1.0, fractionDigits: 0, locale: .english) == .one)
    #expect(PluralRules.category(for: 1.0, fractionDigits: 1, locale: .english) == .other)
    #expect(PluralRules.category(for: 1.04, fractionDigits: 1, locale: .ukrainian) == .other)
    #expect(PluralRules.category(for: 0.96, fractionDigits: 0, locale: .ukrainian) == .one)
    #expect(PluralRules.category(for: 2.5, fractionDigits: 1, locale: .arabic) == .other)
    #expect(PluralRules.category(for: 3.0, fractionDigits: 1, locale: .arabic) == .few)
  }

  @Test("plural operands of written numbers")
  func operands() {
    #expect(PluralOperands("1.50") == PluralOperands(i: 1, v: 2, f: 50))
    #expect(PluralOperands("-0.0") == PluralOperands(i: 0, v: 1, f: 0))
    #expect(PluralOperands(2.346, fractionDigits: 2) == PluralOperands(i: 2, v: 2, f: 35))
    #expect(PluralOperands(-7) == PluralOperands(i: 7))
    #expect(PluralOperands(Int.min) == PluralOperands(i: Int.max))
    #expect(PluralOperands(Double.nan, fractionDigits: 1) == PluralOperands(i: 0, v: 1, f: 0))
    #expect(PluralOperands(Double.infinity, fractionDigits: 2).i == Int.max / 100)
    for bad in ["", ".", "1.", ".5", "1,5", "1e3", "١", "1.2.3", "abc"] {
      #expect(PluralOperands(bad) == nil, "\(bad)")
    }
  }
}
