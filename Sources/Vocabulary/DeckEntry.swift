import PlannerCore

/// One word of an imported deck: an English word or phrase and its accepted translations, and
/// what `words export` adds so a dictionary reads back unchanged (popularity, added time, tags).
public struct DeckEntry: Sendable, Hashable, Codable {
  public var english: String
  public var ukrainian: [String]
  /// The word's popularity when exported; nil in a plain deck (a new word starts at 0).
  public var popularity: Int?
  /// When the word was added, with its UTC offset; nil in a plain deck (the import's time).
  public var added: EventTime?
  /// Tags (decks) the word belongs to, in first-seen order; empty in a plain deck.
  public var tags: [String]
  /// The word's place in the deck when the file gives one (a `rank` column or key: the
  /// deck's order, e.g. frequency ranks); nil: the file's order decides.
  public var rank: Int?

  public init(english: String, ukrainian: [String], popularity: Int? = nil, added: EventTime? = nil, tags: [String] = [],
              rank: Int? = nil) {
    self.english = english
    self.ukrainian = ukrainian
    self.popularity = popularity
    self.added = added
    self.tags = tags
    self.rank = rank
  }

  enum CodingKeys: String, CodingKey { case english, ukrainian, popularity, added, tags, rank }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    english = try c.decode(String.self, forKey: .english)
    ukrainian = try c.decode([String].self, forKey: .ukrainian)
    popularity = try c.decodeIfPresent(Int.self, forKey: .popularity)
    added = try c.decodeIfPresent(String.self, forKey: .added).flatMap(EventTime.init)
    tags = try c.decodeIfPresent([String].self, forKey: .tags) ?? []
    rank = try c.decodeIfPresent(Int.self, forKey: .rank)
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(english, forKey: .english)
    try c.encode(ukrainian, forKey: .ukrainian)
    try c.encodeIfPresent(popularity, forKey: .popularity)
    try c.encodeIfPresent(added?.description, forKey: .added)
    if !tags.isEmpty { try c.encode(tags, forKey: .tags) }
    try c.encodeIfPresent(rank, forKey: .rank)
  }
}

/// What importing a deck does to a dictionary.
public enum DeckChange: Sendable, Hashable {
  /// A word not in the dictionary: add it.
  case add(DeckEntry)
  /// A word already there that gains translations: `translations` is the full new list
  /// (the existing ones first, in their order, then the new ones).
  case addTranslations(english: String, translations: [String])
  /// A word already there that gains tags: `tags` are only the ones it lacks.
  case addTags(english: String, tags: [String])
}
