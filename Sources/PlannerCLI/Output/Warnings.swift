import PlannerCore

/// Every warning the command line prints, one wording each.
enum Warning {
  /// The last line of events.jsonl is incomplete (a crash mid-append). `setAside` is where the
  /// next record moved it, or nil while it is still in the log (not planned on or folded).
  static func tornLine(line: Int, bytes: Int, movedTo setAside: String? = nil) -> String {
    let what = "events.jsonl line \(line) is torn (\(bytes) bytes, a crash mid-append)"
    if let setAside { return "planner: warning: \(what): moved to \(setAside)\n" }
    return "planner: warning: \(what): ignored; the next record sets it aside\n"
  }

  /// A row of a review log skipped under --skip-invalid.
  static func skippedRow(_ diagnostic: String) -> String { "planner: skipped: \(diagnostic)\n" }
}

extension Warning {
  /// A learner the nightly job could not plan (the others are planned; exit code 2).
  static func notPlanned(learner: String, reason: String) -> String {
    "planner: nightly: learner '\(learner)' was not planned: \(reason)\n"
  }
}

extension Warning {
  /// A translation with no Cyrillic letter (accepted: a loan word may be in Latin letters).
  static func nonCyrillicTranslation(english: String, translation: String, file: String? = nil) -> String {
    "planner: warning: \(file.map { "\($0): " } ?? "")'\(english)': the translation '\(translation)' has no Cyrillic letter\n"
  }
}
