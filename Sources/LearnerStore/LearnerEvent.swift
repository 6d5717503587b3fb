import Hifz
import PlannerCore
import Vocabulary
/// One line of `events.jsonl`: `{"version":1,"id":…,"at":…,"type":…,"payload":{…}}`.
///
/// `json` is the line as read (or as built), so fields this version does not know survive
/// unchanged; `payload` is the typed view the fold uses.
public struct LearnerEvent: Sendable, Equatable {
  public static let currentVersion = 1

  public var id: String
  public var time: EventTime
  public var payload: EventPayload
  /// The whole event as JSON, unknown fields included; what is written to the log.
  public private(set) var json: JSONObject

  public var type: EventType { payload.type }

  /// Builds a new event of the current version.
  public init(id rawID: String, time: EventTime, payload: EventPayload) {
    let id = EventIndex.nfc(rawID)  // one id however it is typed (see EventIndex.digest)
    self.id = id
    self.time = time
    self.payload = payload
    var o = JSONObject()
    o["version"] = .number(Double(Self.currentVersion))
    o["id"] = .string(id)
    o["at"] = .string(time.text)
    o["type"] = .string(payload.type.rawValue)
    o["payload"] = .object(payload.jsonObject(keeping: nil))
    json = o
  }

  init(id: String, time: EventTime, payload: EventPayload, json: JSONObject) {
    self.id = id
    self.time = time
    self.payload = payload
    self.json = json
  }

  /// Equality is the content: the JSON line, keys in any order.
  public static func == (a: LearnerEvent, b: LearnerEvent) -> Bool { a.json == b.json }
}

/// Every event type, as written in the `type` key.
public enum EventType: String, Sendable, CaseIterable, Codable {
  case recitation
  case wordAdded = "word.added"
  case wordEdited = "word.edited"
  case wordDeleted = "word.deleted"
  case wordLookedUp = "word.lookedUp"
  case wordOpened = "word.opened"
  case wordQuizzed = "word.quizzed"
  case wordKnown = "word.known"
  case wordUnknown = "word.unknown"
  case wordReset = "word.reset"
  case wordSuspended = "word.suspended"
  case wordUnsuspended = "word.unsuspended"
  case wordTagged = "word.tagged"
  case wordUntagged = "word.untagged"
  case deckSuspended = "deck.suspended"
  case deckUnsuspended = "deck.unsuspended"
  case reminderShown = "reminder.shown"
  case reminderActed = "reminder.acted"
  case planOpened = "plan.opened"
  case planItemDone = "plan.itemDone"
  case planItemSkipped = "plan.itemSkipped"
  case settingsChanged = "settings.changed"
  /// A correction: supersedes an earlier event by id (see ``EventPayload/eventCorrected(target:replacement:)``).
  case eventCorrected = "event.corrected"
}

public enum ReminderAction: String, Sendable, CaseIterable, Codable { case quiz, known, unknown, opened, dismissed }

/// A recitation of an ayah range.
public struct Recitation: Sendable, Equatable {
  /// Canonical ayah range (`78:1-16`).
  public var range: String
  public var tier: QuranTier
  /// 1 (forgot) … 4 (perfect), the learner's or teacher's grade.
  public var grade: Int
  public var mistakes: Int = 0
  /// Where mistakes fell, as canonical `S:A` references.
  public var mistakesAt: [String] = []
  public var hesitations: Int = 0
  public var seconds: Double?
  /// Mistakes by kind (additive, JSON `prompts` and `tajweed`, missing = 0): `mistakes` are
  /// memory mistakes; `prompts` the times the teacher had to prompt (fath), counted as memory
  /// too; `tajweed` pronunciation slips, which never lower the memory grade.
  public var prompts: Int = 0
  public var tajweed: Int = 0

  public init(range: String, tier: QuranTier, grade: Int, mistakes: Int = 0, mistakesAt: [String] = [],
              hesitations: Int = 0, seconds: Double? = nil, prompts: Int = 0, tajweed: Int = 0) {
    self.range = range; self.tier = tier; self.grade = grade; self.mistakes = mistakes
    self.mistakesAt = mistakesAt; self.hesitations = hesitations; self.seconds = seconds
    self.prompts = prompts; self.tajweed = tajweed
  }
}

/// The typed content of an event.
public enum EventPayload: Sendable, Equatable {
  case recitation(Recitation)
  /// `rank`: the word's place in the deck it was imported from (new words are introduced in
  /// that order); nil (the key absent) for a word added by hand.
  case wordAdded(english: String, ukrainian: [String], rank: Int? = nil)
  case wordEdited(english: String, ukrainian: [String])
  case wordDeleted(english: String)
  /// `ukrainian`: the translation the app obtained (or the built-in list gave) for a word not
  /// in the dictionary yet: the one event adds the word and counts the look-up. Nil (the key
  /// absent, as in every event before it existed) for a word already there.
  case wordLookedUp(english: String, ukrainian: [String]? = nil)
  case wordOpened(english: String)
  case wordQuizzed(english: String, answer: String, verdict: AnswerVerdict, seconds: Double?)
  case wordKnown(english: String)
  case wordUnknown(english: String)
  case wordReset(english: String)
  /// A leech set aside: no plan item or reminder until `wordUnsuspended`.
  case wordSuspended(english: String)
  case wordUnsuspended(english: String)
  /// Tags (decks, ``DeckTag``) given to a word, or taken from it; compared case-insensitively.
  case wordTagged(english: String, tags: [String])
  case wordUntagged(english: String, tags: [String])
  /// Every word with the tag `tag` leaves plans and reminders (those tagged later too) until
  /// `deckUnsuspended`; a word suspended on its own stays suspended.
  case deckSuspended(tag: String)
  case deckUnsuspended(tag: String)
  /// `mode`: how the reminder showed the word (`translation` or `hint`; never `mixed`, which
  /// the scheduler resolves per word).
  case reminderShown(english: String?, mode: ReminderPolicy.Mode?)
  case reminderActed(english: String?, action: ReminderAction)
  case planOpened(date: String)
  case planItemDone(date: String, item: String, seconds: Double?)
  case planItemSkipped(date: String, item: String)
  case settingsChanged(key: String, value: String, previous: String?)
  /// Supersedes the event with id `target` (recorded earlier): the fold applies `replacement`
  /// (a payload of the target's type) at the target's time instead, or nothing when it is nil
  /// (the target voided). The target stays in the log; the last correction recorded wins.
  indirect case eventCorrected(target: String, replacement: EventPayload?)

  public var type: EventType {
    switch self {
    case .recitation: return .recitation
    case .wordAdded: return .wordAdded
    case .wordEdited: return .wordEdited
    case .wordDeleted: return .wordDeleted
    case .wordLookedUp: return .wordLookedUp
    case .wordOpened: return .wordOpened
    case .wordQuizzed: return .wordQuizzed
    case .wordKnown: return .wordKnown
    case .wordUnknown: return .wordUnknown
    case .wordReset: return .wordReset
    case .wordSuspended: return .wordSuspended
    case .wordUnsuspended: return .wordUnsuspended
    case .wordTagged: return .wordTagged
    case .wordUntagged: return .wordUntagged
    case .deckSuspended: return .deckSuspended
    case .deckUnsuspended: return .deckUnsuspended
    case .reminderShown: return .reminderShown
    case .reminderActed: return .reminderActed
    case .planOpened: return .planOpened
    case .planItemDone: return .planItemDone
    case .planItemSkipped: return .planItemSkipped
    case .settingsChanged: return .settingsChanged
    case .eventCorrected: return .eventCorrected
    }
  }

  /// The English word an event is about, if it is about one.
  public var english: String? {
    switch self {
    case .wordAdded(let e, _, _), .wordEdited(let e, _), .wordDeleted(let e), .wordLookedUp(let e, _), .wordOpened(let e),
      .wordQuizzed(let e, _, _, _), .wordKnown(let e), .wordUnknown(let e), .wordReset(let e),
      .wordSuspended(let e), .wordUnsuspended(let e), .wordTagged(let e, _), .wordUntagged(let e, _):
      return e
    case .reminderShown(let e, _), .reminderActed(let e, _): return e
    default: return nil
    }
  }
}
