#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hands the pages of freed heap blocks back to the system. Reading a review log leaves tens
/// of megabytes of freed per-card tables and parse buffers between the blocks that stay in
/// use; glibc keeps such holes resident, so a fit that allocates its own arrays afterwards
/// would count them in its peak (measured: Benchmarks/README.md, "Review-log memory").
///
/// The nightly job wants the opposite (``keepForReuse(environment:)``): each learner frees
/// what the next one allocates again.
enum FreedMemory {
  /// Keeps freed heap pages in the process for the next learner: glibc gave the top of the heap
  /// back after each learner (a trim above 128 KB) and served each snapshot's buffer (above
  /// its mmap threshold) from fresh pages, so every learner faulted its memory in again, about
  /// 20–50 page faults and their zeroing a learner (Benchmarks/README.md, "Copies, page faults
  /// and system calls").
  /// The peak is the same pages, kept (about 1 MiB more measured). An operator's own
  /// `GLIBC_TUNABLES=glibc.malloc.…` setting is left to rule.
  /// Returns whether the settings were made (glibc, and no operator's setting).
  @discardableResult
  static func keepForReuse(environment: [String: String]) -> Bool {
    #if canImport(Glibc)
    guard !(environment["GLIBC_TUNABLES"] ?? "").contains("glibc.malloc.") else { return false }
    // mallopt (malloc.h, not imported): M_TRIM_THRESHOLD = -1, M_MMAP_THRESHOLD = -3; 1 is success.
    typealias Option = @convention(c) (Int32, Int32) -> Int32
    guard let symbol = dlsym(nil, "mallopt") else { return false }
    let mallopt = unsafeBitCast(symbol, to: Option.self)
    let trim = mallopt(-1, 256 << 20)  // trim only above 256 MiB free at the top
    let mmap = mallopt(-3, 32 << 20)  // blocks up to 32 MiB from the heap (glibc's largest dynamic threshold)
    return trim == 1 && mmap == 1
    #else
    return false
    #endif
  }

  static func release() {
    #if canImport(Glibc)
    // glibc's malloc_trim(0) (malloc.h, which the Glibc module does not import).
    typealias Trim = @convention(c) (Int) -> Int32
    if let symbol = dlsym(nil, "malloc_trim") { _ = unsafeBitCast(symbol, to: Trim.self)(0) }
    #elseif canImport(Darwin)
    _ = malloc_zone_pressure_relief(nil, 0)
    #endif
  }
}
