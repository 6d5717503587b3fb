// Fuzz target: the event log's line parser (EventLog.parse: JSON per line, each decoded as a
// LearnerEvent), and each valid event's round trip through its canonical line.
import LearnerStore
import PlannerCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEventLine(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let log = try? EventLog.parse(bytes, file: "fuzz.jsonl") else { return 0 }
  for event in log.events {
    // A parsed event writes one canonical line that parses back to the same event.
    let again = try! EventLog.parse(event.line + [0x0A], file: "round-trip.jsonl")
    precondition(again.events == [event], "round trip changed the event: \(String(decoding: event.line, as: UTF8.self))")
  }
  return 0
}
