import Foundation
import MemoryModels

/// `$PLANNER_DEVSET_DUMP=FILE`: for prototyping post-fit steps outside Swift, every scored
/// review of every scored learner (tss5) with its label, elapsed days, log2 bin parts and the
/// predicted recall under each fold's fitted parameters and the defaults. Internal data: the
/// file is for the engineer's machine only, never committed.
func devSetDump(_ learners: [(String, [CardHistory])], configuration: FSRSOptimizer.Configuration, to path: String, holdout: Bool = false) {
  let folds = holdout ? 1 : 5
  var out = "learner,k,chunk,y,t,index,lapses,w20_0,w20_1,w20_2,w20_3,w20_4,p0,p1,p2,p3,p4,pdef\n"
  for (name, cards) in learners {
    guard let split = try? TimeSeriesEvaluation(cards: cards, split: holdout ? .holdout(testFraction: 0.2) : .timeSeries(folds: 5), bins: .log2),
      split.scored.count >= DatasetEvaluation.minimumTargets
    else { continue }
    var one = configuration
    one.threads = 1
    let fits = (0..<folds).map { f in FSRSOptimizer(configuration: one).fit(split.history(before: split.cutoffTime(fold: f) ?? .max)) }
    let preds = fits.map { split.predictions(FSRS6(parameters: $0.parameters)) }
    let pdef = split.predictions(FSRS6())
    var chunk = 0
    let padded = preds + Array(repeating: preds[0].map { _ in Double.nan }, count: 5 - folds)
    let w20s = fits.map { $0.parameters[20] } + Array(repeating: Double.nan, count: 5 - folds)
    for k in 0..<split.scored.count {
      while chunk + 1 < split.boundaries.count && k >= split.boundaries[chunk + 1] { chunk += 1 }
      let r = split.scored[k]
      var line = "\(name),\(k),\(chunk),\(r.recalled ? 1 : 0),\(r.elapsedDays),\(r.index),\(r.lapses)"
      for w in w20s { line += ",\(w)" }
      for p in padded { line += ",\(p[k])" }
      line += ",\(pdef[k])\n"
      out += line
    }
  }
  try? out.write(toFile: path, atomically: true, encoding: .utf8)
}
