// Fuzz target: the ayah-range parser (AyahRange(parsing:): surahs, ayahs, pages, juz, hizb,
// rub'), checking that what it accepts is inside the mushaf and prints a form it reads back.
import Hifz
import PlannerCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAyahRange(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  guard let range = try? AyahRange(parsing: text) else { return 0 }
  precondition(range.first >= 1 && range.first <= range.last && range.last <= Quran.ayahCount, "range outside the mushaf")
  let again = try! AyahRange(parsing: range.description)
  precondition(again == range, "canonical form does not read back: \(range.description)")
  return 0
}
