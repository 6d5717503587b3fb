/// A short list of strings (a word's translations, its tags) that may stay encoded until read.
///
/// Built from `[String]` it holds them; built by a binary reader (``init(encoded:in:count:)``)
/// it holds a range of bytes shared by every list read from the same buffer, and decodes its
/// strings only when ``strings`` is read. A nightly plan reads thousands of words and shows
/// the translations of a few dozen: making a `String` and an array for each word read was a
/// tenth of a learner's night.
///
/// The encoding: each string as its UTF-8 length (LEB128: 7 bits a byte, low first, the high
/// bit set on every byte but the last) and its bytes, back to back. Bytes that are not UTF-8 are
/// repaired when decoded (U+FFFD), as `String(decoding:as:)` does.
///
/// Equality and hashing are by content, whichever way the lists were made.
public struct TextList: Sendable {
  @usableFromInline enum Storage: Sendable {
    case strings([String])
    case encoded(EncodedTexts, start: Int, end: Int, count: Int)
  }

  @usableFromInline var storage: Storage

  public init(_ strings: [String] = []) { storage = .strings(strings) }

  /// `count` strings encoded in `source.bytes[range]` (see the type's documentation); the
  /// caller has checked that the range holds exactly that many (``encodedLength(of:in:)``).
  /// (Inlinable, as ``encodedLength(of:in:from:)``: a snapshot load makes one a word.)
  @inlinable
  public init(encoded range: Range<Int>, in source: EncodedTexts, count: Int) {
    storage = count == 0 ? .strings([]) : .encoded(source, start: range.lowerBound, end: range.upperBound, count: count)
  }

  /// The strings, decoded if they were encoded.
  public var strings: [String] {
    switch storage {
    case .strings(let s): return s
    case .encoded(let source, let start, let end, let count):
      return source.bytes.withUnsafeBufferPointer { all in
        var out: [String] = []
        out.reserveCapacity(count)
        var at = start
        while at < end, let n = Self.length(all, &at), n <= end - at {
          out.append(String(decoding: UnsafeBufferPointer(rebasing: all[at..<at + n]), as: UTF8.self))
          at += n
        }
        return out
      }
    }
  }

  public var count: Int {
    switch storage {
    case .strings(let s): return s.count
    case .encoded(_, _, _, let count): return count
    }
  }

  public var isEmpty: Bool { count == 0 }

  /// The bytes `count` encoded strings take from `at` in `bytes`, nil when they do not fit.
  @inlinable
  public static func encodedLength(of count: Int, in bytes: UnsafeBufferPointer<UInt8>, from at: Int) -> Int? {
    var p = at
    for _ in 0..<count {
      guard let n = length(bytes, &p), n <= bytes.count - p else { return nil }
      p += n
    }
    return p - at
  }

  /// A LEB128 length at `at` (advanced past it); nil when it runs past the end or past `Int`.
  @inlinable @inline(__always)
  static func length(_ bytes: UnsafeBufferPointer<UInt8>, _ at: inout Int) -> Int? {
    guard let n = LEB128.read(bytes, at: &at), n <= UInt64(Int.max) else { return nil }
    return Int(n)
  }
}

/// The bytes that encoded ``TextList``s read from one buffer share (kept alive by them).
public final class EncodedTexts: Sendable {
  public let bytes: [UInt8]
  public init(_ bytes: [UInt8]) { self.bytes = bytes }
}

extension TextList: Equatable, Hashable {
  public static func == (a: TextList, b: TextList) -> Bool {
    if case .encoded(let x, let s1, let e1, _) = a.storage, case .encoded(let y, let s2, let e2, _) = b.storage,
      x === y, s1 == s2, e1 == e2 {
      return true
    }
    return a.count == b.count && a.strings == b.strings
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(strings) }
}

extension TextList: Codable {
  /// Coded as a JSON array of strings.
  public init(from decoder: any Decoder) throws { self.init(try [String](from: decoder)) }
  public func encode(to encoder: any Encoder) throws { try strings.encode(to: encoder) }
}

extension TextList: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: String...) { self.init(elements) }
}
