import Foundation

/// The engine's one lock-protected box: state that parallel workers share (a work counter,
/// results, the first error), read and changed only inside ``withLock(_:)``.
///
/// An `NSLock`, not `Synchronization.Mutex`, so the package still builds for macOS 13.
package final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  package init(_ value: Value) { self.value = value }

  /// Runs `body` with the value while holding the lock; the lock is never held across calls.
  package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
