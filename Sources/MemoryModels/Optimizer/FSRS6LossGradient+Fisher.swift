/// The Gauss–Newton pass's Fisher information: the pass along a run of cards that adds it
/// (``FSRS6LossGradient/fisherPasses``), its rows and their blocked rank-k updates.
extension FSRS6LossGradient {
  /// The examples a lane holds before adding them to the Fisher rows (``flushFisher(_:into:)``).
  @usableFromInline static let fisherBlock = 32

  /// The Gauss–Newton pass along the cards `first..<last`: tangents in `Float`, the Fisher
  /// information into `fisher` (21 rows) through `buffer` (2 × ``fisherBlock`` rows). The
  /// examples' ∇p are held and added to the rows in one rank-k update per ``fisherBlock``
  /// examples (``flushFisher(_:into:)``) instead of one rank-one update each: each row is
  /// loaded and stored once per block. The block runs across cards (the rows do not depend on
  /// the card). The order of every addition is fixed by the cards alone.
  ///
  /// With `fisherStride` k > 1 only the cards whose index is a multiple of k add their Fisher
  /// information (the caller scales the rows by the examples' share); every card still adds its
  /// loss and gradient. The sampled cards depend on the card index only, not on the halves.
  ///
  /// With tangents ``NoTangent`` and no `fisher` it is the same pass's loss alone: the same
  /// bits, without the tangent and Fisher work (what a Gauss–Newton trial that is likely to be
  /// rejected needs first).
  @inlinable
  func fisherPasses<T: PassTangent>(
    _ ratings: UnsafeBufferPointer<UInt8>, _ elapsed: UnsafeBufferPointer<Int32>, _ starts: UnsafeBufferPointer<Int>,
    _ first: Int, _ last: Int, _ loss: inout Double, _ grad: inout ParameterGradient,
    weights: UnsafeBufferPointer<Double>?, fisher: UnsafeMutablePointer<FisherRow>?, buffer: UnsafeMutablePointer<FisherRow>?,
    fisherStride: Int = 1, prefixes: SharedPrefixes.View<SharedReview<T>>? = nil, tangents: T.Type
  ) {
    var held = 0
    for c in first..<last {
      let sampled = fisher != nil && (fisherStride <= 1 || c % fisherStride == 0)
      let start = starts[c]
      var lane: Lane<T> = begin(ratings, start, starts[c + 1])
      if sampled {
        lane.pending = buffer
        lane.pendingCount = held
      }
      lane.loss = loss
      let h = sampled ? fisher : nil
      if let prefixes {
        // The reviews an earlier card shares: their examples were added by the card that
        // computed them, with this card's weights (`shareWeights`), or are replayed from the
        // slots one by one; then the state.
        let (shared, slots, looked) = prefixes.card(c - first)
        let pooled = prefixes.shareWeights != nil && fisherStride <= 1
        if shared > 0 {
          if !pooled {
            var ds = lane.ds
            for j in 0..<shared {
              let e = prefixes.cache + Int(slots[j])
              replay(&lane, ds, e, start + 1 + j, ratings, elapsed, weights: weights, fisher: h)
              ds = e.pointee.ds
            }
          }
          let e = prefixes.cache + Int(slots[shared - 1])
          lane.s = e.pointee.s
          lane.ds = e.pointee.ds
          lane.d = e.pointee.d
          lane.dd = e.pointee.dd
          lane.i = start + 1 + shared
        }
        // The rest, each review a later card shares kept in its slot (and, pooled, its
        // example added with the sharing cards' weights too).
        while lane.i < lane.end {
          let j = lane.i - start - 1
          let slot = j < looked ? Int(slots[j]) : -1
          step(&lane, ratings, elapsed, weights: weights, fisher: h, record: slot >= 0 ? prefixes.cache + slot : nil,
               sharedWeight: pooled && slot >= 0 ? prefixes.shareWeights.unsafelyUnwrapped[slot] : 0)
        }
      } else {
        while lane.i < lane.end { step(&lane, ratings, elapsed, weights: weights, fisher: h) }
      }
      loss = lane.loss
      T.flush(lane.grad, into: &grad)
      if sampled { held = lane.pendingCount }
    }
    // The examples still held (fewer than a block) are added last, as every card's are.
    if held > 0, let fisher {
      var lane = Lane<T>(s: 0, ds: .zero, d: 0, dd: .zero, i: 0, end: 0)
      lane.pending = buffer
      lane.pendingCount = held
      Self.flushFisher(&lane, into: fisher)
    }
  }

  /// Adds a lane's held examples to the Fisher rows `h` (one rank-k update of the lower block
  /// triangle, as ``accumulateFisher(_:_:_:)`` adds one: each row loaded and stored once per
  /// block instead of once per example) and empties its buffer.
  @inlinable @inline(__always)
  static func flushFisher<T>(_ lane: inout Lane<T>, into h: UnsafeMutablePointer<FisherRow>) {
    guard let buffer = lane.pending, lane.pendingCount > 0 else { return }
    let n = lane.pendingCount
    lane.pendingCount = 0
    // Lane j of a held k·∇p, read as a scalar (a row is 24 contiguous `Float`s).
    let raw = UnsafeRawPointer(buffer)
    let stride = MemoryLayout<FisherRow>.stride
    @inline(__always) func scaled(_ e: Int, _ j: Int) -> Float {
      raw.load(fromByteOffset: (2 * e + 1) * stride + j * MemoryLayout<Float>.stride, as: Float.self)
    }
    // Row j gets columns 0…j rounded up to a whole 4-lane half (one SSE register): 66 halves
    // per example instead of the 78 of whole 8-lane blocks.
    for j in 0..<4 {
      var a = h[j].a.lowHalf
      for e in 0..<n { a += buffer[2 * e].a.lowHalf * scaled(e, j) }
      h[j].a.lowHalf = a
    }
    for j in 4..<8 {
      var a = h[j].a
      for e in 0..<n { a += buffer[2 * e].a * scaled(e, j) }
      h[j].a = a
    }
    for j in 8..<12 {
      var a = h[j].a, b = h[j].b.lowHalf
      for e in 0..<n {
        let k = scaled(e, j)
        a += buffer[2 * e].a * k
        b += buffer[2 * e].b.lowHalf * k
      }
      h[j].a = a
      h[j].b.lowHalf = b
    }
    for j in 12..<16 {
      var a = h[j].a, b = h[j].b
      for e in 0..<n {
        let k = scaled(e, j)
        a += buffer[2 * e].a * k
        b += buffer[2 * e].b * k
      }
      h[j].a = a
      h[j].b = b
    }
    for j in 16..<20 {
      var a = h[j].a, b = h[j].b, c = h[j].c.lowHalf
      for e in 0..<n {
        let k = scaled(e, j)
        a += buffer[2 * e].a * k
        b += buffer[2 * e].b * k
        c += buffer[2 * e].c.lowHalf * k
      }
      h[j].a = a
      h[j].b = b
      h[j].c.lowHalf = c
    }
    var a = h[20].a, b = h[20].b, c = h[20].c
    for e in 0..<n {
      let k = scaled(e, 20)
      a += buffer[2 * e].a * k
      b += buffer[2 * e].b * k
      c += buffer[2 * e].c * k
    }
    h[20].a = a
    h[20].b = b
    h[20].c = c
  }

  /// One row of the Fisher accumulator: 24 single-precision lanes. The rank-one updates run in
  /// `Float`, half the vector work of `Double` (the accumulation was most of a Fisher pass); the
  /// matrix only shapes the Gauss–Newton step and the evidence γ, and is read back as `Double`.
  @usableFromInline
  struct FisherRow: Sendable {
    @usableFromInline var a: SIMD8<Float>
    @usableFromInline var b: SIMD8<Float>
    @usableFromInline var c: SIMD8<Float>
    @usableFromInline static let zero = FisherRow(a: .zero, b: .zero, c: .zero)
    @inlinable init(a: SIMD8<Float>, b: SIMD8<Float>, c: SIMD8<Float>) { self.a = a; self.b = b; self.c = c }
    @inlinable subscript(_ i: Int) -> Double { Double(i < 8 ? a[i] : (i < 16 ? b[i - 8] : c[i - 16])) }
  }

  /// h += k·v·vᵀ over the lower block triangle: rows 0…7 only their first SIMD8 block (columns
  /// 0…7), rows 8…15 the first two, rows 16…20 all three; the other entries follow by symmetry
  /// (``fisherEntry``). 39 vector multiply-adds instead of 63, written out so they inline.
  @inlinable @inline(__always)
  static func accumulateFisher(_ h: UnsafeMutablePointer<FisherRow>, _ v: (SIMD8<Float>, SIMD8<Float>, SIMD8<Float>), _ k: Double) {
    let (a, b, c) = v
    let kf = Float(k)
    let sa = a * kf, sb = b * kf, sc = c * kf
    for j in 0..<8 { h[j].a += a * sa[j] }
    for j in 0..<8 {
      h[8 + j].a += a * sb[j]
      h[8 + j].b += b * sb[j]
    }
    for j in 0..<5 {
      h[16 + j].a += a * sc[j]
      h[16 + j].b += b * sc[j]
      h[16 + j].c += c * sc[j]
    }
  }

  /// Entry (i, j) of the symmetric matrix whose lower triangle ``accumulateFisher`` (in 8-lane
  /// blocks) or ``flushFisher(_:into:)`` (in 4-lane halves) filled: both fill row i at least
  /// up to column 4·(i/4) + 3.
  @inlinable
  static func fisherEntry(_ rows: UnsafePointer<FisherRow>, _ i: Int, _ j: Int) -> Double {
    j / 4 <= i / 4 ? rows[i][j] : rows[j][i]
  }
}
