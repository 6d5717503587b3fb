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
    var result = ""
    scan(text) { piece in
      switch piece {
      case .literal(let literal): result += literal
      case .placeholder(let name): result += value(name) ?? "{\(name)}"
      }
    }
    return result
  }

  private enum Piece {
    case literal(Substring)
    case placeholder(String)
  }

  private static func scan(_ text: String, _ emit: (Piece) -> Void) {
    var rest = text[...]
    while let open = rest.firstIndex(of: "{") {
      let afterOpen = rest.index(after: open)
      if let close = rest[afterOpen...].firstIndex(of: "}"), isName(rest[afterOpen..<close]) {
        emit(.literal(rest[..<open]))
        emit(.placeholder(String(rest[afterOpen..<close])))
        rest = rest[rest.index(after: close)...]
      } else {
        emit(.literal(rest[...open]))
        rest = rest[afterOpen...]
      }
    }
    emit(.literal(rest))
  }

  private static func isName(_ name: Substring) -> Bool {
    guard let first = name.first, first.isASCII, first.isLetter else { return false }
    return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
  }
}
