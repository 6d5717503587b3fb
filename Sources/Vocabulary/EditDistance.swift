/// Optimal string alignment (restricted Damerau–Levenshtein) distance: the number of
/// substitutions, insertions, deletions and swaps of two neighbours that turn `a` into `b`,
/// no substring edited twice. Cut off above `limit` (returns `limit + 1`), since the
/// checker only asks "zero, one, or more".
public func optimalStringAlignmentDistance(_ a: [Character], _ b: [Character], limit: Int = .max) -> Int {
  let n = a.count, m = b.count
  if abs(n - m) > limit { return limit == .max ? abs(n - m) : limit + 1 }
  if n == 0 { return m }
  if m == 0 { return n }
  // Three rolling rows: i-2, i-1, i.
  var previous2 = [Int](repeating: 0, count: m + 1)
  var previous = Array(0...m)
  var current = [Int](repeating: 0, count: m + 1)
  for i in 1...n {
    current[0] = i
    var rowMinimum = current[0]
    for j in 1...m {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
        d = min(d, previous2[j - 2] + 1)
      }
      current[j] = d
      rowMinimum = min(rowMinimum, d)
    }
    if limit != .max && rowMinimum > limit { return limit + 1 }
    (previous2, previous, current) = (previous, current, previous2)
  }
  let d = previous[m]
  return limit != .max && d > limit ? limit + 1 : d
}
