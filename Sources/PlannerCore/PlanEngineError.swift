/// Every way the plan engine refuses input or fails. Cases carry the facts; the CLI decides
/// how to show them (text or JSON) and which exit code they get.
public enum PlanEngineError: Error, Sendable, Equatable {
  /// A file (or one line/key of it) is not what was expected.
  case malformed(file: String, line: Int?, keyPath: String?, expected: String)
  /// A value (setting, argument, field) is out of range or of the wrong form.
  case invalidValue(keyPath: String, value: String, expected: String)
  /// A surah, ayah, page, juz or range that does not exist.
  case unknownQuranReference(String, reason: String)
  /// A word event for a word that was never added (or was deleted).
  case unknownWord(String)
  /// An event id already in the log with different content.
  case conflictingEvent(id: String, file: String, line: Int)
  /// A file system operation failed.
  case io(path: String, reason: String)
  /// Another process holds the learner's lock longer than we wait.
  case lockTimeout(path: String, seconds: Double)
  /// Not enough data for what was asked (e.g. an empty review log).
  case insufficientData(String)
  /// A look-up of a word that is neither in the learner's dictionary nor in the built-in
  /// English→Ukrainian list (of `listSize` words), without the translation that would add it.
  case unknownLookup(String, listSize: Int)
}

extension PlanEngineError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .malformed(let file, let line, let keyPath, let expected):
      var place = file
      if let line { place += ":\(line)" }
      if let keyPath, !keyPath.isEmpty { place += " at \(keyPath)" }
      return "\(place): expected \(expected)"
    case .invalidValue(let keyPath, let value, let expected):
      return "\(keyPath): '\(value)' is not valid: expected \(expected)"
    case .unknownQuranReference(let text, let reason):
      return "'\(text)' is not in the Quran: \(reason)"
    case .unknownWord(let word):
      return "unknown word '\(word)': add it first with `planner record DIR word add`"
    case .conflictingEvent(let id, let file, let line):
      return "\(file):\(line): event id '\(id)' is already recorded with different content"
    case .io(let path, let reason):
      return "\(path): \(reason)"
    case .lockTimeout(let path, let seconds):
      return "\(path): another planner process holds this learner's lock (waited \(seconds) s); try again later"
    case .insufficientData(let what):
      return what
    case .unknownLookup(let word, let listSize):
      return "'\(word)' is not in the learner's dictionary nor in the built-in English→Ukrainian list (\(listSize) words): "
        + "give the translation the app showed with --translation UK, or add the word with `planner record DIR word add`"
    }
  }

  /// Where the error points, for JSON error output: file, line, key path.
  public var location: (file: String?, line: Int?, keyPath: String?) {
    switch self {
    case .malformed(let file, let line, let keyPath, _): return (file, line, keyPath)
    case .invalidValue(let keyPath, _, _): return (nil, nil, keyPath)
    case .conflictingEvent(_, let file, let line): return (file, line, nil)
    case .io(let path, _), .lockTimeout(let path, _): return (path, nil, nil)
    default: return (nil, nil, nil)
    }
  }
}

extension PlanEngineError {
  /// The key path of a value that came from the command line, as the user typed it: the
  /// options `--at` and `--id`, or the argument's name (`range`, not `payload.range`).
  public static func commandLineKey(_ key: String?) -> String? {
    guard let key else { return nil }
    if key == "at" || key == "id" { return "--" + key }
    return key.hasPrefix("payload.") ? String(key.dropFirst("payload.".count)) : key
  }
}
