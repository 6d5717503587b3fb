/// The pretty layout of the hand-readable files (FSRS-6 parameter files): objects one member
/// a line, indented, keys sorted; arrays of scalars on one line (`[0.212, 1.2931]`), other
/// arrays one element a line. Scalars, strings and numbers are written exactly as the compact
/// writer writes them, so both layouts agree on every value.
extension JSONWriter {
  /// `value` pretty-printed, with `indent` spaces per level.
  public static func pretty(_ value: JSONNode, indent: Int = 2) -> String {
    var w = JSONWriter()
    w.writePretty(value, indent: indent, level: 0)
    return String(decoding: w.bytes, as: UTF8.self)
  }

  /// An object whose top-level members come in the given order (nested objects are sorted).
  public static func prettyObject(_ members: [(key: String, value: JSONNode)], indent: Int = 2) -> String {
    var w = JSONWriter()
    w.writePrettyMembers(members, indent: indent, level: 0)
    return String(decoding: w.bytes, as: UTF8.self)
  }

  /// `s` as a JSON string literal (quotes, backslashes and control characters escaped).
  public static func quoted(_ s: String) -> String {
    var w = JSONWriter(capacity: s.utf8.count + 2)
    w.writeString(s)
    return String(decoding: w.bytes, as: UTF8.self)
  }

  mutating func writeIndent(_ n: Int) {
    for _ in 0..<n { bytes.append(UInt8(ascii: " ")) }
  }

  mutating func writePretty(_ value: JSONNode, indent: Int, level: Int) {
    switch value {
    case .array(let a):
      let scalars = a.allSatisfy { v in
        switch v {
        case .array, .object: return false
        default: return true
        }
      }
      if a.isEmpty {
        writeRaw("[]")
      } else if scalars {
        bytes.append(UInt8(ascii: "["))
        for (i, v) in a.enumerated() {
          if i > 0 { writeRaw(", ") }
          write(v)
        }
        bytes.append(UInt8(ascii: "]"))
      } else {
        writeRaw("[\n")
        for (i, v) in a.enumerated() {
          writeIndent(indent * (level + 1))
          writePretty(v, indent: indent, level: level + 1)
          writeRaw(i == a.count - 1 ? "\n" : ",\n")
        }
        writeIndent(indent * level)
        bytes.append(UInt8(ascii: "]"))
      }
    case .object(let o):
      writePrettyMembers(o.pairs.map { (key: $0, value: $1) }.sorted { $0.key < $1.key }, indent: indent, level: level)
    default:
      write(value)
    }
  }

  mutating func writePrettyMembers(_ members: [(key: String, value: JSONNode)], indent: Int, level: Int) {
    if members.isEmpty {
      writeRaw("{}")
      return
    }
    writeRaw("{\n")
    for (i, m) in members.enumerated() {
      writeIndent(indent * (level + 1))
      writeString(m.key)
      writeRaw(": ")
      writePretty(m.value, indent: indent, level: level + 1)
      writeRaw(i == members.count - 1 ? "\n" : ",\n")
    }
    writeIndent(indent * level)
    bytes.append(UInt8(ascii: "}"))
  }
}
