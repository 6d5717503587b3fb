import Foundation

/// A one-line progress display for long batch commands: items done of the total, the rate and
/// the time left, redrawn in place (`\r`, then erase to the end of the line).
///
/// Commands create one only when stderr is a terminal (a log file should get the summary, not
/// hundreds of redraws). Updates may come from any thread; at most one redraw per
/// `minimumInterval` seconds is written, so a fast batch does not spend its time drawing.
public final class ProgressReporter: @unchecked Sendable {
  private let output: CLIOutput
  private let unit: String
  private let minimumInterval: Double
  private let clock: @Sendable () -> Double
  private let lock = NSLock()
  private let started: Double
  private var lastDrawn: Double?
  private var last: (done: Int, total: Int)?
  private var finished = false

  /// - Parameters:
  ///   - unit: what is counted, plural (`learners`).
  ///   - clock: seconds on a monotonic clock; tests pass their own.
  public init(
    output: CLIOutput, unit: String, minimumInterval: Double = 0.1,
    clock: @escaping @Sendable () -> Double = ProgressReporter.monotonicSeconds
  ) {
    self.output = output
    self.unit = unit
    self.minimumInterval = minimumInterval
    self.clock = clock
    self.started = clock()
  }

  public static let monotonicSeconds: @Sendable () -> Double = {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
  }

  /// Records progress; redraws unless the last redraw was less than `minimumInterval` ago
  /// (the last item always redraws, so the final line is exact).
  public func update(done: Int, total: Int) {
    lock.lock()
    defer { lock.unlock() }
    guard !finished else { return }
    last = (done, total)
    let now = clock()
    if let lastDrawn, now - lastDrawn < minimumInterval, done < total { return }
    lastDrawn = now
    output.write("\r" + Self.line(done: done, total: total, unit: unit, elapsed: now - started) + "\u{1B}[K")
    output.flush()
  }

  /// Ends the line (if anything was drawn) so what follows starts on its own line.
  public func finish() {
    lock.lock()
    defer { lock.unlock() }
    guard !finished else { return }
    finished = true
    if lastDrawn != nil {
      output.write("\n")
      output.flush()
    }
  }

  /// `1234/10000 learners  520.3/s  0:17 left`.
  public static func line(done: Int, total: Int, unit: String, elapsed: Double) -> String {
    var text = "\(done)/\(total) \(unit)"
    guard elapsed > 0, done > 0 else { return text }
    let rate = Double(done) / elapsed
    text += "  " + String(format: "%.1f", rate) + "/s"
    if done < total {
      text += "  " + duration(Double(total - done) / rate) + " left"
    } else {
      text += "  " + duration(elapsed) + " in all"
    }
    return text
  }

  /// `m:ss`, or `h:mm:ss` from an hour.
  static func duration(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded())
    let (h, m, s) = (whole / 3600, whole / 60 % 60, whole % 60)
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
  }
}
