/// FNV-1a, 64-bit (Fowler–Noll–Vo, http://www.isthe.com/chongo/tech/comp/fnv/): for each byte,
/// `hash = (hash XOR byte) × prime` modulo 2^64, starting from the offset basis.
///
/// Used to split learners between nightly shards. Unlike Swift's `hashValue`, which is seeded
/// per process, the result is the same in every process, on every machine and in every version.
public enum FNV1a64 {
  /// The 64-bit offset basis, 14695981039346656037.
  public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
  /// The 64-bit FNV prime, 2^40 + 2^8 + 0xb3 = 1099511628211.
  public static let prime: UInt64 = 0x0000_0100_0000_01b3

  /// The hash of a byte sequence.
  @inlinable
  public static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
    var hash = offsetBasis
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* prime
    }
    return hash
  }

  /// The hash of a string's UTF-8 bytes, exactly as the string holds them (no Unicode
  /// normalization: `é` as one scalar and as `e` + combining accent hash differently).
  @inlinable
  public static func hash(_ text: String) -> UInt64 {
    hash(text.utf8)
  }
}
