/// The training cards with identical histories merged: each distinct (rating, interval)
/// sequence once, its per-review weights the sums over the cards that share it. The summed
/// weighted loss and gradient over these equal those over all the cards (up to rounding), at
/// the cost of one pass per distinct history; many short histories repeat.
///
/// Distinct histories keep the order of their first card, so sums are deterministic.
struct DistinctCards {
  var ratings: [UInt8] = []
  var elapsed: [Int32] = []
  var starts: [Int] = [0]
  /// Per review: the summed example weight (1 per card when unweighted).
  var weights: [Double] = []

  var count: Int { starts.count - 1 }

  init(_ data: TrainingData, weights exampleWeights: [Double]?) {
    var index: [[Int64]: Int] = [:]
    index.reserveCapacity(data.trainingCardCount)
    for c in 0..<data.trainingCardCount {
      let r = data.range(ofCard: c)
      var key = [Int64]()
      key.reserveCapacity(r.count)
      for i in r {
        let t = i == r.lowerBound ? 0 : Int64(data.elapsed[i])
        key.append(t << 8 | Int64(data.ratings[i]))
      }
      if let u = index[key] {
        let base = starts[u]
        for (k, i) in r.enumerated() { weights[base + k] += exampleWeights?[i] ?? 1 }
      } else {
        index[key] = count
        for i in r {
          ratings.append(data.ratings[i])
          elapsed.append(i == r.lowerBound ? 0 : data.elapsed[i])
          weights.append(exampleWeights?[i] ?? 1)
        }
        starts.append(ratings.count)
      }
    }
  }
}
