/// The Cholesky factor L (A = LLᵀ) of a small symmetric positive definite matrix, column by
/// column with the rows in vector lanes: the Gauss–Newton step's solve and the evidence rule's
/// tr(A⁻¹) on 21 × 21 matrices.
///
/// Each entry is the same arithmetic, in the same order, as the row-by-row scalar loop
/// (`sum = a_ij; for k in 0..<j { sum -= l_ik·l_jk }`, then √ or ÷ l_jj): a lane is one entry's
/// sum, the lanes only run side by side, so the factor is the same bits (`ColumnCholeskyTests`).
/// L is kept column-major, the order rounded up to whole 4-row vector chunks a column
/// (``Factor/stride``).
enum ColumnCholesky {
  typealias Chunk = SIMD4<Double>

  /// Runs `body` with the factor of the `m` × `m` matrix whose entry (i, j), i ≥ j, is
  /// `entry(i, j)` (only those are read), or with nil when a pivot is not positive and finite,
  /// as the scalar loop gives up.
  static func withFactor<R>(order m: Int, entry: (Int, Int) -> Double, _ body: (Factor?) -> R) -> R {
    precondition(m >= 1, "order \(m): a factor needs a row")
    let stride = (m + 3) / 4 * 4
    let l = allocateMatrix(stride: stride)
    defer { l.deallocate() }
    for j in 0..<m {
      for i in j..<m { l[j &* stride &+ i] = entry(i, j) }
    }
    let chunks = (m + 3) / 4
    for j in 0..<m {
      // Rows j…m − 1 of column j, 4 at a time: a_ij − Σ_k l_ik·l_jk, k ascending (row j: the
      // pivot's sum; the rows above it in its chunk are not read).
      let column = UnsafeMutableRawPointer(l + j &* stride)
      for c in (j / 4)..<chunks {
        var sum = column.load(fromByteOffset: 32 &* c, as: Chunk.self)
        // Column k's chunk c times l_jk, k = 0, 1, …
        subtractProducts(&sum, chunks: UnsafeRawPointer(l) + 32 &* c, scalars: l + j, count: j, stride: stride)
        column.storeBytes(of: sum, toByteOffset: 32 &* c, as: Chunk.self)
      }
      let pivot = l[j &* stride &+ j]
      guard pivot > 0, pivot.isFinite else { return body(nil) }
      let root = pivot.squareRoot()
      for c in (j / 4)..<chunks {
        column.storeBytes(of: column.load(fromByteOffset: 32 &* c, as: Chunk.self) / root, toByteOffset: 32 &* c, as: Chunk.self)
      }
      l[j &* stride &+ j] = root
    }
    return body(Factor(m: m, stride: stride, l: l))
  }

  /// sum −= chunk_k · scalar_k for k = 0…count − 1 in that order (one rounding per step, as the
  /// scalar loops): chunk k at `chunks + k·8·stride` bytes, scalar k at `scalars[k·stride]`. The
  /// factorisation's columns and the inverse's rows both step one matrix column at a time.
  @inline(__always)
  static func subtractProducts(_ sum: inout Chunk, chunks: UnsafeRawPointer, scalars: UnsafePointer<Double>, count: Int,
                               stride: Int) {
    var chunk = chunks
    var scalar = scalars
    for _ in 0..<count {
      sum -= chunk.load(as: Chunk.self) * scalar.pointee
      chunk += 8 &* stride
      scalar += stride
    }
  }

  /// A zeroed `stride` × `stride` matrix, aligned for whole chunks.
  static func allocateMatrix(stride: Int) -> UnsafeMutablePointer<Double> {
    let raw = UnsafeMutableRawPointer.allocate(byteCount: 8 * stride * stride, alignment: MemoryLayout<Chunk>.alignment)
    // Zero bytes are +0.0 (one memset rather than a loop of stores).
    raw.initializeMemory(as: UInt8.self, repeating: 0, count: 8 * stride * stride)
    return raw.bindMemory(to: Double.self, capacity: stride * stride)
  }

  /// A factor: entry (i, j) at `l[j·stride + i]` (column-major); entries above the diagonal
  /// are not read.
  struct Factor {
    let m: Int
    /// Rows a column holds: `m` rounded up to whole chunks.
    let stride: Int
    let l: UnsafeMutablePointer<Double>

    /// Entry (i, j) of L, i ≥ j.
    @inline(__always) func entry(_ i: Int, _ j: Int) -> Double { l[j &* stride &+ i] }

    /// tr(A⁻¹) = ‖L⁻¹‖²_F: the columns x_k of L⁻¹ by forward substitution (L·x_k = e_k, x_k[i]
    /// for i ≥ k, each sum over j = k…i − 1 ascending, as the scalar loop), the columns side by
    /// side in the lanes, then Σ_k Σ_{i ≥ k} x_k[i]² in that order.
    func traceOfInverse() -> Double {
      // Row i holds x_k[i] at x[i·stride + k], +0 where k > i: a lane adds −l_ij·(+0) for
      // j < k, which leaves its sum as it is, so each lane's sum is the scalar one.
      let x = ColumnCholesky.allocateMatrix(stride: stride)
      defer { x.deallocate() }
      for i in 0..<m {
        let diagonal = l[i &* stride &+ i]
        let row = UnsafeMutableRawPointer(x + i &* stride)
        for c in 0...(i / 4) {
          var sum = Chunk.zero
          if c == i / 4 { sum[i % 4] = 1 }
          // Row j's chunk c times l_ij, j = 0, 1, …
          ColumnCholesky.subtractProducts(&sum, chunks: UnsafeRawPointer(x) + 32 &* c, scalars: l + i, count: i, stride: stride)
          row.storeBytes(of: sum / diagonal, toByteOffset: 32 &* c, as: Chunk.self)
        }
      }
      var trace = 0.0
      for k in 0..<m {
        var v = x + (k &* stride &+ k)
        for _ in k..<m {
          trace += v.pointee * v.pointee
          v += stride
        }
      }
      return trace
    }
  }
}
