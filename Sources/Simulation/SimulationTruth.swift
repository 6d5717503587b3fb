import PlannerCore

/// One line of the truth file (`ROOT.truth.jsonl`): a learner's hidden memory and behaviour,
/// kept beside the learner folders, never inside them:
///
///     {"version":1,"learner":"learner-0001","index":0,"ability":0.12,"behaviour":{…},
///      "items":[["p582",δ,h₀,startStrength|null,startLastDay|null],…],
///      "end":{"planner":[["p582",h,lastDay],…],…}}
///
/// `items` holds the parameters of every item the learner met under any policy (sorted by key);
/// `end` the hidden state at the end of each policy's run. Days are learning days since
/// 1970-01-01 in the learner's timezone.
public struct LearnerTruth: Sendable, Equatable {
  public static let currentVersion = 1
  public var learner: SimulatedLearner
  public var items: [String: HiddenItem]
  public var end: [SimulationPolicy: [String: HiddenCard]]
  /// The truth model the outcomes came from (`"truthModel"`, written unless the default).
  public var truthModel: TruthModelName
  /// The simulation's seed (`"seed"`, a string; absent in older files: 0): the paired draws
  /// and the Quran lines are keyed by it, so the replay needs it.
  public var seed: UInt64

  public init(learner: SimulatedLearner, items: [String: HiddenItem], end: [SimulationPolicy: [String: HiddenCard]],
              truthModel: TruthModelName = .power, seed: UInt64 = 0) {
    self.learner = learner; self.items = items; self.end = end; self.truthModel = truthModel; self.seed = seed
  }

  public func line() -> [UInt8] {
    let l = learner
    var behaviour = JSONObject()
    behaviour["dailyMinutes"] = .number(Double(l.dailyMinutes))
    behaviour["quranShare"] = .number(l.quranShare)
    behaviour["skipProbability"] = .number(l.skipProbability)
    behaviour["holidayStart"] = l.holidayStart.map { .number(Double($0)) } ?? .null
    behaviour["holidayDays"] = .number(Double(l.holidayDays))
    behaviour["completion"] = .number(l.completion)
    behaviour["timeTolerance"] = .number(l.timeTolerance)
    behaviour["hour"] = .number(Double(l.hour))
    behaviour["timezone"] = .string(l.timezone)
    behaviour["secondsPerNewLine"] = .number(l.secondsPerNewLine)
    behaviour["secondsPerRevisedLine"] = .number(l.secondsPerRevisedLine)
    behaviour["secondsPerWord"] = .number(l.secondsPerWord)
    behaviour["newWordsPerDay"] = .number(Double(l.newWordsPerDay))
    behaviour["memorisedJuz"] = .array(l.memorisedJuz.map { .number(Double($0)) })
    var o = JSONObject()
    o["version"] = .number(Double(Self.currentVersion))
    o["learner"] = .string(l.id)
    o["index"] = .number(Double(l.index))
    if truthModel != .power { o["truthModel"] = .string(truthModel.rawValue) }
    o["seed"] = .string(String(seed))
    o["ability"] = .number(l.ability)
    o["behaviour"] = .object(behaviour)
    o["items"] = .array(items.keys.sorted().map { k in
      let i = items[k]!
      return .array([.string(k), .number(i.difficulty), .number(i.firstStrength),
                     i.startStrength.map(JSONNode.number) ?? .null, i.startLastDay.map { .number(Double($0)) } ?? .null])
    })
    var ends = JSONObject()
    for p in end.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
      guard let cards = end[p] else { continue }
      ends[p.rawValue] = .array(cards.keys.sorted().map { k in
        .array([.string(k), .number(cards[k]!.strength), .number(Double(cards[k]!.lastDay))])
      })
    }
    o["end"] = .object(ends)
    return JSONWriter.serialize(.object(o)) + [0x0A]
  }

  /// Reads one line of the truth file.
  public static func parse(_ bytes: [UInt8], file: String, line: Int) throws(PlanEngineError) -> LearnerTruth {
    func fail(_ key: String, _ expected: String) -> PlanEngineError { .malformed(file: file, line: line, keyPath: key, expected: expected) }
    let node: JSONNode
    do { node = try JSONParser.parse(bytes) } catch { throw fail("", "a JSON object (\(error))") }
    guard node["version"]?.intValue == currentVersion else { throw fail("version", "version \(currentVersion)") }
    guard let id = node["learner"]?.stringValue, let index = node["index"]?.intValue, let ability = node["ability"]?.doubleValue,
      let b = node["behaviour"]?.objectValue
    else { throw fail("learner", "learner, index, ability and behaviour") }
    func d(_ k: String) throws(PlanEngineError) -> Double {
      guard let v = b[k]?.doubleValue else { throw fail("behaviour." + k, "a number") }
      return v
    }
    let learner = SimulatedLearner(
      index: index, id: id, ability: ability, dailyMinutes: Int(try d("dailyMinutes")), quranShare: try d("quranShare"),
      skipProbability: try d("skipProbability"), holidayStart: b["holidayStart"]?.intValue, holidayDays: Int(try d("holidayDays")),
      completion: try d("completion"), timeTolerance: try d("timeTolerance"), hour: Int(try d("hour")),
      timezone: b["timezone"]?.stringValue ?? "UTC", secondsPerNewLine: try d("secondsPerNewLine"),
      secondsPerRevisedLine: try d("secondsPerRevisedLine"), secondsPerWord: try d("secondsPerWord"),
      newWordsPerDay: Int(try d("newWordsPerDay")), memorisedJuz: (b["memorisedJuz"]?.arrayValue ?? []).compactMap(\.intValue))
    var items: [String: HiddenItem] = [:]
    for row in node["items"]?.arrayValue ?? [] {
      guard let a = row.arrayValue, a.count == 5, let k = a[0].stringValue, let delta = a[1].doubleValue, let h0 = a[2].doubleValue
      else { throw fail("items", "[key, difficulty, firstStrength, startStrength, startLastDay]") }
      items[k] = HiddenItem(difficulty: delta, firstStrength: h0, startStrength: a[3].doubleValue, startLastDay: a[4].intValue)
    }
    var end: [SimulationPolicy: [String: HiddenCard]] = [:]
    if let e = node["end"]?.objectValue {
      for (name, rows) in e.pairs {
        guard let p = SimulationPolicy(rawValue: name) else { continue }
        var cards: [String: HiddenCard] = [:]
        for row in rows.arrayValue ?? [] {
          guard let a = row.arrayValue, a.count == 3, let k = a[0].stringValue, let h = a[1].doubleValue, let day = a[2].intValue
          else { throw fail("end." + name, "[key, strength, lastDay]") }
          cards[k] = HiddenCard(strength: h, lastDay: day)
        }
        end[p] = cards
      }
    }
    var model = TruthModelName.power
    if let name = node["truthModel"] {
      guard let n = name.stringValue.flatMap(TruthModelName.init(rawValue:)) else {
        throw fail("truthModel", "one of " + TruthModelName.allCases.map(\.rawValue).joined(separator: ", "))
      }
      model = n
    }
    var seed: UInt64 = 0
    if let text = node["seed"] {
      guard let v = text.stringValue.flatMap({ UInt64($0) }) else { throw fail("seed", "a whole number as a string") }
      seed = v
    }
    return LearnerTruth(learner: learner, items: items, end: end, truthModel: model, seed: seed)
  }

  /// Reads a whole truth file.
  public static func read(_ path: String) throws(PlanEngineError) -> [LearnerTruth] {
    guard let bytes = try DurableFile.read(path) else { throw .io(path: path, reason: "no truth file here") }
    var out: [LearnerTruth] = []
    var start = 0
    var line = 0
    for i in bytes.indices where bytes[i] == 0x0A {
      line += 1
      if i > start { out.append(try parse(Array(bytes[start..<i]), file: path, line: line)) }
      start = i + 1
    }
    return out
  }
}
