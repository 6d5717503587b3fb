import Hifz
import MemoryModels
import PlannerCore

/// `snapshot.bin`: the folded state after a prefix of the event log, so loading a learner
/// with years of history folds only the events appended since.
///
/// Valid only while its key matches: the log prefix (byte length, event count, and the FNV-1a
/// hash of the prefix's last line) and the hash of the profile (the fold version and the
/// profile.json bytes, which hold timezone, day start and parameters). It holds nothing the
/// events do not: it can be deleted at any time.
///
/// **Late events.** `state` is the fold of the prefix's events up to the `watermark` time (a
/// couple of days before the snapshot was written, ``lateWindowMillis``); the prefix's later
/// events (the last days', and any dated ahead) are kept in `pending` and folded again, with the
/// new events, on every load. So an event that arrives up to that window late, or a little
/// ahead of the clock, folds in its time order without a rebuild; only an event older than the
/// watermark (a phone offline for a week) or a correction makes one full replay, after which the
/// rewritten snapshot covers it.
///
/// **Parameter sets.** The fold's state depends on the memory model's parameters only through
/// each item's memory (the daily rule keeps the day's lowest rating whatever the model), so one
/// snapshot serves several sets: the state folded with `parameters[0]`, and for each further set
/// (``otherMemories``) just the items' memories. `record` and `show` (the profile's parameters)
/// and `today`/`nightly` (the fitted ones, ``ParameterRefit``) read the same file and carry
/// each other's set forward when they rewrite it, so neither invalidates the other's.
///
/// Versions: 1 and 2 were JSON (`snapshot.json`, and `snapshot.fitted.json` for the fitted
/// parameters; 2 added `watermark` and `pending`); 3 is this binary file
/// (``LearnerSnapshot+Binary``, docs/file-formats.md); 4 adds the **head** (``Head``): the state
/// after every event of the prefix, pending ones included, first in the file, with the state at
/// the watermark stored after it as the items that differ from the head. A load whose new events
/// all come at or after the head's latest event (the usual case: an app appends as it goes)
/// folds them on the head and never decodes `pending` or the watermark state; only a late event,
/// a correction or a snapshot rewrite reads them. Older snapshots are not read: the first load
/// replays the log once and writes a new one (a cache), and removes the JSON ones.
public struct LearnerSnapshot: Sendable, Equatable {
  public static let currentVersion = 4
  /// How far back of the snapshot's writing time the watermark is put: events up to this late
  /// fold without a replay.
  public static let lateWindowMillis: Int64 = 2 * 86_400_000
  /// Bumped whenever the fold's rules change, so old snapshots are rebuilt.
  /// 2: words remember their last "I don't know" so the card it opens is not a second +1.
  /// 3: the state keeps the plan's inputs (``PlanInputs``); the key may name the parameters
  /// folded with when they are not the profile's (a refit makes the snapshot stale).
  /// 4: a look-up introduces a never-studied word (no Again) and may add it; reminder actions
  /// carry their meaning; words can be suspended; deck imports keep their order (`rank`).
  /// 5: old revisions with located mistakes are kept (``PlanInputs``).
  /// 6: words carry tags (`word.tagged`, `word.untagged`) and decks can be suspended (the
  /// state's `suspendedDecks`).
  /// 7: `snapshot.bin` carries the words' tags and the suspended decks (a version-6 binary
  /// snapshot lacked them).
  public static let foldVersion = 7
  /// Parameter sets one snapshot keeps (the profile's and a fit).
  public static let maximumParameterSets = 2

  public var logBytes: Int
  public var logCount: Int
  /// Byte offset where the prefix's last line starts, and the hash of that line.
  public var lastLineStart: Int
  public var lastLineHash: UInt64
  public var profileHash: UInt64
  /// `state` folds the prefix's events up to this time (nil: all of them).
  public var watermarkMillis: Int64?
  /// The prefix's events after the watermark, in log order (folded again on every load).
  public var pending: [LearnerEvent]
  /// The fold up to the watermark with `parameters[0]`.
  public var state: LearnerState
  /// The parameter sets the snapshot holds, `state`'s first.
  public var parameters: [[Double]]
  /// Item keys, in the order of each entry of ``otherMemories``.
  public var keys: [String]
  /// For `parameters[k]` (k ≥ 1), entry k − 1: each item's memory folded with them.
  public var otherMemories: [[ItemMemory]]

  /// The state after all the prefix's events (the watermark state with `pending` folded), for
  /// each parameter set as ``state`` and ``otherMemories`` are for the watermark state; nil in
  /// a snapshot made without it (then a load folds `pending` again).
  public var head: Head?

  public struct Head: Sendable, Equatable {
    /// Folded with `parameters[0]`.
    public var state: LearnerState
    /// Item keys (sorted), in the order of each entry of ``otherMemories`` (empty with one set).
    public var keys: [String]
    /// For `parameters[k]` (k ≥ 1), entry k − 1: each item's memory folded with them.
    public var otherMemories: [[ItemMemory]]

    public init(state: LearnerState, others: [LearnerState]) {
      self.state = state
      let order = others.isEmpty ? [] : state.items.keys
      keys = order
      otherMemories = others.map { other in order.map { ItemMemory(other.items[$0]?.daily ?? DailyMemory()) } }
    }

    init(state: LearnerState, keys: [String], otherMemories: [[ItemMemory]]) {
      self.state = state; self.keys = keys; self.otherMemories = otherMemories
    }
  }

  /// The part of an item that depends on the model's parameters.
  public struct ItemMemory: Sendable, Equatable {
    public var memory: MemoryState?
    public var previous: MemoryState?
    public init(memory: MemoryState?, previous: MemoryState?) { self.memory = memory; self.previous = previous }
    init(_ daily: DailyMemory) { memory = daily.memory; previous = daily.previousMemory }
  }

  public init(logBytes: Int, logCount: Int, lastLineStart: Int, lastLineHash: UInt64, profileHash: UInt64,
              watermarkMillis: Int64? = nil, pending: [LearnerEvent] = [], state: LearnerState,
              parameters: [Double] = FSRSParameters.defaults.weights, others: [(parameters: [Double], state: LearnerState)] = [],
              head: Head? = nil) {
    self.head = head
    self.logBytes = logBytes; self.logCount = logCount; self.lastLineStart = lastLineStart
    self.lastLineHash = lastLineHash; self.profileHash = profileHash; self.state = state
    self.watermarkMillis = watermarkMillis; self.pending = pending
    self.parameters = [parameters] + others.map(\.parameters)
    let keys = others.isEmpty ? [] : state.items.keys
    self.keys = keys
    otherMemories = others.map { other in
      keys.map { key in
        let daily = other.state.items[key]?.daily ?? DailyMemory()
        return ItemMemory(memory: daily.memory, previous: daily.previousMemory)
      }
    }
  }

  /// FNV-1a 64 of "fold <foldVersion>\n" followed by the profile.json bytes.
  public static func profileHash(profileBytes: [UInt8]) -> UInt64 {
    FNV1a64.hash(Array("fold \(foldVersion)\n".utf8) + profileBytes)
  }

  /// 16 lower-case hex digits.
  public static func hex(_ v: UInt64) -> String {
    let s = String(v, radix: 16)
    return String(repeating: "0", count: 16 - s.count) + s
  }

  /// The index in ``parameters`` of a set, or nil.
  public func index(of weights: [Double]) -> Int? { parameters.firstIndex(of: weights) }

  /// The state as folded with `parameters[k]`.
  public func state(at k: Int) -> LearnerState { Self.state(state, keys: keys, otherMemories: otherMemories, at: k) }

  /// The head state as folded with `parameters[k]` (nil without a head).
  public func headState(at k: Int) -> LearnerState? {
    head.map { Self.state($0.state, keys: $0.keys, otherMemories: $0.otherMemories, at: k) }
  }

  static func state(_ state: LearnerState, keys: [String], otherMemories: [[ItemMemory]], at k: Int) -> LearnerState {
    guard k > 0 else { return state }
    var s = state
    for (key, m) in zip(keys, otherMemories[k - 1]) {
      s.items[key]?.memory = m.memory
      s.items[key]?.previousMemory = m.previous
    }
    return s
  }
}
