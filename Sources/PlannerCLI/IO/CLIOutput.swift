import Foundation
import PlannerCore

/// A buffered byte sink for stdout or stderr, or an in-memory capture for tests.
///
/// Commands write here instead of printing, so tests run the CLI in-process and in parallel.
public final class CLIOutput: @unchecked Sendable {
  private let fileDescriptor: Int32?
  private var buffer: [UInt8] = []
  private var captured: [UInt8] = []
  private let lock = NSLock()
  private static let flushThreshold = 1 << 16

  private init(fileDescriptor: Int32?) {
    self.fileDescriptor = fileDescriptor
    buffer.reserveCapacity(fileDescriptor == nil ? 0 : Self.flushThreshold)
  }

  public static func standardOutput() -> CLIOutput { CLIOutput(fileDescriptor: 1) }
  public static func standardError() -> CLIOutput { CLIOutput(fileDescriptor: 2) }
  /// Keeps everything written in memory; read it back with ``text`` or ``bytes``.
  public static func capture() -> CLIOutput { CLIOutput(fileDescriptor: nil) }

  /// Everything written so far (captures only).
  public var text: String {
    lock.lock()
    defer { lock.unlock() }
    return String(decoding: captured, as: UTF8.self)
  }

  public var bytes: [UInt8] {
    lock.lock()
    defer { lock.unlock() }
    return captured
  }

  public func write(_ string: String) {
    var s = string
    s.withUTF8 { write(bytes: UnsafeRawBufferPointer($0)) }
  }

  public func write(bytes: UnsafeRawBufferPointer) {
    lock.lock()
    defer { lock.unlock() }
    guard fileDescriptor != nil else {
      captured.append(contentsOf: bytes)
      return
    }
    if bytes.count >= Self.flushThreshold {
      // A big block (a replay's formatted rows): written as it is, not copied first.
      flushLocked()
      _ = DurableFile.writeAll(fileDescriptor!, bytes)
      return
    }
    buffer.append(contentsOf: bytes)
    if buffer.count >= Self.flushThreshold { flushLocked() }
  }

  public func write(bytes: [UInt8]) {
    bytes.withUnsafeBytes { write(bytes: $0) }
  }

  public func flush() {
    lock.lock()
    defer { lock.unlock() }
    flushLocked()
  }

  private func flushLocked() {
    guard let fd = fileDescriptor, !buffer.isEmpty else { return }
    // EPIPE and friends: the reader has gone; nothing sensible to do.
    _ = buffer.withUnsafeBytes { DurableFile.writeAll(fd, $0) }
    buffer.removeAll(keepingCapacity: true)
  }

  deinit { flushLocked() }
}
