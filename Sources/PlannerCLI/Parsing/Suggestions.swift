/// "Did you mean" suggestions: the closest candidate by edit distance, if close enough.
enum Suggestions {
  /// The candidate nearest to `input` (optimal string alignment distance, so a swap of two
  /// neighbours counts once), if within about a third of its length (at least one edit, two
  /// from six characters up: "de" is not close to "en"); ties go to the first in sorted order
  /// so the hint never depends on declaration or hash order.
  static func closest(to input: String, among candidates: [String]) -> String? {
    let limit = max(input.count >= 6 ? 2 : 1, input.count / 3)
    var best: (distance: Int, name: String)? = nil
    for candidate in candidates.sorted() {
      let d = distance(input, candidate)
      if d <= limit, best == nil || d < best!.distance { best = (d, candidate) }
    }
    if best == nil {
      // A unique prefix match ("--rev" for "--revlog").
      let prefixed = candidates.sorted().filter { $0.hasPrefix(input) && input.count >= 3 }
      if prefixed.count == 1 { return prefixed[0] }
    }
    return best?.name
  }

  /// Optimal string alignment distance (Levenshtein plus adjacent transpositions).
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var prev2 = [Int](repeating: 0, count: b.count + 1)
    var prev = Array(0...b.count)
    var cur = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      cur[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { v = min(v, prev2[j - 2] + 1) }
        cur[j] = v
      }
      (prev2, prev, cur) = (prev, cur, prev2)
    }
    return prev[b.count]
  }
}
