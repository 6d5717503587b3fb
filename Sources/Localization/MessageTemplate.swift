/// The `{name}` placeholders of a message text. A name is an ASCII letter followed by ASCII
/// letters and digits; any other brace is literal text.
public enum MessageTemplate {
  /// The placeholder names in `text`, in order of appearance (repeats kept).
  public static func placeholders(in text: String) -> [String] {
    var names: [String] = []
    scan(text) { piece in
      if case .placeholder(let name) = piece { names.append(name) }
    }
    return names
  }

  /// `text` with each placeholder replaced by `value(name)`; a placeholder whose value is nil is
  /// left as written, so a missing argument shows up in the output instead of vanishing.
  public static func substitute(_ text: String, _ value: (String) -> String?) -> String {
    var result: [UInt8] = []
    var text = text
    text.withUTF8 { bytes in
      result.reserveCapacity(bytes.count + 32)
      scan(bytes) { piece in
        switch piece {
        case .literal(let literal): result.append(contentsOf: literal)
        case .placeholder(let name):
          let text = value(name) ?? "{\(name)}"
          result.append(contentsOf: text.utf8)
        }
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  private enum Piece {
    case literal(UnsafeBufferPointer<UInt8>)
    case placeholder(String)
  }

  private static func scan(_ text: String, _ emit: (Piece) -> Void) {
    var text = text
    text.withUTF8 { scan($0, emit) }
  }

  /// Over the text's UTF-8 (the braces and names are ASCII): a plan's texts fill a few hundred
  /// messages, and walking them as `Character`s (grapheme breaking) cost 20 K instructions each.
  private static func scan(_ text: UnsafeBufferPointer<UInt8>, _ emit: (Piece) -> Void) {
    let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
    var start = 0, at = 0
    func slice(_ from: Int, _ to: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: text[from..<to]) }
    while let o = (at..<text.count).first(where: { text[$0] == open }) {
      if let c = (o + 1..<text.count).first(where: { text[$0] == close }), isName(slice(o + 1, c)) {
        emit(.literal(slice(start, o)))
        emit(.placeholder(String(decoding: slice(o + 1, c), as: UTF8.self)))
        start = c + 1
        at = c + 1
      } else {
        at = o + 1
      }
    }
    emit(.literal(slice(start, text.count)))
  }

  private static func isName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
    @inline(__always) func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
    guard let first = name.first, isLetter(first) else { return false }
    return name.allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) }
  }
}
