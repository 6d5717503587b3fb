import Foundation
import LearnerStore
import Testing
import TestSupport
@testable import PlannerCLI
import PlannerCore
import Testing

/// A child process recording events is killed with SIGKILL at arbitrary moments (in the
/// middle of appends, batch writes, snapshot writes); the learner then loads, and every
/// event the child acknowledged is in the history.
@Suite(.serialized) struct LearnerCrashTests {
  @Test(arguments: [0.6, 1.1, 1.7])
  func killedMidWriteKeepsEveryAcknowledgedEvent(after seconds: Double) throws {
    let binary = try Fixtures.executable("planner").path
    let root = TemporaryFolder.make("planner-crash")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let dir = root + "/amina"
    var p = LearnerProfile(id: "amina")
    p.timezone = "Europe/Kyiv"
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    try Learner.create(dir, profile: p)
    // A large batch (about 2.5 MB) so that some kills land in the middle of its write.
    var batch = ""
    for j in 0..<20_000 {
      batch += #"{"version":1,"id":"b\#(j)","at":"2026-11-30T07:00:00Z","type":"plan.itemDone","payload":{"date":"2026-11-30","item":"item-\#(j)","seconds":30}}"# + "\n"
    }
    try batch.write(toFile: root + "/batch.jsonl", atomically: false, encoding: .utf8)
    let script = """
      i=0
      while :; do
        i=$((i+1))
        if [ $i -eq 4 ]; then "$P" record "$D" --events "$R/batch.jsonl" >/dev/null && echo batch; fi
        "$P" record "$D" plan opened --date 2026-11-30 --id c$i --at 2026-11-30T08:00:00Z >/dev/null && echo c$i
        if [ $((i % 3)) -eq 0 ]; then "$P" show "$D" >/dev/null; fi
      done
      """
    let process = Process()
    // Foundation starts the child as the leader of its own process group, so killing the
    // group kills the shell and the planner process it is running at that moment.
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    process.environment = ["P": binary, "D": dir, "R": root, "PATH": "/usr/bin:/bin"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    // The kill comes `seconds` after the first acknowledgment, not after the start: on a loaded
    // machine the first record can take longer than the whole wait.
    let first = pipe.fileHandleForReading.availableData
    Thread.sleep(forTimeInterval: seconds)
    #expect(getpgid(process.processIdentifier) == process.processIdentifier)
    kill(-process.processIdentifier, SIGKILL)
    kill(process.processIdentifier, SIGKILL)  // in case the group was not its own: ends the loop
    process.waitUntilExit()
    let acknowledged = String(decoding: first + pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      .split(separator: "\n").map(String.init)
    #expect(acknowledged.count > 0)

    let learner = try Learner.load(dir)
    let history = try Learner.history(dir)
    let ids = Set(history.events.map(\.id))
    #expect(ids.count == history.events.count, "no event twice")
    for ack in acknowledged {
      if ack == "batch" {
        #expect((0..<20_000).allSatisfy { ids.contains("b\($0)") })
      } else {
        #expect(ids.contains(ack), "acknowledged \(ack) is kept")
      }
    }
    #expect(learner.state.eventCount == history.events.count)
    // And the learner still takes new events (a torn tail, if any, is set aside).
    try Learner.record(dir, events: [LearnerEvent(id: "after", time: EventTime("2026-11-30T09:00:00Z")!, payload: .planOpened(date: "2026-11-30"))],
                       now: Date(timeIntervalSince1970: 1_796_040_000))
    #expect(try Learner.load(dir).state.eventCount == history.events.count + 1)
  }
}
