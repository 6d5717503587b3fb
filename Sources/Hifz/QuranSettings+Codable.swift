import PlannerCore
/// Profile JSON for the Quran goal and settings: every key but the essentials may be missing and
/// takes its default, so older profiles and hand-written ones load.
///
///     {"dailyMinutes": 20, "desiredRetention": 0.95, "cycleDays": 30, "recentWindowDays": 7,
///      "maxLessonLines": 6, "minLessonLines": 2, "lessonGrowthPerWeek": 0.15,
///      "manzilRotation": "memory", "sabqi": "last-days", "sabqiLessons": 7, "stableCycleDays": 45,
///      "reciter": "Husary",
///      "audioURLTemplate": "https://example.org/{reciter}/{surah:03}{ayah:03}.mp3"}
extension QuranSettings: Codable {
  enum CodingKeys: String, CodingKey {
    case dailyMinutes, desiredRetention, cycleDays, recentWindowDays, maxLessonLines, reciter, audioURLTemplate
    case minLessonLines, lessonGrowthPerWeek, manzilRotation, sabqi, sabqiLessons, stableCycleDays
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(dailyMinutes: try c.decode(Double.self, forKey: .dailyMinutes))
    desiredRetention = try c.decodeIfPresent(Double.self, forKey: .desiredRetention) ?? desiredRetention
    cycleDays = try c.decodeIfPresent(Int.self, forKey: .cycleDays) ?? cycleDays
    recentWindowDays = try c.decodeIfPresent(Int.self, forKey: .recentWindowDays) ?? recentWindowDays
    maxLessonLines = try c.decodeIfPresent(Double.self, forKey: .maxLessonLines) ?? maxLessonLines
    minLessonLines = try c.decodeIfPresent(Double.self, forKey: .minLessonLines) ?? min(minLessonLines, maxLessonLines)
    lessonGrowthPerWeek = try c.decodeIfPresent(Double.self, forKey: .lessonGrowthPerWeek) ?? lessonGrowthPerWeek
    manzilRotation = try c.decodeIfPresent(ManzilRotation.self, forKey: .manzilRotation) ?? manzilRotation
    sabqi = try c.decodeIfPresent(SabqiMode.self, forKey: .sabqi) ?? sabqi
    sabqiLessons = try c.decodeIfPresent(Int.self, forKey: .sabqiLessons) ?? sabqiLessons
    stableCycleDays = try c.decodeIfPresent(Int.self, forKey: .stableCycleDays)
    reciter = try c.decodeIfPresent(String.self, forKey: .reciter) ?? reciter
    audioURLTemplate = try c.decodeIfPresent(String.self, forKey: .audioURLTemplate)
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(dailyMinutes, forKey: .dailyMinutes)
    try c.encode(desiredRetention, forKey: .desiredRetention)
    try c.encode(cycleDays, forKey: .cycleDays)
    try c.encode(recentWindowDays, forKey: .recentWindowDays)
    try c.encode(maxLessonLines, forKey: .maxLessonLines)
    // The keys added with rotations and lesson bounds are written only when set, so profiles
    // that do not use them stay byte for byte as before.
    let d = QuranSettings(dailyMinutes: 0)
    if minLessonLines != d.minLessonLines { try c.encode(minLessonLines, forKey: .minLessonLines) }
    if lessonGrowthPerWeek != d.lessonGrowthPerWeek { try c.encode(lessonGrowthPerWeek, forKey: .lessonGrowthPerWeek) }
    if manzilRotation != d.manzilRotation { try c.encode(manzilRotation, forKey: .manzilRotation) }
    if sabqi != d.sabqi { try c.encode(sabqi, forKey: .sabqi) }
    if sabqiLessons != d.sabqiLessons { try c.encode(sabqiLessons, forKey: .sabqiLessons) }
    try c.encodeIfPresent(stableCycleDays, forKey: .stableCycleDays)
    try c.encode(reciter, forKey: .reciter)
    try c.encodeIfPresent(audioURLTemplate, forKey: .audioURLTemplate)
  }
}

/// `{"direction": "from-an-nas", "scope": "juz30", "memorised": [{"range": "112-114",
/// "selfRating": 3}], "targetDate": "2027-06-01", "startDate": "2026-03-01"}`; `surahs` (for a
/// custom goal), `scope`, `memorised` and `targetDate` may be missing.
extension QuranGoal: Codable {
  enum CodingKeys: String, CodingKey { case direction, surahs, scope, memorised, targetDate, startDate }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(direction: try c.decode(QuranDirection.self, forKey: .direction),
              surahs: try c.decodeIfPresent([Int].self, forKey: .surahs) ?? [],
              scope: try c.decodeIfPresent(AyahRange.self, forKey: .scope),
              memorised: try c.decodeIfPresent([MemorisedRange].self, forKey: .memorised) ?? [],
              targetDate: try c.decodeIfPresent(EpochDay.self, forKey: .targetDate),
              startDate: try c.decode(EpochDay.self, forKey: .startDate))
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(direction, forKey: .direction)
    if !surahs.isEmpty { try c.encode(surahs, forKey: .surahs) }
    try c.encodeIfPresent(scope, forKey: .scope)
    try c.encode(memorised, forKey: .memorised)
    try c.encodeIfPresent(targetDate, forKey: .targetDate)
    try c.encode(startDate, forKey: .startDate)
  }
}
