/// Many items at once (fsrs-rs `memory_state_batch`).
extension FSRS6 {
  /// The memory state after all the reviews of each item: item k's reviews are
  /// `itemStarts[k]..<itemStarts[k + 1]` of `ratings` and `elapsedDays` (the first starts the
  /// item, its elapsed days are ignored); `out[k]` receives its state (an item without reviews
  /// is skipped and its slot left as it was).
  ///
  /// Each item gets exactly `nextState`'s bits. One item alone waits on every `exp` and `log`
  /// in turn (each review's state feeds the next), so four items are advanced side by side:
  /// their chains are independent and the processor overlaps them. A lane whose item ends
  /// takes the next item.
  public func finalStates(
    ratings: UnsafeBufferPointer<Rating>, elapsedDays: UnsafeBufferPointer<Int32>,
    itemStarts: UnsafeBufferPointer<Int>, into out: UnsafeMutablePointer<MemoryState>
  ) {
    let items = itemStarts.count - 1
    guard items > 0 else { return }
    let lanes = 4
    // Per lane: the item, the next review, the end, the state.
    var item = [Int](repeating: -1, count: lanes)
    var next = [Int](repeating: 0, count: lanes)
    var end = [Int](repeating: 0, count: lanes)
    var state = [MemoryState](repeating: MemoryState(stability: 1, difficulty: 1), count: lanes)
    var taken = 0
    // Fills a lane with the next item that has reviews; false when none is left.
    func refill(_ l: Int) -> Bool {
      while taken < items {
        let k = taken
        taken += 1
        let a = itemStarts[k], b = itemStarts[k + 1]
        guard a < b else { continue }
        item[l] = k
        state[l] = initialState(ratings[a])
        next[l] = a + 1
        end[l] = b
        return true
      }
      item[l] = -1
      return false
    }
    var active = 0
    for l in 0..<lanes where refill(l) { active += 1 }
    while active == lanes {
      // All four lanes busy: one review each, interleaved.
      let i0 = next[0], i1 = next[1], i2 = next[2], i3 = next[3]
      if i0 < end[0] && i1 < end[1] && i2 < end[2] && i3 < end[3] {
        let a = nextState(state[0], elapsedDays: Int(elapsedDays[i0]), rating: ratings[i0])
        let b = nextState(state[1], elapsedDays: Int(elapsedDays[i1]), rating: ratings[i1])
        let c = nextState(state[2], elapsedDays: Int(elapsedDays[i2]), rating: ratings[i2])
        let d = nextState(state[3], elapsedDays: Int(elapsedDays[i3]), rating: ratings[i3])
        state[0] = a; state[1] = b; state[2] = c; state[3] = d
        next[0] = i0 + 1; next[1] = i1 + 1; next[2] = i2 + 1; next[3] = i3 + 1
        continue
      }
      for l in 0..<lanes where next[l] >= end[l] {
        out[item[l]] = state[l]
        if !refill(l) { active -= 1 }
      }
    }
    // Fewer items than lanes remain: finish each alone.
    for l in 0..<lanes where item[l] >= 0 {
      var s = state[l]
      for i in next[l]..<end[l] { s = nextState(s, elapsedDays: Int(elapsedDays[i]), rating: ratings[i]) }
      out[item[l]] = s
    }
  }
}
