import Foundation
import DailyPlanning
import Hifz
import LearnerStore
import Localization
import PlannerCore
import Vocabulary

/// The next seven days' sabaq, sabqi and manzil as a teacher writes them on a card
/// (`planner week`, docs/cli.md).
///
/// Each day is the plan `planner today --date DAY` makes (``DailyPlanner``, the same code and
/// composition), for a learner whose history is the real one plus every earlier day of the week
/// done as planned: each Quran item recited once and passing (grade good, no mistakes, in its
/// estimated time), each word answered right, each item marked done. No grade is known for those
/// days, so the card says so: a real grade (a failed lesson) changes the days after it. The
/// parameters in force today are kept all week (no refit). Nothing is recorded.
struct WeekView: Sendable, Equatable, Encodable {
  struct Day: Sendable, Equatable, Encodable {
    var date: EpochDay
    /// `mon` … `sun`.
    var weekday: String
    /// Canonical ranges (`78:1-16`), merged where they touch, in the plan's order.
    var sabaq: [String]
    var sabqi: [String]
    var manzil: [String]
    /// Minutes of Quran work planned (whole, rounded).
    var quranMinutes: Int
    /// The day's plan notes (their codes), e.g. `quran.lesson-repeated`.
    var notes: [String]
    /// `no-new-lesson` or `no-quran-work` when the day has no sabaq; absent otherwise.
    var note: String?

    var ranges: (sabaq: [AyahRange], sabqi: [AyahRange], manzil: [AyahRange]) {
      func parse(_ r: [String]) -> [AyahRange] { r.compactMap { try? AyahRange(parsing: $0) } }
      return (parse(sabaq), parse(sabqi), parse(manzil))
    }
  }

  static let days = 7
  static let assumption =
    "each day is planned as 'planner today' plans it, assuming every day before it was done as planned and passed (recorded as good): no grade is known yet, so real grades change the days after"

  var version = 1
  var learner: String
  var from: EpochDay
  var to: EpochDay
  var assumption = WeekView.assumption
  var week: [Day]

  /// Plans the seven days from `start` for `loaded`.
  static func plan(_ loaded: LearnerDailyPlanner.Loaded, from start: EpochDay) throws(PlanEngineError) -> WeekView {
    var fold = LearnerFold(profile: loaded.profile, state: loaded.state)
    var clock = LearningDayClock(profile: loaded.profile)
    var week: [Day] = []
    var sequence = 0
    for d in 0..<days {
      let day = start.advanced(by: d)
      let plan = try DailyPlanner.plan(profile: loaded.profile, state: fold.state, date: day, locale: nil,
                                       parameters: loaded.parameters)
      week.append(Self.day(plan))
      guard d + 1 < days else { break }
      // The day done as planned, two hours after the day starts (local), one second apart.
      let local = Int64(day.value) * LearningDayClock.msPerDay + Int64(loaded.profile.dayStartHour + 2) * 3_600_000
      var t = local - Int64(clock.offsetSeconds(atMillis: local)) * 1000
      t = local - Int64(clock.offsetSeconds(atMillis: t)) * 1000
      func emit(_ payload: EventPayload) {
        sequence += 1
        t += 1000
        fold.apply(LearnerEvent(id: "week-\(day)-\(sequence)", time: EventTime(epochMillis: t, offsetSeconds: clock.offsetSeconds(atMillis: t)),
                                payload: payload))
      }
      emit(.planOpened(date: day.description))
      for section in plan.sections {
        for item in section.items {
          if let english = item.english {
            emit(.wordQuizzed(english: english, answer: item.translations?.first ?? "", verdict: .right,
                              seconds: Double(item.estimatedSeconds)))
          } else if let tier = Self.tier(section.kind), let ranges = item.ranges {
            let lines = ranges.reduce(0.0) { $0 + Quran.lines($1) }
            for r in ranges {
              let share = lines > 0 ? Quran.lines(r) / lines : 1 / Double(ranges.count)
              emit(.recitation(Recitation(range: r.description, tier: tier, grade: 3,
                                          seconds: max(1, (Double(item.estimatedSeconds) * share).rounded()))))
            }
          }
          emit(.planItemDone(date: day.description, item: item.id, seconds: Double(item.estimatedSeconds)))
        }
      }
    }
    return WeekView(learner: loaded.profile.id, from: start, to: start.advanced(by: days - 1), week: week)
  }

  static func tier(_ kind: DailyPlanSection.Kind) -> QuranTier? {
    switch kind {
    case .quranNewLesson: return .newLesson
    case .quranRecentRevision: return .recentRevision
    case .quranOldRevision: return .oldRevision
    case .vocabularyReviews, .vocabularyNewWords: return nil
    }
  }

  /// One day of the card from its plan.
  static func day(_ plan: DailyPlan) -> Day {
    func ranges(_ kind: DailyPlanSection.Kind) -> [String] {
      merged(plan.sections.filter { $0.kind == kind }.flatMap(\.items).flatMap { $0.ranges ?? [] }).map(\.description)
    }
    let quranSeconds = plan.sections.filter { tier($0.kind) != nil }.reduce(0) { $0 + $1.seconds }
    let sabaq = ranges(.quranNewLesson), sabqi = ranges(.quranRecentRevision), manzil = ranges(.quranOldRevision)
    let note: String? = !sabaq.isEmpty ? nil : (sabqi.isEmpty && manzil.isEmpty ? "no-quran-work" : "no-new-lesson")
    return Day(date: plan.date, weekday: plan.budget.weekday, sabaq: sabaq, sabqi: sabqi, manzil: manzil,
               quranMinutes: (quranSeconds + 30) / 60, notes: plan.notes.map(\.code.rawValue), note: note)
  }

  /// Ranges in the given order, each joined to the one before when they touch (a teacher writes
  /// "An-Naba 1–40, Al-Mulk 1–5", not the pages one by one).
  static func merged(_ ranges: [AyahRange]) -> [AyahRange] {
    var out: [AyahRange] = []
    for r in ranges {
      if let last = out.last, last.last + 1 >= r.first, r.first >= last.first {
        out[out.count - 1] = last.union(r)
      } else {
        out.append(r)
      }
    }
    return out
  }

  // MARK: Text

  /// The card: a title, the assumption, then one line per day.
  func text(locale: PlanLocale) -> String {
    let l = Localizer(locale: locale)
    func date(_ d: EpochDay) -> MessageArgument { let c = d.civil; return .date(year: c.year, month: c.month, day: c.day) }
    var out = l.string(.weekTitle, ["from": date(from), "to": date(to)]) + "\n"
    out += l.string(.weekAssumption, ["command": .text("planner today")]) + "\n\n"
    let separator = locale == .arabic ? "، " : ", "
    for day in week {
      var parts: [String] = []
      let r = day.ranges
      if !r.sabaq.isEmpty { parts.append(l.string(.weekSabaq, ["ranges": .text(r.sabaq.map { Self.name($0, l) }.joined(separator: separator))])) }
      if !r.sabqi.isEmpty { parts.append(l.string(.weekSabqi, ["ranges": .text(r.sabqi.map { Self.name($0, l) }.joined(separator: separator))])) }
      if !r.manzil.isEmpty { parts.append(l.string(.weekManzil, ["ranges": .text(r.manzil.map { Self.name($0, l) }.joined(separator: separator))])) }
      if day.note == "no-quran-work" { parts.append(l.string(.weekNoQuran)) } else if day.note != nil { parts.insert(l.string(.weekNoLesson), at: 0) }
      if day.quranMinutes > 0 { parts.append(l.plural(.countMinutes, count: day.quranMinutes)) }
      out += Self.weekday(day.weekday, l) + " " + l.format(date(day.date)) + "  " + parts.joined(separator: " · ") + "\n"
    }
    return out
  }

  /// A range as a teacher writes it: the surah's name (in the locale's form), then the ayahs
  /// unless it is the whole surah: `Al-Mulk`, `An-Naba 1-16`, `An-Naba 38 – An-Naazi'aat 5`.
  static func name(_ r: AyahRange, _ l: Localizer) -> String {
    let a = r.start, b = r.end
    func surah(_ n: Int) -> String {
      l.format(.surah(SurahName(surah: n, transliteration: Quran.surahName(n, style: .transliterated))))
    }
    func digits(_ s: String) -> String { Digits.localize(s, for: l.locale) }
    let wholeFirst = a.ayah == 1, wholeLast = Quran.surahRange(b.surah)?.last == r.last
    if wholeFirst && wholeLast { return a.surah == b.surah ? surah(a.surah) : surah(a.surah) + " – " + surah(b.surah) }
    if a.surah == b.surah { return surah(a.surah) + " " + digits(r.first == r.last ? "\(a.ayah)" : "\(a.ayah)-\(b.ayah)") }
    return surah(a.surah) + " " + digits("\(a.ayah)") + " – " + surah(b.surah) + " " + digits("\(b.ayah)")
  }

  static func weekday(_ code: String, _ l: Localizer) -> String {
    switch code {
    case "mon": return l.string(.weekWeekdayMon)
    case "tue": return l.string(.weekWeekdayTue)
    case "wed": return l.string(.weekWeekdayWed)
    case "thu": return l.string(.weekWeekdayThu)
    case "fri": return l.string(.weekWeekdayFri)
    case "sat": return l.string(.weekWeekdaySat)
    default: return l.string(.weekWeekdaySun)
    }
  }
}
