#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hands the pages of freed heap blocks back to the system. Reading a review log leaves tens
/// of megabytes of freed per-card tables and parse buffers between the blocks that stay in
/// use; glibc keeps such holes resident, so a fit that allocates its own arrays afterwards
/// would count them in its peak (measured: Benchmarks/README.md, "Review-log memory").
enum FreedMemory {
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
