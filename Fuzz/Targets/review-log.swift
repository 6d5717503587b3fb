// Fuzz target: the review-log CSV reader (header, fields, quoting, numbers, order per card),
// with and without --skip-invalid, checking the invariants of what it returns.
import PlannerCore
import ReviewLogs

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReviewLog(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let raw = UnsafeRawBufferPointer(start: data, count: size)
  for skip in [false, true] {
    guard let log = try? ReviewLogReader(skipInvalid: skip, workers: 1).parse(raw, fileName: "log.csv") else { continue }
    for i in 0..<log.count {
      precondition((1...4).contains(log.ratings[i]), "rating out of range")
      precondition(log.times[i] >= EventTime.earliestMillis && log.times[i] <= EventTime.latestMillis, "time out of range")
      let p = Int(log.previousIndex[i])
      if p >= 0 {
        precondition(p < i && log.cardIDs[p] == log.cardIDs[i] && log.times[p] <= log.times[i], "bad previous review")
        precondition(log.elapsedDays[i] >= 0, "negative elapsed days")
      }
    }
  }
  return 0
}
