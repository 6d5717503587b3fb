/// Counts the reviews the fit's passes walked (a gradient pass over data of m reviews adds m;
/// a loss-only pass about m/3), so a fit's work is measured without a clock.
final class PassCounter: @unchecked Sendable {
  var reviews = 0
}
