import Foundation
import PlannerCore

/// Finding an event by id in the log, for idempotent recording.
extension Learner {
  /// Finds the event with `id` in the log bytes: a byte search for `"id":"<id>"` (every line
  /// is written compact by us), confirmed by parsing the line.
  static func findEvent(id: String, in log: [UInt8], file: String) -> (LearnerEvent, Int)? {
    var w = JSONWriter()
    w.writeRaw("\"id\":")
    w.writeString(id)
    let needle = w.bytes
    guard !log.isEmpty else { return nil }
    return log.withUnsafeBufferPointer { buf -> (LearnerEvent, Int)? in
      var from = 0
      while let hit = search(needle, in: buf, from: from) {
        var start = hit
        while start > 0 && buf[start - 1] != 0x0A { start -= 1 }
        var end = hit
        while end < buf.count && buf[end] != 0x0A { end += 1 }
        from = end
        guard end < buf.count else { return nil }  // torn tail: not recorded
        var line = 1
        for k in 0..<start where buf[k] == 0x0A { line += 1 }
        if let v = try? JSONParser.parse(UnsafeBufferPointer(rebasing: buf[start..<end])),
          let e = try? LearnerEvent.decode(v, file: file, line: line), e.id == id {
          return (e, line)
        }
      }
      return nil
    }
  }

  /// Where each id's line is: (start, end, line number), for lines written by planner (they
  /// begin `{"version":N,"id":"`); a line of another shape or with an escaped id is found by
  /// ``findEvent(id:in:file:)`` instead, so the index falls back to it.
  static func idIndex(_ log: [UInt8]) -> [String: (Int, Int, Int)]? {
    var index: [String: (Int, Int, Int)] = [:]
    index.reserveCapacity(log.count / 100)
    let ok: Bool = log.withUnsafeBufferPointer { buf in
      var start = 0
      var line = 1
      let n = buf.count
      while start < n {
        var end = start
        while end < n && buf[end] != 0x0A { end += 1 }
        if end == n { break }  // torn tail
        // {"version":1,"id":"
        var i = start
        let prefix: [UInt8] = Array(#"{"version":"#.utf8)
        guard end - start > prefix.count + 8 else { if EventLog.isBlank(UnsafeBufferPointer(rebasing: buf[start..<end])) { start = end + 1; line += 1; continue }; return false }
        for b in prefix { if buf[i] != b { return false }; i += 1 }
        while i < end && buf[i] >= 0x30 && buf[i] <= 0x39 { i += 1 }
        let idKey: [UInt8] = Array(#","id":""#.utf8)
        for b in idKey { if i >= end || buf[i] != b { return false }; i += 1 }
        let idStart = i
        while i < end && buf[i] != 0x22 && buf[i] != 0x5C { i += 1 }
        if i >= end || buf[i] == 0x5C { return false }
        index[String(decoding: UnsafeBufferPointer(rebasing: buf[idStart..<i]), as: UTF8.self)] = (start, end, line)
        start = end + 1
        line += 1
      }
      return true
    }
    return ok ? index : nil
  }

  static func event(at place: (Int, Int, Int)?, in log: [UInt8], file: String) -> (LearnerEvent, Int)? {
    guard let (start, end, line) = place else { return nil }
    return log.withUnsafeBufferPointer { buf in
      guard let v = try? JSONParser.parse(UnsafeBufferPointer(rebasing: buf[start..<end])),
        let e = try? LearnerEvent.decode(v, file: file, line: line) else { return nil }
      return (e, line)
    }
  }

  static func search(_ needle: [UInt8], in hay: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
    guard let first = needle.first, hay.count >= needle.count else { return nil }
    var i = from
    let last = hay.count - needle.count
    while i <= last {
      if hay[i] == first {
        var k = 1
        while k < needle.count && hay[i + k] == needle[k] { k += 1 }
        if k == needle.count { return i }
      }
      i += 1
    }
    return nil
  }
}
