/// The key under which a word is tracked: trimmed, lower-cased, inner spaces collapsed, so
/// "Run", " run " and "RUN" are one word.
public func wordKey(_ english: String) -> String {
  if isPlainWordKey(english) { return english }
  return english.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
}

/// Whether `english` is already a word key (most words: lower-case ASCII with single inner
/// spaces, none leading or trailing): trimming, lower-casing and collapsing leave it as it is.
public func isPlainWordKey(_ english: String) -> Bool {
  // Over the string's contiguous UTF-8 (native and small strings have it): hot, every word
  // several times a plan, and the byte view's iterator is several times slower.
  if let plain = english.utf8.withContiguousStorageIfAvailable({ isPlainWordKey(bytes: $0) }) { return plain }
  return isPlainWordKey(bytes: english.utf8)
}

@inline(__always)
private func isPlainWordKey<Bytes: Sequence<UInt8>>(bytes: Bytes) -> Bool {
  var previousSpace = true
  for b in bytes {
    if b >= 0x80 || (b >= 0x41 && b <= 0x5A) || b == 0x09 || b == 0x0A || b == 0x0B || b == 0x0C || b == 0x0D
      || (b == 0x20 && previousSpace)
    {
      return false
    }
    previousSpace = b == 0x20
  }
  return !previousSpace
}
