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

  /// ``read(_:at:)`` for a value of two bytes or more (or a damaged one). A value that ends
  /// within the next 8 bytes (every day, time and count of a snapshot) is decoded from one
  /// 8-byte load without a loop: its last byte is the first without the high bit, and its 7-bit
  /// groups are packed together in three steps; longer ones, and the buffer's last 7 bytes, go
  /// byte by byte.
  @inlinable @inline(never)
  static func readLong(_ bytes: UnsafeBufferPointer<UInt8>, at: inout Int) -> UInt64? {
    if bytes.count - at >= 8, let base = bytes.baseAddress {
      let word = UInt64(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self))
      let ends = ~word & 0x8080_8080_8080_8080
      if ends != 0 {
        let length = ends.trailingZeroBitCount >> 3 + 1
        var v = length == 8 ? word : word & ((1 &<< UInt64(length &* 8)) &- 1)
        v &= 0x7F7F_7F7F_7F7F_7F7F
        v = (v & 0x007F_007F_007F_007F) | ((v & 0x7F00_7F00_7F00_7F00) &>> 1)
        v = (v & 0x0000_3FFF_0000_3FFF) | ((v & 0x3FFF_0000_3FFF_0000) &>> 2)
        v = (v & 0x0000_0000_0FFF_FFFF) | ((v & 0x0FFF_FFFF_0000_0000) &>> 4)
        at += length
        return v
      }
    }
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
