import Foundation
import Testing
@testable import PlannerCLI

@Suite("ProgressReporter")
struct NightlyProgressReporterTests {
  /// A clock the test moves by hand.
  final class FakeClock: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds = 100.0
    func advance(_ by: Double) { lock.lock(); seconds += by; lock.unlock() }
    var read: @Sendable () -> Double { { [self] in lock.lock(); defer { lock.unlock() }; return seconds } }
  }

  @Test("the line: done/total, rate, time left; then total time")
  func line() {
    #expect(ProgressReporter.line(done: 0, total: 1000, unit: "learners", elapsed: 0) == "0/1000 learners")
    #expect(ProgressReporter.line(done: 250, total: 1000, unit: "learners", elapsed: 0.5)
      == "250/1000 learners  500.0/s  0:02 left")
    #expect(ProgressReporter.line(done: 10, total: 1_000_000, unit: "learners", elapsed: 1)
      == "10/1000000 learners  10.0/s  27:46:39 left")
    #expect(ProgressReporter.line(done: 7, total: 7, unit: "files", elapsed: 61)
      == "7/7 files  0.1/s  1:01 in all")
  }

  @Test("redraws at most once per interval, and always the last item")
  func throttled() {
    let clock = FakeClock()
    let out = CLIOutput.capture()
    let reporter = ProgressReporter(output: out, unit: "learners", minimumInterval: 0.1, clock: clock.read)
    for done in 1...1000 {
      clock.advance(0.001)  // 1000 items in one second
      reporter.update(done: done, total: 1000)
    }
    reporter.finish()
    reporter.finish()
    let draws = out.text.split(separator: "\r", omittingEmptySubsequences: true)
    #expect((10...12).contains(draws.count), "about 10 redraws in one second, got \(draws.count)")
    #expect(draws.first == "1/1000 learners  1000.0/s  0:01 left\u{1B}[K")
    #expect(draws.last == "1000/1000 learners  1000.0/s  0:01 in all\u{1B}[K\n")
    reporter.update(done: 1000, total: 1000)
    #expect(out.text.split(separator: "\r").count == draws.count, "nothing after finish")
  }

  @Test("nothing drawn, nothing written")
  func silentFinish() {
    let out = CLIOutput.capture()
    ProgressReporter(output: out, unit: "learners").finish()
    #expect(out.text.isEmpty)
  }
}
