import PlannerCore

/// The byte coding of the binary snapshot (``LearnerSnapshot``, `snapshot.bin`): unsigned
/// LEB128 varints, zigzag for signed values, IEEE-754 doubles as their 8 bytes little-endian
/// (exact: a snapshot must give back the very state it was written from), strings as a varint
/// length and their UTF-8 bytes.
enum LearnerSnapshotBytes {
  /// The snapshot's trailing checksum (version 4): four FNV-1a-style lanes over the 8-byte
  /// little-endian words (lane `i mod 4` takes word i: `h = (h XOR word) × prime`), the last
  /// `count mod 32` bytes into lane 0 one by one, then the lanes and the byte count combined
  /// and mixed (MurmurHash3's fmix64). Every change of a byte changes its lane (each step is a
  /// bijection of the lane), so a torn, cut or zeroed file is refused; and it reads 32 bytes a
  /// step where FNV-1a 64 reads one (the whole file is checked on every load).
  static func checksum(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBufferPointer { checksum($0) } }

  static func checksum(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let prime = FNV1a64.prime
    var h0 = FNV1a64.offsetBasis, h1 = h0 ^ 1, h2 = h0 ^ 2, h3 = h0 ^ 3
    let raw = UnsafeRawBufferPointer(bytes)
    let blocks = bytes.count / 32
    var at = 0
    for _ in 0..<blocks {
      h0 = (h0 ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))) &* prime
      h1 = (h1 ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self))) &* prime
      h2 = (h2 ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at + 16, as: UInt64.self))) &* prime
      h3 = (h3 ^ UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at + 24, as: UInt64.self))) &* prime
      at += 32
    }
    while at < bytes.count {
      h0 = (h0 ^ UInt64(bytes[at])) &* prime
      at += 1
    }
    var h = h0
    for lane in [h1, h2, h3, UInt64(bytes.count)] { h = (h ^ (lane ^ (lane >> 29))) &* 0x9E37_79B9_7F4A_7C15 }
    h ^= h >> 33; h = h &* 0xff51_afd7_ed55_8ccd
    h ^= h >> 33; h = h &* 0xc4ce_b9fe_1a85_ec53
    h ^= h >> 33
    return h
  }

  struct Writer {
    var bytes: [UInt8]

    init(capacity: Int) {
      bytes = []
      bytes.reserveCapacity(capacity)
    }

    mutating func byte(_ b: UInt8) { bytes.append(b) }

    mutating func uint(_ value: UInt64) {
      var v = value
      while v >= 0x80 {
        bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
        v >>= 7
      }
      bytes.append(UInt8(v))
    }

    /// A count or another value that is never negative.
    mutating func int(_ value: Int) { uint(UInt64(max(value, 0))) }

    /// Zigzag: 0, -1, 1, -2, … as 0, 1, 2, 3, …
    mutating func signed(_ value: Int64) { uint(UInt64(bitPattern: (value << 1) ^ (value >> 63))) }

    mutating func fixed64(_ value: UInt64) {
      for i in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(i)))) }
    }

    mutating func double(_ value: Double) { fixed64(value.bitPattern) }

    mutating func string(_ text: String) {
      var t = text
      t.withUTF8 { utf8 in
        int(utf8.count)
        bytes.append(contentsOf: utf8)
      }
    }

    mutating func raw(_ data: [UInt8]) {
      int(data.count)
      bytes.append(contentsOf: data)
    }
  }

  /// Reads what ``Writer`` wrote; every read returns nil past the end or on a value out of
  /// range, so a truncated or damaged file is refused, never misread into a crash. The reads are
  /// inlined: a load decodes about 15 values for each of a learner's thousands of items.
  struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0
    /// The array `bytes` points into: the lists read (``textList()``) keep it.
    let owner: EncodedTexts

    init(_ bytes: UnsafeBufferPointer<UInt8>, owner: EncodedTexts) { self.bytes = bytes; self.owner = owner }

    var atEnd: Bool { at == bytes.count }

    @inline(__always)
    mutating func byte() -> UInt8? {
      guard at < bytes.count else { return nil }
      defer { at += 1 }
      return bytes[at]
    }

    @inline(__always)
    mutating func uint() -> UInt64? {
      // Most values (flags, counts, small counters) are one byte.
      if at < bytes.count, bytes[at] < 0x80 {
        at += 1
        return UInt64(bytes[at - 1])
      }
      return uintSlow()
    }

    mutating func uintSlow() -> UInt64? { LEB128.read(bytes, at: &at) }

    /// A non-negative Int (a count, an offset).
    @inline(__always)
    mutating func int() -> Int? {
      guard let v = uint(), v <= UInt64(Int.max) else { return nil }
      return Int(v)
    }

    /// A count of elements still to come, each at least one byte: refuses absurd lengths.
    @inline(__always)
    mutating func count() -> Int? {
      guard let n = int(), n <= bytes.count - at else { return nil }
      return n
    }

    @inline(__always)
    mutating func signed() -> Int64? {
      guard let u = uint() else { return nil }
      return Int64(bitPattern: (u >> 1) ^ (0 &- (u & 1)))
    }

    @inline(__always)
    mutating func fixed64() -> UInt64? {
      guard bytes.count - at >= 8 else { return nil }
      let v = UInt64(littleEndian: UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: at, as: UInt64.self))
      at += 8
      return v
    }

    @inline(__always)
    mutating func double() -> Double? { fixed64().map(Double.init(bitPattern:)) }

    @inline(__always)
    mutating func string() -> String? {
      guard let n = count() else { return nil }
      defer { at += n }
      // Copied in and validated in one step (cheaper than `String(decoding:as:)`'s repairing
      // path); bytes that are not UTF-8 (never written: the checksum passed) are repaired.
      let source = UnsafeBufferPointer(rebasing: bytes[at..<at + n])
      return String(unsafeUninitializedCapacity: n) { target in
        _ = target.initialize(from: source)
        return n
      }
    }

    /// A count, then that many strings (as ``Writer/string(_:)`` writes each): a ``TextList``
    /// left encoded in the owner's bytes, decoded when read.
    mutating func textList() -> TextList? {
      guard let n = count(), let length = TextList.encodedLength(of: n, in: bytes, from: at) else { return nil }
      at += length
      return TextList(encoded: at - length..<at, in: owner, count: n)
    }

    mutating func raw() -> UnsafeBufferPointer<UInt8>? {
      guard let n = count() else { return nil }
      defer { at += n }
      return UnsafeBufferPointer(rebasing: bytes[at..<at + n])
    }
  }
}
