/// Writes a deck as the CSV ``DeckImporter`` reads back unchanged: the header
/// `english,ukrainian,popularity,added,tags`, translations and tags joined by `;`, a field
/// quoted (RFC 4180) when it holds a comma, a quote or surrounding spaces.
public enum DeckExport {
  public static let header = ["english", "ukrainian", "popularity", "added", "tags"]

  public static func csv(_ entries: [DeckEntry]) -> String {
    var out = header.joined(separator: ",") + "\n"
    for e in entries {
      let fields = [
        e.english, e.ukrainian.joined(separator: ";"), e.popularity.map(String.init) ?? "", e.added?.description ?? "",
        e.tags.joined(separator: ";"),
      ]
      out += fields.map(quoted).joined(separator: ",") + "\n"
    }
    return out
  }

  static func quoted(_ field: String) -> String {
    let needs = field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
      || field.first == " " || field.last == " "
    return needs ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
  }
}
