/// The seam between `planner record quiz` and the vocabulary answer checker: the verdict for
/// an answer against a word's accepted translations.
///
/// TODO(vocab): delegate to `AnswerChecker.check(_:accepted:)` (Sources/PlanEngine/Vocabulary/)
/// once it is on main; this fallback follows the same published rules so events recorded
/// meanwhile carry the same verdicts: case and surrounding spaces ignored; apostrophe variants
/// (' ’ ʼ) equal; stress marks U+0301/U+0300 dropped (and only they); Latin look-alikes
/// (i a o e c p x) read as Cyrillic; any accepted translation counts; one slip (substitution,
/// insertion, deletion, swap of neighbours) in a word of 5+ letters is a typo.
public enum QuizAnswerSeam {
  public static func verdict(answer: String, accepted: [String]) -> QuizVerdict {
    let a = fold(answer)
    let candidates = accepted.map(fold)
    if candidates.contains(a) { return .right }
    for c in candidates where c.count >= 5 && oneSlip(Array(a), Array(c)) { return .typo }
    return .wrong
  }

  static let lookAlikes: [Character: Character] = [
    "i": "і", "a": "а", "o": "о", "e": "е", "c": "с", "p": "р", "x": "х",
  ]

  static func fold(_ s: String) -> String {
    var scalars = String.UnicodeScalarView()
    for u in s.lowercased().decomposedStringWithCanonicalMappingNoStress.unicodeScalars {
      switch u.value {
      case 0x2019, 0x02BC, 0x0027: scalars.append("'")
      default: scalars.append(u)
      }
    }
    let joined = String(scalars).split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    return String(joined.map { lookAlikes[$0] ?? $0 })
  }

  /// One substitution, insertion, deletion or adjacent swap.
  static func oneSlip(_ a: [Character], _ b: [Character]) -> Bool {
    if a.count == b.count {
      let diff = a.indices.filter { a[$0] != b[$0] }
      if diff.count == 1 { return true }
      if diff.count == 2, diff[1] == diff[0] + 1, a[diff[0]] == b[diff[1]], a[diff[1]] == b[diff[0]] { return true }
      return false
    }
    let (long, short) = a.count > b.count ? (a, b) : (b, a)
    guard long.count == short.count + 1 else { return false }
    var i = 0
    while i < short.count && short[i] == long[i] { i += 1 }
    return Array(long[(i + 1)...]) == Array(short[i...])
  }
}

extension String {
  /// The string with combining acute and grave accents (Ukrainian stress marks) removed;
  /// precomposed letters such as й and ї are left alone.
  var decomposedStringWithCanonicalMappingNoStress: String {
    var out = String.UnicodeScalarView()
    for u in unicodeScalars where u.value != 0x0301 && u.value != 0x0300 { out.append(u) }
    return String(out)
  }
}
