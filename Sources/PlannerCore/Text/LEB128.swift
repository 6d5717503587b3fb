/// Unsigned LEB128, the variable-length integers of the learner snapshot (and of the string
/// lists ``TextList`` leaves encoded in it): 7 bits a byte, low first, the high bit set on every
/// byte but the last.
public enum LEB128 {
  /// The value at `at` in `bytes` (`at` advanced past it); nil when it runs past the end or
  /// needs more than 64 bits.
  @inlinable @inline(__always)
  public static func read(_ bytes: UnsafeBufferPointer<UInt8>, at: inout Int) -> UInt64? {
    // One byte (most counters, flags and lengths) inline at the caller; longer ones in a call.
    guard at < bytes.count else { return nil }
    let first = bytes[at]
    if first < 0x80 {
      at += 1
      return UInt64(first)
    }
    return readLong(bytes, at: &at)
  }

  /// ``read(_:at:)`` for a value of two bytes or more (or a damaged one).
  @inlinable @inline(never) @usableFromInline
  static func readLong(_ bytes: UnsafeBufferPointer<UInt8>, at: inout Int) -> UInt64? {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while at < bytes.count, shift < 64 {
      let b = bytes[at]
      at += 1
      value |= UInt64(b & 0x7F) << shift
      if b < 0x80 { return value }
      shift += 7
    }
    return nil
  }
}
