/// The CLDR plural categories. Each language uses a subset: English `one`/`other`,
/// Ukrainian `one`/`few`/`many`/`other`, Arabic all six.
public enum PluralCategory: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
  case zero, one, two, few, many, other

  public static func < (a: PluralCategory, b: PluralCategory) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }
}
