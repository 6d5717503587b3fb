import PlannerCore
/// Every option, flag and positional name of the command line, once. Declarations and look-ups
/// both take an `ArgumentName`, so a misspelt name is a compile error, not a nil at run time.
/// Options are the long name without dashes; positionals are the upper-case name `--help` shows.
public enum ArgumentName: String, Sendable, Hashable, CaseIterable {
  // Options and flags.
  case action, answer, at, cards, date, days, demo, events, folds, format, grade, hesitations, id, jobs
  case learners, locale, minutes, mistakes, mode, model, models, name, out, parameters, policy
  case retention, revlog, seconds, seed, set, shard, sort, start, threads, tier, timezone, truth
  case check, `protocol`, reference
  case prompts, tajweed
  case translation
  case reverse, tag, separator
  case deck  // today --deck
  case dayStartsAt = "day-starts-at"
  case mistakesAt = "mistakes-at"
  case predictionsOut = "predictions-out"
  case retentionSweep = "retention-sweep"
  case skipInvalid = "skip-invalid"
  case truthModel = "truth-model"
  case report, headline, quick, seeds, scenarios, truths, policies, resamples  // simulate --report
  case lineSweep = "line-sweep"  // simulate --report DIR --line-sweep
  case void  // record correct --void
  // Positionals.
  case ACTION, DIR, EN, FILE, ITEM, KEY, RANGE, ROOT, UK, VALUE
  case TARGET  // record correct TARGET
  case TAG  // record word tag EN TAG…

  /// How the user writes it: `--date` for an option, `<DIR>` for a positional.
  public var display: String {
    rawValue == rawValue.uppercased() ? "<\(rawValue)>" : "--\(rawValue)"
  }
}
