/// The demo deck shipped in the binary: `Plans/vocabulary/demo-deck.csv`, embedded through
/// the generated `DemoDeck+CSV.swift` (run `sh Scripts/generate-demo-deck.sh` after editing
/// the CSV; a test checks the two are equal).
public enum DemoDeck {
  /// The deck's words in file order, parsed from the embedded CSV.
  public static let entries: [DeckEntry] = {
    // The embedded CSV is checked by tests; failing here would be a build defect.
    (try? DeckImporter.parse(Array(csv.utf8), file: "demo-deck.csv")) ?? []
  }()
}
