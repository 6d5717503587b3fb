/// Card id → row index, open addressing with linear probing over one array of (key, value)
/// slots, so a lookup touches one cache line: the per-row lookup of the ordering pass, several
/// times cheaper than `Dictionary` (no SipHash, no separate metadata).
struct CardIndexMap {
  struct Slot {
    var key: Int64
    /// −1 marks an empty slot (row indices are ≥ 0).
    var value: Int32
  }

  private var slots: [Slot]
  private var mask: Int
  private(set) var count = 0

  init(capacity: Int = 1024) {
    var size = 16
    while size < capacity * 2 { size <<= 1 }
    slots = [Slot](repeating: Slot(key: 0, value: -1), count: size)
    mask = size - 1
  }

  @inline(__always)
  private func slot(_ key: Int64) -> Int {
    Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> 20) & mask
  }

  @inline(__always)
  func get(_ key: Int64) -> Int32? {
    slots.withUnsafeBufferPointer { s in
      var i = slot(key)
      while s[i].value >= 0 {
        if s[i].key == key { return s[i].value }
        i = (i + 1) & mask
      }
      return nil
    }
  }

  /// `value` must be ≥ 0.
  @inline(__always)
  mutating func set(_ key: Int64, _ value: Int32) {
    if (count + 1) * 2 > slots.count { grow() }
    let m = mask
    var i = slot(key)
    let added: Bool = slots.withUnsafeMutableBufferPointer { s in
      while s[i].value >= 0 {
        if s[i].key == key { s[i].value = value; return false }
        i = (i + 1) & m
      }
      s[i] = Slot(key: key, value: value)
      return true
    }
    if added { count += 1 }
  }

  private mutating func grow() {
    let old = slots
    self = CardIndexMap(capacity: slots.count)
    for s in old where s.value >= 0 { set(s.key, s.value) }
  }
}
