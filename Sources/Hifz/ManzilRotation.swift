import PlannerCore

/// How old revision (manzil) is portioned over the days (`quran.manzilRotation`).
///
/// Whatever the rotation, the memory model flags the weak units of the day's portion and, when
/// time is left after the new lesson, may add the weakest units from outside it ("if time
/// allows" items). The order of recitation is always mushaf order, in merged passages.
public enum ManzilRotation: String, Sendable, Hashable, Codable, CaseIterable {
  /// The memory model chooses: every unit within the cycle (`cycleDays`), the due ones first.
  case memory
  /// The seven traditional manzils, a weekly khatm ("fa-mi bi-shawq"): Friday Al-Faatiha–An-Nisaa,
  /// Saturday Al-Maaida–At-Tawba, Sunday Yunus–An-Nahl, Monday Al-Israa–Al-Furqaan, Tuesday
  /// Ash-Shu'araa–Yaseen, Wednesday As-Saaffaat–Al-Hujuraat, Thursday Qaaf–An-Naas (the
  /// boundaries are Tanzil's manzil starts, embedded in QuranData). Only memorised ayahs of the
  /// day's manzil are recited.
  case sevenManzils = "seven-manzils"
  /// One juz a day, through the juz that hold memorised ayahs, in mushaf order.
  case juzADay = "juz-a-day"
  /// The memorised units cut, in mushaf order, into `cycleDays` continuous portions of about
  /// equal time; day k of the cycle (counted from the goal's start) recites portion k.
  case cycle
}

/// What recent revision (sabqi) holds (`quran.sabqi`). In every mode a lesson that is not yet
/// stable (its last revision below Good, or not revised since a break) stays until it holds,
/// up to 30 days.
public enum SabqiMode: String, Sendable, Hashable, Codable, CaseIterable {
  /// The lessons of the last `recentWindowDays` days.
  case lastDays = "last-days"
  /// The last `sabqiLessons` lessons (lesson days), however long ago.
  case lastLessons = "last-lessons"
  /// Every lesson of the current juz so far (the juz of the latest lesson).
  case currentJuz = "current-juz"
}
