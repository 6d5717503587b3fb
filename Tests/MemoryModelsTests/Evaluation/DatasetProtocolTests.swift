import Foundation
import Testing
@testable import MemoryModels

/// The dev set's protocol (data/reviews/README.md) on a hand-made learner file whose targets,
/// chunks and bins are worked out by hand.
@Suite("Evaluation: the dev-set protocol")
struct DatasetProtocolTests {
  static let day: Int64 = 86_400_000
  static let minute: Int64 = 60_000

  /// Card 1: learn d0, same-day d0+10m, d1, Again d4, same-day d4+10m, d5, d9.
  /// Card 2: learn d0 (Again), d2, d6, d9 (same ms as card 1's d9: a tie).
  /// Card 3: first review is `review`: never used. Card 4: learn d1, d3, d8, d12.
  static let text = """
    card_id,review_time_unix_ms,rating,elapsed_days,review_kind
    1,\(0 * day),3,-1,learn
    2,\(0 * day + 1 * minute),1,-1,learn
    1,\(0 * day + 10 * minute),3,0,learn
    1,\(1 * day),3,1,review
    4,\(1 * day + 5 * minute),3,-1,learn
    3,\(1 * day + 6 * minute),3,-1,review
    2,\(2 * day),3,2,review
    4,\(3 * day),3,2,review
    3,\(3 * day + 1 * minute),3,2,review
    1,\(4 * day),1,3,review
    1,\(4 * day + 10 * minute),3,0,relearn
    1,\(5 * day),3,1,review
    2,\(6 * day),4,4,review
    4,\(8 * day),3,5,review
    1,\(9 * day),3,4,review
    2,\(9 * day),3,3,review
    4,\(12 * day),2,4,review

    """

  @Test func readsTheFileAndKeepsOnlyLearnFirstCards() throws {
    let file = try LearnerReviewFile(text: Self.text)
    #expect(file.rows == 17)
    #expect(file.skippedCards == 1)
    #expect(file.cards.map(\.cardID) == [1, 2, 4])
    #expect(file.cards[0].elapsedDays == [-1, 0, 1, 3, 0, 1, 4])
    #expect(file.targetCount == 10)
  }

  @Test func targetsChunksAndTheTieRule() throws {
    let cards = try LearnerReviewFile(text: Self.text).cards
    let tss = try TimeSeriesEvaluation(cards: cards, split: .timeSeries(folds: 5), bins: .log2)
    // Targets by (time, card id): the same-day reviews and first reviews are not among them.
    #expect(tss.scored.map { "\($0.cardID)@\($0.time / Self.day)" }
      == ["1@1", "2@2", "4@3", "1@4", "1@5", "2@6", "4@8", "1@9", "2@9", "4@12"])
    // n = 10, m = 1: nominal starts 5, 6, 7, 8, 9; 8 splits the tie at d9 (1@9, 2@9) and moves
    // to 9, so chunk 4 is empty and fold 3 predicts nothing.
    #expect(tss.boundaries == [0, 5, 6, 7, 9, 9, 10])
    #expect(tss.cutoffTime(fold: 2) == 9 * Self.day)
    // Fold 2 may learn only from reviews before d9: card 1 without its d9 review.
    let history = tss.history(before: tss.cutoffTime(fold: 2)!)
    #expect(history.first { $0.cardID == 1 }!.count == 6)
    #expect(history.allSatisfy { $0.times.allSatisfy { $0 < 9 * Self.day } })

    // holdout: the last ⌈0.2·10⌉ = 2 test, but the start 8 splits the tie and moves to 9.
    let holdout = try TimeSeriesEvaluation(cards: cards, split: .holdout(testFraction: 0.2), bins: .log2)
    #expect(holdout.boundaries == [0, 9, 10])
    #expect(holdout.folds == 1)
  }

  @Test func log2BinsAndLapses() throws {
    let cards = try LearnerReviewFile(text: Self.text).cards
    let tss = try TimeSeriesEvaluation(cards: cards, split: .timeSeries(folds: 5), bins: .log2)
    func bin(_ card: Int64, _ dayOf: Int64) -> EvaluationMetrics.BinKey {
      tss.rmseBin(tss.scored.first { $0.cardID == card && $0.time / Self.day == dayOf }!)
    }
    // 1@4: Δt 3, 3 earlier reviews, no failed target before: (1, 1, 0).
    #expect(bin(1, 4) == EvaluationMetrics.BinKey(log2ElapsedDays: 3, earlierReviews: 3, lapses: 0))
    #expect(bin(1, 4).elapsed == 1 && bin(1, 4).position == 1 && bin(1, 4).lapses == 0)
    // 1@5: Δt 1, 5 earlier reviews, the Again at d4 was a failed target: (0, 2, 1).
    #expect(bin(1, 5).elapsed == 0 && bin(1, 5).position == 2 && bin(1, 5).lapses == 1)
    // 1@9: Δt 4, 6 earlier: (2, 2, 1). Card 2's first-review Again is not a target: 0 lapses.
    #expect(bin(1, 9).elapsed == 2 && bin(1, 9).position == 2 && bin(1, 9).lapses == 1)
    #expect(bin(2, 6).lapses == 0)
    // Three lapses fall in bucket ⌊log2 3⌋ + 1 = 2, four in 3.
    #expect(EvaluationMetrics.BinKey(log2ElapsedDays: 1, earlierReviews: 1, lapses: 3).lapses == 2)
    #expect(EvaluationMetrics.BinKey(log2ElapsedDays: 1, earlierReviews: 1, lapses: 4).lapses == 3)
  }

  @Test func aggregateWeighsByTestTargetsAndSkipsSmallLearners() throws {
    let cards = try LearnerReviewFile(text: Self.text).cards
    let evaluation = DatasetEvaluation(models: [.average])
    let small = try evaluation.evaluate(learner: "tiny", cards: cards, protocol: .tss5)
    #expect(small.testTargets == nil && small.targets == 10)
    let a = DatasetEvaluation.LearnerResult(
      learner: "a", targets: 600, testTargets: 100,
      metrics: [EvaluationMetrics(logLoss: 0.3, rmseBins: 0.1, auc: 0.6, count: 100)], rmse: [0.2], fits: [])
    let b = DatasetEvaluation.LearnerResult(
      learner: "b", targets: 900, testTargets: 300,
      metrics: [EvaluationMetrics(logLoss: 0.5, rmseBins: 0.2, auc: nil, count: 300)], rmse: [0.4], fits: [])
    let agg = try #require(DatasetEvaluation.aggregate([a, b, small], models: 1))[0]
    #expect(agg.learners == 2 && agg.testTargets == 400)
    #expect(abs(agg.logLoss - 0.45) < 1e-12 && abs(agg.rmseBins - 0.175) < 1e-12 && abs(agg.rmse - 0.35) < 1e-12)
    // A learner without an AUC (one outcome only) is left out of the AUC mean.
    #expect(agg.auc == 0.6)
  }

  /// CRLF line ends, a byte-order mark, blank lines, spaces and tabs around fields, columns in
  /// another order with an extra one, and signed integers read as the plain file does.
  @Test func lineEndsAndSpacingDoNotChangeWhatIsRead() throws {
    let plain = try LearnerReviewFile(text: Self.text)
    let crlf = try LearnerReviewFile(text: "\u{FEFF}" + Self.text.replacingOccurrences(of: "\n", with: "\r\n"))
    #expect(crlf.cards == plain.cards && crlf.rows == plain.rows && crlf.skippedCards == plain.skippedCards)
    var lines = Self.text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    // Columns reordered (kind, rating, id, elapsed, time) with an extra one, spaced, a blank line.
    lines = lines.map { f in [f[4], " \t" + f[2], "x", "+" + f[0], f[3] + " ", f[1] + "\r"] }
    lines[0] = ["review_kind", "rating", "note", "card_id", "elapsed_days", "review_time_unix_ms"]
    let moved = try LearnerReviewFile(text: lines.map { $0.joined(separator: ",") }.joined(separator: "\n\n") + "\n")
    #expect(moved.cards == plain.cards && moved.rows == plain.rows && moved.skippedCards == plain.skippedCards)
  }

  @Test func badRowsNameTheLineAndWhatWasExpected() {
    let header = "card_id,review_time_unix_ms,rating,elapsed_days,review_kind"
    let cases: [(text: String, line: Int, expected: String)] = [
      ("card_id,review_time_unix_ms,rating,review_kind\n", 1,
       "a header row with the column elapsed_days (columns: card_id,review_time_unix_ms,rating,elapsed_days,review_kind)"),
      (header + "\n1,0,3,-1,learn\n1,5,5,0,learn\n", 3, "a rating 1, 2, 3 or 4, found '5'"),
      (header + "\n1,0,3,-1,manual\n", 2, "a review_kind of learn, review, relearn, filtered, found 'manual'"),
      ("", 1, "a header row naming card_id,review_time_unix_ms,rating,elapsed_days,review_kind"),
      (header + "\r\n\r\n1,0,3,-1\r\n", 3, "5 fields as in the header, found 4"),
      (header + "\n 9223372036854775808 ,0,3,-1,learn\n", 2, "an integer card_id, found '9223372036854775808'"),
      (header + "\n1,0,3,-2,learn\n", 2, "elapsed_days, a whole number of at least -1, found '-2'"),
    ]
    for c in cases {
      #expect(throws: MemoryModelsError.malformedReviewFile(line: c.line, expected: c.expected)) { try LearnerReviewFile(text: c.text) }
    }
  }
}

/// No data at or after a fold's cut-off reaches its fit, and the fit is deterministic.
@Suite("Evaluation: no look-ahead; deterministic fit")
struct FoldIsolationTests {
  /// Every review of a synthetic learner later than fold 1's last test target gets its rating
  /// flipped (recall ↔ lapse: targets and chunks stay the same) and one same-day review is planted
  /// at the end of a card: folds 0 and 1 fit the same parameters and predict the same numbers,
  /// while the last fold, which sees the changed reviews, does not.
  @Test func aPlantedFutureReviewDoesNotChangeAFoldsPrediction() throws {
    let cards = SyntheticReviewLog(cards: 120, days: 150, seed: 5).cardHistories
    let split = try TimeSeriesEvaluation(cards: cards, split: .timeSeries(folds: 5), bins: .log2)
    let fold = 1
    let lastTest = split.scored[split.boundaries[fold + 2] - 1].time
    var planted = cards
    var flipped = 0
    for c in planted.indices {
      for i in planted[c].ratings.indices where planted[c].times[i] > lastTest {
        planted[c].ratings[i] = planted[c].ratings[i] == .again ? .good : .again
        flipped += 1
      }
    }
    let last = planted.indices.max { planted[$0].times.last! < planted[$1].times.last! }!
    planted[last].append(time: planted[last].times.last! + 60_000, elapsedDays: 0, rating: .again)
    #expect(flipped > 100)
    let changed = try TimeSeriesEvaluation(cards: planted, split: .timeSeries(folds: 5), bins: .log2)
    #expect(changed.boundaries == split.boundaries)

    let a = ModelEvaluator().evaluate(split, models: [.fsrs6])
    let b = ModelEvaluator().evaluate(changed, models: [.fsrs6])
    for f in 0...fold { #expect(a.fits[f].parameters == b.fits[f].parameters) }
    let start = split.boundaries[1]
    let foldTests = split.boundaries[fold + 1]..<split.boundaries[fold + 2]
    for k in split.boundaries[1]..<foldTests.upperBound {
      #expect(a.predictions[0][k - start] == b.predictions[0][k - start])
    }
    #expect(a.fits[4].parameters != b.fits[4].parameters)
  }

  /// The shipped fit gives bit-identical parameters run after run and with 1 or 2 threads.
  @Test func theFitIsDeterministic() {
    let cards = SyntheticReviewLog(cards: 200, days: 200, seed: 11).cardHistories
    let first = FSRSOptimizer().fit(cards)
    let again = FSRSOptimizer().fit(cards)
    var config = FSRSOptimizer.Configuration()
    config.threads = 2
    let threaded = FSRSOptimizer(configuration: config).fit(cards)
    #expect(first.scope == .all)
    #expect(first.parameters == again.parameters && first.parameters == threaded.parameters)
    #expect(first.regularization == again.regularization)
    #expect(first.logLossAfter < first.logLossBefore)
  }
}
