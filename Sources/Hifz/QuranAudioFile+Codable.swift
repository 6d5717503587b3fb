/// Coded and compared by its URL's text, however it is spelled: a file read from a plan equals
/// the file its template spells. `basmala` is left out when nil, as before.
extension QuranAudioFile: Hashable, Codable {
  enum CodingKeys: String, CodingKey { case item, ayah, url, basmala }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(item: try c.decode(Int.self, forKey: .item), ayah: try c.decode(AyahRef.self, forKey: .ayah),
              url: try c.decode(String.self, forKey: .url), basmala: try c.decodeIfPresent(Bool.self, forKey: .basmala))
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(item, forKey: .item)
    try c.encode(ayah, forKey: .ayah)
    try c.encode(url, forKey: .url)
    try c.encodeIfPresent(basmala, forKey: .basmala)
  }

  public static func == (a: QuranAudioFile, b: QuranAudioFile) -> Bool {
    guard a.item == b.item, a.ayah == b.ayah, a.basmala == b.basmala else { return false }
    if case .template(let x, let i) = a.spelled, case .template(let y, let j) = b.spelled, x === y, i == j { return true }
    return a.withURL { u in b.withURL { v in u.elementsEqual(v) } }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(item); hasher.combine(ayah); hasher.combine(basmala)
    withURL { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}
