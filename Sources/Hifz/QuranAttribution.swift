extension Quran {
  /// Where the embedded Quran structure comes from, to show in an app's "about" screen.
  /// The full account is in docs/quran-structure.md.
  public static let attribution = """
    Quran metadata (surahs, juz, hizb, rub' al-hizb, manzil, ruku, page and sajda boundaries) from \
    the Tanzil Project, tanzil.net, Tanzil Quran Metadata 1.0, (C) 2008-2009 Tanzil.info, licensed \
    CC BY 3.0. Changes: converted, end positions and pages derived, rub' 106 starts at 15:49. \
    Word and letter counts computed from Tanzil Quran Text (Uthmani 1.1), Copyright (C) 2007-2021 \
    Tanzil Project, CC BY 3.0 (tanzil.net); no Quran text is included. Line layout of the 15-line \
    Madani mushaf of the King Fahd Complex, via github.com/quran/quran.com-images; only line and \
    word positions are included, no fonts, glyphs or text.
    """
}
