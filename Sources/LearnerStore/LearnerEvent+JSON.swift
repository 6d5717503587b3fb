import Foundation
import Hifz
import PlannerCore
import Vocabulary

/// Reading and writing events as JSON lines, with errors naming file, line and key path.
extension LearnerEvent {
  /// Reads one event line. `file`/`line` name it in errors. The range and ayah references
  /// are validated and stored canonical.
  public static func decode(_ value: JSONNode, file: String, line: Int?) throws(PlanEngineError) -> LearnerEvent {
    var r = FieldReader(file: file, line: line)
    guard case .object(var o) = value else { throw r.fail("", "a JSON object per line") }
    let version = try r.int(o, "version")
    guard (1...currentVersion).contains(version) else {
      throw r.fail("version", "event version 1–\(currentVersion) (a newer planner wrote this line)")
    }
    // Ids are compared and stored in Unicode normal form C (one id however it was typed).
    let id = EventIndex.nfc(try r.string(o, "id"))
    o["id"] = .string(id)
    guard !id.isEmpty, id.utf8.count <= 200 else { throw r.fail("id", "a non-empty id of at most 200 bytes") }
    let at = try r.string(o, "at")
    guard let time = EventTime(at) else { throw r.fail("at", "a time YYYY-MM-DDTHH:MM:SS with offset (Z or ±HH:MM), not '\(at)'") }
    let typeName = try r.string(o, "type")
    guard let type = EventType(rawValue: typeName) else {
      throw r.fail("type", "one of " + EventType.allCases.map(\.rawValue).joined(separator: ", ") + ", not '\(typeName)'")
    }
    var p: JSONObject
    switch o["payload"] {
    case .object(let x): p = x
    case nil: throw r.fail("payload", "an object")
    case .some(let v): throw r.fail("payload", "an object, not \(v.kindName)")
    }
    r.prefix = "payload."
    let payload = try decodePayload(type, &p, &r, at: at)
    o["payload"] = .object(p)
    return LearnerEvent(id: id, time: time, payload: payload, json: o)
  }

  /// The typed payload of an event of `type` (`p` is its payload object, made canonical:
  /// ranges and ayah references as planner writes them). Errors name `r.prefix` + the key.
  static func decodePayload(_ type: EventType, _ p: inout JSONObject, _ r: inout FieldReader, at: String) throws(PlanEngineError) -> EventPayload {
    let payload: EventPayload
    switch type {
    case .recitation:
      let rangeText = try r.string(p, "range")
      let recited: AyahRange, range: String
      do { (recited, range) = try LearnerQuran.parsedRange(rangeText) } catch { throw r.fail("range", "an ayah range (\(error))") }
      let tierName = try r.string(p, "tier")
      guard let tier = QuranTier(rawValue: tierName) else { throw r.fail("tier", "new, recent or old, not '\(tierName)'") }
      let grade = try r.int(p, "grade")
      guard (1...4).contains(grade) else { throw r.fail("grade", "a grade 1–4, not \(grade)") }
      let mistakes = try r.optionalInt(p, "mistakes") ?? 0
      guard mistakes >= 0 else { throw r.fail("mistakes", "a count ≥ 0") }
      let hesitations = try r.optionalInt(p, "hesitations") ?? 0
      guard hesitations >= 0 else { throw r.fail("hesitations", "a count ≥ 0") }
      let prompts = try r.optionalInt(p, "prompts") ?? 0
      guard prompts >= 0 else { throw r.fail("prompts", "a count ≥ 0") }
      let tajweed = try r.optionalInt(p, "tajweed") ?? 0
      guard tajweed >= 0 else { throw r.fail("tajweed", "a count ≥ 0") }
      var at: [String] = []
      for (i, ref) in (try r.optionalStrings(p, "mistakesAt") ?? []).enumerated() {
        let id: Int
        do { id = try LearnerQuran.ayahID(ref) } catch { throw r.fail("mistakesAt[\(i)]", "an ayah SURAH:AYAH (\(error))") }
        guard recited.contains(id) else {
          throw r.fail("mistakesAt[\(i)]", "an ayah inside the recited range \(range), not '\(ref)'")
        }
        at.append(Quran.ref(id).description)
      }
      let seconds = try r.optionalSeconds(p, "seconds")
      payload = .recitation(Recitation(range: range, tier: tier, grade: grade, mistakes: mistakes, mistakesAt: at,
                                       hesitations: hesitations, seconds: seconds, prompts: prompts, tajweed: tajweed))
      p["range"] = .string(range)
      if !at.isEmpty { p["mistakesAt"] = .array(at.map(JSONNode.string)) }
    case .wordAdded, .wordEdited:
      let e = try r.word(p)
      let uk = try r.optionalStrings(p, "ukrainian") ?? []
      let cleaned = uk.map { $0.trimmingCharacters(in: .whitespaces) }
      guard !cleaned.isEmpty, !cleaned.contains(where: \.isEmpty) else { throw r.fail("ukrainian", "one or more non-empty translations") }
      if type == .wordAdded {
        let rank = try r.optionalInt(p, "rank")
        if let rank, rank < 0 { throw r.fail("rank", "a deck position ≥ 0, not \(rank)") }
        payload = .wordAdded(english: e, ukrainian: cleaned, rank: rank)
      } else {
        payload = .wordEdited(english: e, ukrainian: cleaned)
      }
    case .wordDeleted: payload = .wordDeleted(english: try r.word(p))
    case .wordLookedUp:
      let e = try r.word(p)
      var uk: [String]?
      if let given = try r.optionalStrings(p, "ukrainian") {
        let cleaned = given.map { $0.trimmingCharacters(in: .whitespaces) }
        guard !cleaned.isEmpty, !cleaned.contains(where: \.isEmpty) else { throw r.fail("ukrainian", "one or more non-empty translations") }
        uk = cleaned
      }
      payload = .wordLookedUp(english: e, ukrainian: uk)
    case .wordSuspended: payload = .wordSuspended(english: try r.word(p))
    case .wordUnsuspended: payload = .wordUnsuspended(english: try r.word(p))
    case .wordTagged, .wordUntagged:
      let e = try r.word(p)
      let given = try r.optionalStrings(p, "tags") ?? []
      guard !given.isEmpty else { throw r.fail("tags", "one or more tags") }
      var tags: [String] = []
      for (i, raw) in given.enumerated() {
        let tag = raw.trimmingCharacters(in: .whitespaces)
        if let problem = DeckTag.problem(in: tag) { throw r.fail("tags[\(i)]", "a tag: " + problem) }
        tags = DeckTag.union(tags, [tag])
      }
      payload = type == .wordTagged ? .wordTagged(english: e, tags: tags) : .wordUntagged(english: e, tags: tags)
    case .deckSuspended, .deckUnsuspended:
      let tag = try r.string(p, "tag").trimmingCharacters(in: .whitespaces)
      if let problem = DeckTag.problem(in: tag) { throw r.fail("tag", "a tag: " + problem) }
      payload = type == .deckSuspended ? .deckSuspended(tag: tag) : .deckUnsuspended(tag: tag)
    case .wordOpened: payload = .wordOpened(english: try r.word(p))
    case .wordKnown: payload = .wordKnown(english: try r.word(p))
    case .wordUnknown: payload = .wordUnknown(english: try r.word(p))
    case .wordReset: payload = .wordReset(english: try r.word(p))
    case .wordQuizzed:
      let e = try r.word(p)
      let answer = try r.string(p, "answer")
      let v = try r.string(p, "verdict")
      guard let verdict = AnswerVerdict(rawValue: v) else { throw r.fail("verdict", "right, typo or wrong, not '\(v)'") }
      payload = .wordQuizzed(english: e, answer: answer, verdict: verdict, seconds: try r.optionalSeconds(p, "seconds"))
    case .reminderShown:
      let e = try r.optionalString(p, "english")
      var mode: ReminderPolicy.Mode?
      if let m = try r.optionalString(p, "mode") {
        guard let x = ReminderPolicy.Mode(rawValue: m), x != .mixed else { throw r.fail("mode", "translation or hint, not '\(m)'") }
        mode = x
      }
      payload = .reminderShown(english: e, mode: mode)
    case .reminderActed:
      let e = try r.optionalString(p, "english")
      let a = try r.string(p, "action")
      guard let action = ReminderAction(rawValue: a) else {
        throw r.fail("action", ReminderAction.allCases.map(\.rawValue).joined(separator: ", ") + ", not '\(a)'")
      }
      payload = .reminderActed(english: e, action: action)
    case .planOpened: payload = .planOpened(date: try r.date(p))
    case .planItemDone:
      payload = .planItemDone(date: try r.date(p), item: try r.string(p, "item"), seconds: try r.optionalSeconds(p, "seconds"))
    case .planItemSkipped: payload = .planItemSkipped(date: try r.date(p), item: try r.string(p, "item"))
    case .settingsChanged:
      payload = .settingsChanged(key: try r.string(p, "key"), value: try r.string(p, "value"), previous: try r.optionalString(p, "previous"))
    case .eventCorrected:
      let target = EventIndex.nfc(try r.string(p, "target"))
      guard !target.isEmpty, target.utf8.count <= 200 else { throw r.fail("target", "the id of the event corrected") }
      p["target"] = .string(target)
      if let void = p["void"], void != .null {
        guard void == .bool(true) else { throw r.fail("void", "true (the event is voided) or no key") }
        guard p["payload"] == nil else { throw r.fail("payload", "no replacement payload for a voided event") }
        payload = .eventCorrected(target: target, replacement: nil)
      } else {
        let typeName = try r.string(p, "type")
        guard let correctedType = EventType(rawValue: typeName), correctedType != .eventCorrected else {
          throw r.fail("type", "the type of the event corrected (not event.corrected), not '\(typeName)'")
        }
        var inner: JSONObject
        switch p["payload"] {
        case .object(let x): inner = x
        case nil: throw r.fail("payload", "the corrected payload (an object), or \"void\": true")
        case .some(let v): throw r.fail("payload", "an object, not \(v.kindName)")
        }
        var nested = r
        nested.prefix = r.prefix + "payload."
        let replacement = try decodePayload(correctedType, &inner, &nested, at: at)
        p["payload"] = .object(inner)
        payload = .eventCorrected(target: target, replacement: replacement)
      }
    }
    return payload
  }

  /// The line to append (without the newline).
  public var line: [UInt8] { JSONWriter.serialize(.object(json)) }
}

extension EventPayload {
  /// The payload object; `keeping` carries unknown fields of an existing payload.
  func jsonObject(keeping old: JSONObject?) -> JSONObject {
    var o = old ?? JSONObject()
    func set(_ k: String, _ v: JSONNode?) { o[k] = v }
    func strings(_ a: [String]) -> JSONNode { .array(a.map(JSONNode.string)) }
    switch self {
    case .recitation(let r):
      set("range", .string(r.range)); set("tier", .string(r.tier.rawValue)); set("grade", .number(Double(r.grade)))
      set("mistakes", .number(Double(r.mistakes)))
      set("mistakesAt", r.mistakesAt.isEmpty ? nil : strings(r.mistakesAt))
      set("hesitations", r.hesitations == 0 ? nil : .number(Double(r.hesitations)))
      set("seconds", r.seconds.map(JSONNode.number))
      set("prompts", r.prompts == 0 ? nil : .number(Double(r.prompts)))
      set("tajweed", r.tajweed == 0 ? nil : .number(Double(r.tajweed)))
    case .wordAdded(let e, let uk, let rank):
      set("english", .string(e)); set("ukrainian", strings(uk)); set("rank", rank.map { .number(Double($0)) })
    case .wordEdited(let e, let uk):
      set("english", .string(e)); set("ukrainian", strings(uk))
    case .wordDeleted(let e), .wordOpened(let e), .wordKnown(let e), .wordUnknown(let e), .wordReset(let e),
      .wordSuspended(let e), .wordUnsuspended(let e):
      set("english", .string(e))
    case .wordLookedUp(let e, let uk):
      set("english", .string(e)); set("ukrainian", uk.map(strings))
    case .wordTagged(let e, let tags), .wordUntagged(let e, let tags):
      set("english", .string(e)); set("tags", strings(tags))
    case .deckSuspended(let tag), .deckUnsuspended(let tag):
      set("tag", .string(tag))
    case .wordQuizzed(let e, let answer, let verdict, let seconds):
      set("english", .string(e)); set("answer", .string(answer)); set("verdict", .string(verdict.rawValue))
      set("seconds", seconds.map(JSONNode.number))
    case .reminderShown(let e, let mode):
      set("english", e.map(JSONNode.string)); set("mode", mode.map { .string($0.rawValue) })
    case .reminderActed(let e, let action):
      set("english", e.map(JSONNode.string)); set("action", .string(action.rawValue))
    case .planOpened(let date): set("date", .string(date))
    case .planItemDone(let date, let item, let seconds):
      set("date", .string(date)); set("item", .string(item)); set("seconds", seconds.map(JSONNode.number))
    case .planItemSkipped(let date, let item): set("date", .string(date)); set("item", .string(item))
    case .settingsChanged(let key, let value, let previous):
      set("key", .string(key)); set("value", .string(value)); set("previous", previous.map(JSONNode.string))
    case .eventCorrected(let target, let replacement):
      set("target", .string(target))
      if let replacement {
        set("type", .string(replacement.type.rawValue))
        var keep: JSONObject?
        if case .object(let x)? = o["payload"] { keep = x }
        set("payload", .object(replacement.jsonObject(keeping: keep)))
        set("void", nil)
      } else {
        set("type", nil); set("payload", nil); set("void", .bool(true))
      }
    }
    return o
  }
}

/// Typed field access with errors that name file, line and key path.
struct FieldReader {
  let file: String
  let line: Int?
  var prefix = ""

  func fail(_ key: String, _ expected: String) -> PlanEngineError {
    .malformed(file: file, line: line, keyPath: prefix + key, expected: expected)
  }

  func string(_ o: JSONObject, _ key: String) throws(PlanEngineError) -> String {
    switch o[key] {
    case .string(let s): return s
    case nil: throw fail(key, "a string (the key is missing)")
    case .some(let v): throw fail(key, "a string, not \(v.kindName)")
    }
  }

  func optionalString(_ o: JSONObject, _ key: String) throws(PlanEngineError) -> String? {
    switch o[key] {
    case nil, .null?: return nil
    case .string(let s): return s
    case .some(let v): throw fail(key, "a string, not \(v.kindName)")
    }
  }

  func int(_ o: JSONObject, _ key: String) throws(PlanEngineError) -> Int {
    guard let v = o[key] else { throw fail(key, "a whole number (the key is missing)") }
    guard let i = v.intValue else { throw fail(key, "a whole number, not \(v.kindName == "a number" ? "\(v.doubleValue!)" : v.kindName)") }
    return i
  }

  func optionalInt(_ o: JSONObject, _ key: String) throws(PlanEngineError) -> Int? {
    if o[key] == nil || o[key] == .null { return nil }
    return try int(o, key)
  }

  func optionalSeconds(_ o: JSONObject, _ key: String) throws(PlanEngineError) -> Double? {
    switch o[key] {
    case nil, .null?: return nil
    case .number(let d):
      guard d >= 0, d < 86_400 else { throw fail(key, "seconds 0–86400, not \(d)") }
      return d
    case .some(let v): throw fail(key, "a number of seconds, not \(v.kindName)")
    }
  }

  func optionalStrings(_ o: JSONObject, _ key: String) throws(PlanEngineError) -> [String]? {
    switch o[key] {
    case nil, .null?: return nil
    case .array(let a):
      var out: [String] = []
      for (i, v) in a.enumerated() {
        guard case .string(let s) = v else { throw fail("\(key)[\(i)]", "a string, not \(v.kindName)") }
        out.append(s)
      }
      return out
    case .some(let v): throw fail(key, "an array of strings, not \(v.kindName)")
    }
  }

  func word(_ o: JSONObject) throws(PlanEngineError) -> String {
    let raw = try string(o, "english")
    let edges = (raw.utf8.first, raw.utf8.last)
    let e = edges.0 == 0x20 || edges.1 == 0x20 || edges.0 == 0x09 || edges.1 == 0x09 || (edges.0 ?? 0) >= 0x80 || (edges.1 ?? 0) >= 0x80
      ? raw.trimmingCharacters(in: .whitespaces) : raw
    guard !wordKey(e).isEmpty else { throw fail("english", "a non-empty English word or phrase") }
    return e
  }

  func date(_ o: JSONObject) throws(PlanEngineError) -> String {
    let d = try string(o, "date")
    guard (try? EpochDay(parsing: d)) != nil else { throw fail("date", "a date YYYY-MM-DD, not '\(d)'") }
    return d
  }
}
