import PlannerCore
/// One reciter of the default audio source: the folder of their per-ayah files and a name.
public struct Reciter: Sendable, Hashable {
  /// The folder under `https://everyayah.com/data/`, e.g. `Husary_128kbps`.
  public let folder: String
  public let name: String
  /// Short names the profile may use instead of the folder (`Husary`, the old default).
  public let aliases: [String]
  public init(folder: String, name: String, aliases: [String] = []) {
    self.folder = folder; self.name = name; self.aliases = aliases
  }
}

/// The reciters the default audio template knows, as data.
///
/// The folders follow the per-ayah layout widely used by Quran apps,
/// `https://everyayah.com/data/<folder>/SSSAAA.mp3` (surah and ayah, three digits each). They
/// are written from public knowledge of that site and **not verified here** (nothing in this
/// project touches the network): the list is data, easy to correct or extend, and a learner
/// with another source sets `quran.audioURLTemplate` (then `quran.reciter` is free text).
public enum ReciterCatalog {
  /// The default per-ayah template: `{reciter}` is the catalogue folder.
  public static let defaultTemplate = "https://everyayah.com/data/{reciter}/{surah:03}{ayah:03}.mp3"

  public static let reciters: [Reciter] = [
    Reciter(folder: "Husary_128kbps", name: "Mahmoud Khalil Al-Husary (murattal)", aliases: ["Husary"]),
    Reciter(folder: "Husary_Muallim_128kbps", name: "Mahmoud Khalil Al-Husary (muallim, for learners)", aliases: ["Husary_Muallim"]),
    Reciter(folder: "Alafasy_128kbps", name: "Mishary Rashid Alafasy", aliases: ["Alafasy"]),
    Reciter(folder: "Abdul_Basit_Murattal_192kbps", name: "Abdul Basit Abdus Samad (murattal)", aliases: ["Abdul_Basit"]),
    Reciter(folder: "Minshawy_Murattal_128kbps", name: "Mohamed Siddiq Al-Minshawi (murattal)", aliases: ["Minshawy"]),
    Reciter(folder: "Abdurrahmaan_As-Sudais_192kbps", name: "Abdurrahman As-Sudais", aliases: ["Sudais"]),
  ]

  /// The reciter whose folder or alias is `name` (case ignored), or nil.
  public static func reciter(named name: String) -> Reciter? {
    let n = name.lowercased()
    return reciters.first { $0.folder.lowercased() == n || $0.aliases.contains { $0.lowercased() == n } }
  }

  /// What `quran.reciter` accepts with the default template, for error messages.
  public static var choices: String { reciters.map(\.folder).joined(separator: ", ") }
}
