import Foundation
import Hifz
import LearnerStore
import MemoryModels
import PlannerCore
import Vocabulary

/// One simulated learner under one policy, day by day, in memory: each day the learner opens
/// (or skips) the plan the planner side computed from the events so far, recites and answers
/// the items in order until their time or willingness runs out, and the outcome of each item
/// is drawn from the hidden memory. The events go back to the planner side; the hidden memory
/// never does.
public struct LearnerRun: Sendable {
  public var learner: SimulatedLearner
  public var policy: SimulationPolicy
  public var profile: LearnerProfile
  /// Every event recorded, in order (empty when run without `keepEvents`).
  public var events: [LearnerEvent]
  /// The hidden memory at the end (parameters of every item met, and their states).
  public var hidden: HiddenMemory
  /// The benchmark's metrics from the truth (when asked for).
  public var metrics: TruthMetrics?
}

public enum LearnerSimulation {
  /// The hidden parameters of the material memorised before the start (by unit key).
  static func startingMemory(_ learner: SimulatedLearner, start: EpochDay, seed: UInt64, model: PowerLawMemory) -> [String: HiddenItem] {
    var items: [String: HiddenItem] = [:]
    for juz in learner.memorisedJuz {
      guard let range = Quran.juz(juz) else { continue }
      for unit in ReviewUnits.units(overlapping: range) {
        let key = unit.description
        var item = HiddenMemory.drawItem(key, ability: learner.ability, seed: seed, learner: learner.index, model: model)
        var rng = SplitMix64(keys: seed, 0x5354_4152, UInt64(learner.index), FNV1a64.hash(key))
        item.startStrength = 25 * exp(0.6 * SimulationRandom.normal(&rng) + learner.ability - 0.5 * item.difficulty)
        item.startLastDay = start.value - 1 - rng.nextInt(in: 0...39)
        items[key] = item
      }
    }
    return items
  }

  /// Mushaf lines of the whole Quran (for the goal forecast's lines left).
  static let quranLines = Quran.lines(AyahRange(uncheckedFirst: 1, last: Quran.ayahCount))

  /// One learner under one policy. `lines`: the Quran line-level truth's constants (used under
  /// a truth model); `measure`: also collect the benchmark's ``TruthMetrics``; `keepEvents`:
  /// return the events (the benchmark, which needs only the metrics, does not keep them).
  public static func run(_ learner: SimulatedLearner, policy: SimulationPolicy, days: Int, start: EpochDay, seed: UInt64,
                         desiredRetention: Double? = nil, settings: [(key: String, value: String)] = [], truth: AnyMemoryTruth? = nil,
                         lines: QuranLineTruth<AnyMemoryTruth>.Parameters = .init(), measure: Bool = false,
                         keepEvents: Bool = true) throws(PlanEngineError) -> LearnerRun {
    let profile = try learner.profile(start: start, desiredRetention: desiredRetention, settings: settings)
    let model = PowerLawMemory()
    var hidden = HiddenMemory(ability: learner.ability, items: startingMemory(learner, start: start, seed: seed, model: model), model: model,
                              truth: truth, seed: seed, learnerIndex: learner.index, lines: lines)
    var meter = measure ? TruthMeter(learner: learner, start: start.value, days: days, hidden: hidden) : nil
    let memorisedLines = learner.memorisedJuz.compactMap { Quran.juz($0) }.reduce(0) { $0 + Quran.lines($1) }
    var side = PlanningSide(profile: profile, policy: policy)
    var clock = LearningDayClock(profile: profile)
    var events: [LearnerEvent] = []
    var translations: [String: String] = [:]
    var sequence = 0
    let idPrefix = learner.id + "-"
    var wordsMet = 0

    for d in 0..<days {
      let day = start.advanced(by: d)
      meter?.startOfDay(d, hidden: hidden)
      var rng = SplitMix64(keys: seed, 0x4441_5953, UInt64(learner.index), UInt64(d))
      let skipped = rng.nextDouble() < learner.skipProbability
      if skipped || learner.onHoliday(d) { continue }
      // A budget change (the benchmark's budget scenarios): the learner sets the day's budget
      // in their profile, as `planner configure` does (a `settings.changed` event per key), and
      // the planner side plans the same events under the new profile from then on.
      var changes: [LearnerEvent] = []
      if learner.budgetChange != nil, side.profile.dailyMinutes != learner.dailyMinutes(on: d) {
        let next = try learner.profile(start: start, desiredRetention: desiredRetention, day: d, settings: settings)
        for key in ["dailyMinutes", "quran.dailyMinutes"] {
          let before = try side.profile.setting(key), after = try next.setting(key)
          guard before != after else { continue }
          sequence += 1
          let at = Int64(day.value) * 86_400_000 + 4 * 3_600_000
          let ms = at - Int64(clock.offsetSeconds(atMillis: at)) * 1000
          changes.append(LearnerEvent(id: "\(learner.id)-\(sequence)", time: EventTime(epochMillis: ms, offsetSeconds: clock.offsetSeconds(atMillis: ms)),
                                      payload: .settingsChanged(key: key, value: after, previous: before)))
        }
        side.reconfigure(next, receiving: changes)
        if keepEvents { events += changes }
      }
      let (plan, forecast) = try side.planAndForecast(day: day)
      if let forecast, meter != nil {
        let learnt = meter!.metrics.newLines
        meter!.forecast(forecast, d: d, newLinesSoFar: learnt, goalLinesLeft: Swift.max(0, quranLines - memorisedLines - learnt))
      }
      // Vocabulary learners meet new words every day (the seed app's translations) and add
      // them to the dictionary; the plans choose when to learn them.
      let adding = learner.quranShare < 1 ? learner.newWordsPerDay : 0
      if plan.isEmpty && adding == 0 { continue }

      // The session: local start hour plus up to an hour, as an instant.
      let local = Int64(day.value) * 86_400_000 + Int64(learner.hour) * 3_600_000 + Int64(rng.nextInt(in: 0...59)) * 60_000
      var t = local - Int64(clock.offsetSeconds(atMillis: local)) * 1000
      t = local - Int64(clock.offsetSeconds(atMillis: t)) * 1000
      var today: [LearnerEvent] = []
      func emit(_ payload: EventPayload) {
        sequence += 1
        let time = EventTime(epochMillis: t, offsetSeconds: clock.offsetSeconds(atMillis: t))
        today.append(LearnerEvent(id: idPrefix + String(sequence), time: time, payload: payload))
      }
      let date = day.description
      for _ in 0..<adding {
        let (en, uk) = SimulationDeck.word(wordsMet)
        wordsMet += 1
        translations[en] = uk
        emit(.wordAdded(english: en, ukrainian: [uk]))
        t += 20_000
      }
      if plan.isEmpty {
        side.receive(today)
        if keepEvents { events += today }
        continue
      }
      emit(.planOpened(date: date))
      t += 5_000
      let budget = learner.dailyMinutes(on: d)
      let cap = Double(budget * 60) * learner.timeTolerance
      let willing = min(1, learner.completion * SimulationRandom.uniform(&rng, 0.8, 1.25))
      let planned = Double(plan.reduce(0) { $0 + $1.estimatedSeconds })
      var used = 0.0, estimatedDone = 0.0
      var quranSeconds = 0.0, wordSeconds = 0.0
      var k = 0
      while k < plan.count {
        // The one stop rule for every policy: out of time, or the share of the plan's
        // estimated time they are willing to do is done.
        if k > 0 && (used >= cap || (willing < 1 && estimatedDone >= willing * planned)) { break }
        estimatedDone += Double(plan[k].estimatedSeconds)
        let item = plan[k]
        var seconds = 0.0
        switch item.kind {
        case .quran(let tier, let ranges):
          let pace = tier == .newLesson ? learner.secondsPerNewLine : learner.secondsPerRevisedLine
          for range in ranges {
            for unit in ReviewUnits.units(overlapping: range) {
              let key = unit.description
              hidden.define(key, HiddenMemory.drawItem(key, ability: learner.ability, seed: seed, learner: learner.index, model: model))
              let pieces = HiddenMemory.pieces(unit, of: range)
              meter?.exposed(key, day: day.value)
              if hidden.lineTruth != nil {
                // The line-level truth: each piece draws its forgotten lines (a mistake is a line forgotten).
                for piece in pieces {
                  let outcome = hidden.recite(key, piece: piece, newLesson: tier == .newLesson, day: day.value)
                  var timeRNG = hidden.pairedRandom(key, stream: 1)
                  let lines = Quran.lines(piece)
                  let share = Double(outcome.forgotten.count) / Double(Swift.max(1, HiddenMemory.lineIndices(key, piece).count))
                  let s = max(1, (lines * pace * exp(0.15 * SimulationRandom.normal(&timeRNG)) * (1 + 0.4 * share)).rounded())
                  let grade = outcome.rating.rawValue
                  emit(.recitation(Recitation(range: piece.description, tier: tier, grade: grade, mistakes: outcome.forgotten.count,
                                              hesitations: 0, seconds: s)))
                  if tier == .newLesson { meter?.metrics.newLines += lines }
                  seconds += s
                  quranSeconds += s
                  t += Int64(s * 1000)
                }
                continue
              }
              var itemRNG = hidden.pairedRandom(key)
              let p = tier == .newLesson ? hidden.newLessonRecall(key, on: day.value) : hidden.recall(key, on: day.value) ?? 0.5
              let (grade, mistakesPerLine) = drawGrade(p: p, key: key, hidden: hidden, &itemRNG)
              for piece in pieces {
                let lines = Quran.lines(piece)
                let s = max(1, (lines * pace * exp(0.15 * SimulationRandom.normal(&itemRNG)) * (grade == 1 ? 1.4 : 1)).rounded())
                let mistakes = grade == 1 ? 2 + Int(lines * mistakesPerLine) : (grade == 2 ? 1 : 0)
                let event = Recitation(range: piece.description, tier: tier, grade: grade, mistakes: mistakes,
                                       hesitations: grade == 2 ? 1 : 0, seconds: s)
                emit(.recitation(event))
                hidden.apply(today[today.count - 1], day: day.value)
                if tier == .newLesson { meter?.metrics.newLines += lines }
                seconds += s
                quranSeconds += s
                t += Int64(s * 1000)
              }
            }
          }
        case .newWord(let en):
          let uk = translations[en] ?? ""
          let key = ItemKey.word(en)
          hidden.define(key, HiddenMemory.drawItem(key, ability: learner.ability, seed: seed, learner: learner.index, model: model))
          var itemRNG = hidden.pairedRandom(key)
          var verdict = AnswerVerdict.right
          var s = max(1, (3 * learner.secondsPerWord * exp(0.2 * SimulationRandom.normal(&itemRNG))).rounded())
          if let truth {
            // A truth model: the first quiz can fail; answer times by rating, at the learner's pace.
            let rating = truth.firstRating(hidden.truthItem(key), &itemRNG)
            verdict = Self.verdict(rating)
            s = max(1, (truth.answerSeconds(rating, first: true, &itemRNG) * learner.secondsPerWord / 10).rounded())
          }
          let answer = verdict == .right ? uk : (verdict == .typo ? String(uk.dropLast()) : "?")
          emit(.wordQuizzed(english: en, answer: answer, verdict: verdict, seconds: s))
          hidden.apply(today[today.count - 1], day: day.value)
          meter?.metrics.newWords += 1
          seconds += s
          wordSeconds += s
          t += Int64(s * 1000)
        case .word(let en):
          let key = ItemKey.word(en)
          var itemRNG = hidden.pairedRandom(key)
          let p = hidden.recall(key, on: day.value) ?? 0.5
          let (grade, _) = drawGrade(p: p, key: key, hidden: hidden, &itemRNG)
          let uk = translations[en] ?? ""
          let verdict = Self.verdict(Rating(rawValue: grade)!)
          let answer = verdict == .right ? uk : (verdict == .typo ? String(uk.dropLast()) : "?")
          var s = max(1, (learner.secondsPerWord * exp(0.2 * SimulationRandom.normal(&itemRNG)) * (grade == 1 ? 1.5 : 1)).rounded())
          if let truth { s = max(1, (truth.answerSeconds(Rating(rawValue: grade)!, first: false, &itemRNG) * learner.secondsPerWord / 10).rounded()) }
          emit(.wordQuizzed(english: en, answer: answer, verdict: verdict, seconds: s))
          hidden.apply(today[today.count - 1], day: day.value)
          seconds += s
          wordSeconds += s
          t += Int64(s * 1000)
        }
        used += seconds
        emit(.planItemDone(date: date, item: item.id, seconds: seconds))
        t += 2_000
        k += 1
      }
      for item in plan[k...] { emit(.planItemSkipped(date: date, item: item.id)) }
      meter?.worked(quranSeconds: quranSeconds, wordSeconds: wordSeconds, budget: budget)
      side.receive(today)
      if keepEvents { events += today }
    }
    meter?.finish(hidden)
    return LearnerRun(learner: learner, policy: policy, profile: profile, events: events, hidden: hidden, metrics: meter?.metrics)
  }

  /// A grade 1–4 drawn from the hidden recall probability p: forgotten with probability 1 − p;
  /// when recalled, Hard is likelier when p was low and Easy when p was high and the item easy
  /// (``PowerLawMemory``'s rule). New lessons are graded by how well they hold after a day.
  /// Also returns the mistakes per line of a forgotten recitation.
  static func drawGrade(p: Double, key: String, hidden: HiddenMemory, _ rng: inout SplitMix64) -> (Int, Double) {
    guard let truth = hidden.truth else { return drawGrade(p: p, delta: hidden.effectiveDifficulty(key), &rng) }
    let rating = truth.reviewRating(recall: p, item: hidden.truthItem(key), &rng)
    return (rating.rawValue, SimulationRandom.uniform(&rng, 0.1, 0.4))
  }

  /// A quiz's verdict for a rating: Good/Easy → right, Hard → typo, Again → wrong.
  static func verdict(_ rating: Rating) -> AnswerVerdict { rating == .again ? .wrong : (rating == .hard ? .typo : .right) }

  static func drawGrade(p: Double, delta: Double, _ rng: inout SplitMix64) -> (Int, Double) {
    let u = rng.nextDouble()
    let v = rng.nextDouble()
    let mistakesPerLine = SimulationRandom.uniform(&rng, 0.1, 0.4)
    if u >= p { return (1, mistakesPerLine) }
    let hard = 0.05 + 0.5 * (1 - p)
    let easy = 0.15 * p * p * exp(-delta)
    return (v < hard ? 2 : (v < hard + easy ? 4 : 3), mistakesPerLine)
  }
}
