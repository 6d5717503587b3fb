import Foundation
import PlannerCore

/// A tag (a deck) on words: the learner studies one deck (`today --deck T`) or suspends one
/// (`words suspend --tag T`). A tag is one word of at most ``VocabularyValidation/maximumTagLength``
/// characters (no spaces or `;`, which separate tags in a deck file), compared
/// case-insensitively; a word keeps the spelling it was first given.
public enum DeckTag {
  /// The identity of a tag: lower-cased.
  public static func key(_ tag: String) -> String { tag.lowercased() }

  /// Whether `tags` holds `tag` (case-insensitively).
  public static func contains(_ tags: [String], _ tag: String) -> Bool {
    let k = key(tag)
    return tags.contains { key($0) == k }
  }

  /// `a` then the tags of `b` it lacks (case-insensitively), first spelling kept.
  public static func union(_ a: [String], _ b: [String]) -> [String] {
    var out = a
    for t in b where !contains(out, t) { out.append(t) }
    return out
  }

  /// What is wrong with a tag (nil when nothing is): empty, a space or `;` inside it, or what
  /// ``VocabularyValidation/problem(in:maximum:)`` finds.
  public static func problem(in tag: String) -> String? {
    if tag.isEmpty { return "a non-empty tag" }
    if let problem = VocabularyValidation.problem(in: tag, maximum: VocabularyValidation.maximumTagLength) { return problem }
    if tag.contains(where: { $0 == ";" || $0.isWhitespace }) {
      return "one word without spaces or `;` (they separate tags in a deck file)"
    }
    return nil
  }

  /// The tags as typed, trimmed and checked (an error names `keyPath`), duplicates dropped.
  public static func validated(_ list: [String], keyPath: String) throws(PlanEngineError) -> [String] {
    guard !list.isEmpty else { throw .invalidValue(keyPath: keyPath, value: "", expected: "at least one tag") }
    var out: [String] = []
    for raw in list {
      let tag = raw.trimmingCharacters(in: .whitespaces)
      if let problem = problem(in: tag) {
        throw .invalidValue(keyPath: keyPath, value: VocabularyValidation.shown(raw), expected: "a tag: " + problem)
      }
      out = union(out, [tag])
    }
    return out
  }
}
