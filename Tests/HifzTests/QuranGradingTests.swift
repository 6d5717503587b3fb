@testable import Hifz
@testable import MemoryModels
@testable import PlannerCore
import Testing

@Suite("Quran grading: mistakes to FSRS grades, located on units")
struct QuranGradingTests {
  @Test(arguments: [
    (0.0, 0.0, 15.0, Rating.good), (0.0, 2.0, 15.0, .good), (1.0, 0.0, 15.0, .hard), (3.0, 1.0, 15.0, .hard),
    (4.0, 0.0, 15.0, .again), (0.0, 8.0, 15.0, .hard), (0.0, 40.0, 15.0, .hard), (1.0, 0.0, 1.0, .hard), (1.0, 0.0, 4.0, .hard),
    (2.0, 0.0, 2.0, .again), (0.0, 0.0, 0.5, .good), (0.0, 7.0, 15.0, .hard), (0.0, 5.0, 15.0, .good),
  ])
  func gradeTable(mistakes: Double, hesitations: Double, lines: Double, expected: Rating) {
    #expect(QuranGrading.grade(mistakes: mistakes, hesitations: hesitations, lines: lines) == expected)
  }

  /// A mistake on 78:5 weakens page 582 only, not the next page recited with it.
  @Test func locatedMistakesWeakenOnlyTheirUnits() throws {
    let range = try AyahRange(parsing: "78:1-79:15")   // pages 582 and 583
    let at = try Quran.ayahID(surah: 78, ayah: 5)
    let r = QuranRecitation(day: day0, range: range, tier: .oldRevision, grade: .again, mistakes: 1, mistakesAt: [at])
    let ratings = QuranGrading.unitRatings(of: r)
    #expect(ratings.map(\.unit) == [.page(582), .page(583)])
    #expect(ratings.map(\.rating) == [.hard, .good])
    // Unlocated: the recitation's own grade for every unit.
    let whole = QuranRecitation(day: day0, range: range, tier: .oldRevision, grade: .hard, mistakes: 1)
    #expect(QuranGrading.unitRatings(of: whole).map(\.rating) == [.hard, .hard])
    // Five located on one page: that page is forgotten, the other is not.
    let many = QuranRecitation(day: day0, range: range, tier: .oldRevision, grade: .again, mistakes: 5, mistakesAt: Array(repeating: at, count: 5))
    #expect(QuranGrading.unitRatings(of: many).map(\.rating) == [.again, .good])
  }

  @Test func oneSlipComesBackSoonerButNotAsForgotten() {
    let m = ReviewUnitMemory(unit: .page(582), state: MemoryState(stability: 40, difficulty: 5), lastReview: day0)
    let day = day0.advanced(by: 30)
    let good = QuranMemory.reviewed(m, on: day, rating: .good)
    let slip = QuranMemory.reviewed(m, on: day, rating: QuranGrading.grade(mistakes: 1, hesitations: 0, lines: 15))
    let lapse = QuranMemory.reviewed(m, on: day, rating: .again)
    #expect(slip.state!.stability < good.state!.stability)
    #expect(slip.state!.stability > lapse.state!.stability * 3)
    #expect(slip.lapses == 0 && lapse.lapses == 1 && slip.lastReview == day && slip.reviews == 1)
  }

  @Test func reviewUnitsCoverEveryAyahOnce() throws {
    var seen = [Int](repeating: 0, count: Quran.ayahCount + 1)
    for u in ReviewUnits.all { for r in ReviewUnits.ranges(u) { for id in r.ids { seen[id] += 1; #expect(ReviewUnits.unit(ofAyah: id) == u) } } }
    #expect(seen.dropFirst().allSatisfy { $0 == 1 })
    #expect(ReviewUnits.all == ReviewUnits.all.sorted())
    #expect(ReviewUnits.all.filter { if case .surah = $0 { true } else { false } }.count == 30)
    #expect(ReviewUnits.ranges(.page(599)).count == 2)
    #expect(ReviewUnits.ranges(.surah(114)) == [Quran.surahRange(114)!])
    #expect(ReviewUnitID("p1") == nil, "page 1 is Al-Faatiha, a surah unit")
    #expect(ReviewUnitID("s2") == nil && ReviewUnitID("p605") == nil && ReviewUnitID("x1") == nil)
    #expect(ReviewUnitID("s1") == .surah(1) && ReviewUnitID("p582") == .page(582))
  }

  /// `ReviewUnitID(_:)`, which reads the bytes, reads every spelling as the rule written on
  /// characters does (a first character `p` or `s`, then what `Int` reads from the rest): every
  /// unit and its neighbours, leading zeros, signs, spaces, other letters, non-ASCII text.
  @Test func unitKeysParseAsTheGeneralRuleReadsThem() {
    var texts = ["", "p", "s", "p0", "s0", "p00582", "p0582", "s0114", "s014", "p+5", "p-5", "s+1", "p 5", " p5", "p5 ", "P5", "x5",
                 "p٥", "ṕ5", "s\u{323}5", "p5\u{301}", "p1234", "p12345", "p99999", "s99999999999999999999", "pp5", "p5p"]
    for n in 0...700 { texts += ["p\(n)", "s\(n)"] }
    for text in texts {
      #expect(ReviewUnitID(text) == Self.unitByCharacters(text), "\(text)")
    }
    #expect(texts.compactMap(ReviewUnitID.init).count == ReviewUnits.all.count + 5)  // p0582, p00582, s0114, p+5, s+1
    for unit in ReviewUnits.all { #expect(ReviewUnitID(unit.description) == unit) }
  }

  static func unitByCharacters(_ text: String) -> ReviewUnitID? {
    guard let kind = text.first, let n = Int(text.dropFirst()) else { return nil }
    let id: ReviewUnitID = kind == "p" ? .page(n) : kind == "s" ? .surah(n) : .page(0)
    return ReviewUnits.all.contains(id) ? id : nil
  }
}

@Suite("Quran planner inputs: days, settings, audio")
struct QuranPlanInputTests {
  @Test func epochDays() throws {
    #expect(EpochDay(year: 1970, month: 1, day: 1)!.value == 0)
    #expect(EpochDay(year: 2026, month: 3, day: 1)!.description == "2026-03-01")
    #expect(try EpochDay(parsing: "2024-02-29").advanced(by: 1).description == "2024-03-01")
    for text in ["2026-02-29", "2026-13-01", "2026-1-01", "yesterday", "2026-04-31"] {
      #expect(throws: PlanEngineError.self) { try EpochDay(parsing: text) }
    }
    // Every 997th day from 0001-01-01 to 9999-12-31 prints and reads back.
    for v in stride(from: EpochDay(year: 1, month: 1, day: 1)!.value, through: EpochDay(year: 9999, month: 12, day: 31)!.value, by: 997) {
      #expect(try EpochDay(parsing: EpochDay(v).description) == EpochDay(v))
    }
  }

  @Test func settingsAreValidated() {
    let bad: [(QuranSettings, String)] = [
      (QuranSettings(dailyMinutes: -1), "quran.dailyMinutes"),
      (QuranSettings(dailyMinutes: 20, desiredRetention: 1.2), "quran.desiredRetention"),
      (QuranSettings(dailyMinutes: 20, cycleDays: 0), "quran.cycleDays"),
      (QuranSettings(dailyMinutes: 20, recentWindowDays: 31), "quran.recentWindowDays"),
      (QuranSettings(dailyMinutes: 20, audioURLTemplate: "https://x/{sura}.mp3"), "quran.audioURLTemplate"),
      (QuranSettings(dailyMinutes: 20, audioURLTemplate: "https://x/{surah:03.mp3"), "quran.audioURLTemplate"),
      (QuranSettings(dailyMinutes: 20, audioURLTemplate: "https://x/{reciter:02}.mp3"), "quran.audioURLTemplate"),
    ]
    for (s, key) in bad {
      #expect { try s.validate() } throws: { e in
        guard case .invalidValue(let k, _, _) = e as? PlanEngineError else { return false }
        return k == key
      }
    }
    #expect(throws: Never.self) { try QuranSettings(dailyMinutes: 20).validate() }
  }

  @Test func audioTemplates() throws {
    let t = try AudioURLTemplate(parsing: "https://example.org/{reciter}/{surah:03}{ayah:03}.mp3")
    #expect(t.url(ayahID: try Quran.ayahID(surah: 2, ayah: 255), reciter: "Husary") == "https://example.org/Husary/002255.mp3")
    let u = try AudioURLTemplate(parsing: "a/{id}-{page}-{surah}:{ayah}")
    #expect(u.url(ayahID: 6236, reciter: "x") == "a/6236-604-114:6")
  }

  @Test func zeroMinutesMeansNoQuranToday() throws {
    let input = QuranPlanInput(date: day0, goal: QuranGoal(direction: .fromAnNas, memorised: [MemorisedRange(Quran.juz(30)!)], startDate: day0),
                               settings: QuranSettings(dailyMinutes: 0))
    let plan = try QuranPlanner.plan(input)
    #expect(plan.items.isEmpty && plan.plannedSeconds == 0)
    #expect(plan.noteCodes.contains("cycle-does-not-fit"))
  }

  /// A single ayah longer than the whole budget is the day's only item, flagged and said.
  @Test func oneItemLongerThanTheBudget() throws {
    let goal = QuranGoal(direction: .custom, surahs: [2], scope: try AyahRange(parsing: "2:282-286"), startDate: day0)
    let plan = try QuranPlanner.plan(QuranPlanInput(date: day0, goal: goal, settings: QuranSettings(dailyMinutes: 5)))
    let ayat = try AyahRange(parsing: "2:282")
    #expect(plan.items.count == 1 && plan.items[0].overBudget && plan.items[0].ranges == [ayat])
    #expect(plan.plannedSeconds == 15 * 120 && plan.plannedSeconds > plan.budgetSeconds)
    let note = try #require(plan.notes.first { $0.code == .overBudgetItem })
    #expect(note.seconds == 30 * 60 && note.limitSeconds == 5 * 60 && note.ranges == [ayat])
  }

  @Test func customGoalsAreChecked() {
    for surahs in [[], [115], [2, 2]] {
      let input = QuranPlanInput(date: day0, goal: QuranGoal(direction: .custom, surahs: surahs, startDate: day0),
                                 settings: QuranSettings(dailyMinutes: 20))
      #expect(throws: PlanEngineError.self) { try QuranPlanner.plan(input) }
    }
  }

  @Test func goalProjectionAndTarget() throws {
    // 30 lines of juz 30 left at the earned pace: reachable by a far target, not by tomorrow.
    let goal = QuranGoal(direction: .fromAnNas, scope: try AyahRange(parsing: "105-114"), targetDate: day0.advanced(by: 1), startDate: day0)
    let plan = try QuranPlanner.plan(QuranPlanInput(date: day0, goal: goal, settings: QuranSettings(dailyMinutes: 20)))
    #expect(plan.goal.totalAyahs == Quran.surahRange(105)!.first.distance(to: 6236) + 1)
    #expect(plan.goal.targetReachable == false)
    #expect(plan.noteCodes.contains("target-unreachable"))
    #expect(plan.goal.requiredFitsBudget == false)
    var far = goal
    far.targetDate = day0.advanced(by: 60)
    let ok = try QuranPlanner.plan(QuranPlanInput(date: day0, goal: far, settings: QuranSettings(dailyMinutes: 20)))
    #expect(ok.goal.targetReachable == true && ok.goal.requiredFitsBudget == true)
    #expect(ok.goal.projectedCompletion! <= far.targetDate!)
  }

  @Test func planJSONRoundTripsAndOldInputsLoad() throws {
    var learner = QuranPlannerScenarioTests.beginner()
    learner.follow(try learner.plan(day0))
    let plan = try learner.plan(day0.advanced(by: 1))
    let json = try QuranPlanJSON.encode(plan)
    #expect(json.contains("\"ranges\":[\"113\",\"112\"]"))
    #expect(json.contains("\"date\":\"2026-03-02\""))
    #expect(try JSONDecoder().decode(QuranPlan.self, from: Data(json.utf8)) == plan)
  }
}

import Foundation

@Suite("Quran goal and settings JSON")
struct QuranProfileJSONTests {
  @Test func missingKeysTakeDefaults() throws {
    let s = try JSONDecoder().decode(QuranSettings.self, from: Data(#"{"dailyMinutes": 20}"#.utf8))
    #expect(s == QuranSettings(dailyMinutes: 20))
    #expect(s.desiredRetention == 0.85 && s.cycleDays == 30 && s.recentWindowDays == 7 && s.audioURLTemplate == nil)
    let g = try JSONDecoder().decode(QuranGoal.self, from: Data(#"{"direction": "from-an-nas", "scope": "juz30", "memorised": [{"range": "112-114", "selfRating": 4}], "startDate": "2026-03-01"}"#.utf8))
    #expect(g == QuranGoal(direction: .fromAnNas, scope: Quran.juz(30), memorised: [MemorisedRange(try AyahRange(parsing: "112-114"), selfRating: .easy)], startDate: day0))
  }

  @Test func roundTrips() throws {
    let s = QuranSettings(dailyMinutes: 25, cycleDays: 21, audioURLTemplate: "https://x/{surah}/{ayah}.mp3")
    #expect(try JSONDecoder().decode(QuranSettings.self, from: JSONEncoder().encode(s)) == s)
    let g = QuranGoal(direction: .custom, surahs: [67, 36, 18], memorised: [MemorisedRange(try AyahRange(parsing: "67:1-10"))],
                      targetDate: EpochDay(year: 2027, month: 1, day: 1), startDate: day0)
    #expect(try JSONDecoder().decode(QuranGoal.self, from: JSONEncoder().encode(g)) == g)
  }

  @Test func badReferencesAreRefusedWithTheirPath() {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(QuranGoal.self, from: Data(#"{"direction": "from-an-nas", "scope": "2:300", "startDate": "2026-03-01"}"#.utf8))
    }
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(QuranGoal.self, from: Data(#"{"direction": "sideways", "startDate": "2026-03-01"}"#.utf8))
    }
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(QuranGoal.self, from: Data(#"{"direction": "from-an-nas", "startDate": "2026-02-30"}"#.utf8))
    }
  }
}
