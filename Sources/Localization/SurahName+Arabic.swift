/// The 114 surah names in Arabic as readers write them, in mushaf order (index 0 is surah 1).
///
/// The Quran data embedded in Hifz carries Tanzil's simplified spellings (quran-data.xml, the
/// `name` attribute): ابراهيم, سبإ, الانسان, النبإ, الإنفطار, الإنشقاق. Arabic readers write
/// those six إبراهيم, سبأ, الإنسان, النبأ, الانفطار, الانشقاق (hamza on the alif of إبراهيم and
/// الإنسان; the final hamza of سبأ and النبأ on an alif, as in print; no hamza on the alif of a
/// form-VII verbal noun, hamzat al-wasl). The other 108 are Tanzil's, unchanged.
///
/// Source: the published chapter lists consulted for this table (2026-12-02, through the
/// project's page search, not fetched live): "ترتيب سور القرآن الكريم" at
/// https://quranteacheracademy.com/ar/blog/ترتيب-سور-القرآن-الكريم/ (1–51: إبراهيم, سبأ) and
/// "ترتيب السور في المصحف" at https://www.zyadda.com/arranging-the-suras-in-the-quran/
/// (الإنسان, النبأ; it writes 82 الإنفطار with a hamza, which this table does not follow). Both
/// agree with Arabic Wikipedia's "قائمة سور القرآن الكريم" as commonly cited (not checked here:
/// unverified). Data, easy to correct: `SurahNameTableTests` pins the count, the uniqueness and the
/// six names above, and PlannerCLITests checks the table differs from Tanzil's in those six only.
extension SurahName {
  public static let arabicNames: [String] = [
    "الفاتحة", "البقرة", "آل عمران", "النساء", "المائدة", "الأنعام",  // 1–6
    "الأعراف", "الأنفال", "التوبة", "يونس", "هود", "يوسف",  // 7–12
    "الرعد", "إبراهيم", "الحجر", "النحل", "الإسراء", "الكهف",  // 13–18
    "مريم", "طه", "الأنبياء", "الحج", "المؤمنون", "النور",  // 19–24
    "الفرقان", "الشعراء", "النمل", "القصص", "العنكبوت", "الروم",  // 25–30
    "لقمان", "السجدة", "الأحزاب", "سبأ", "فاطر", "يس",  // 31–36
    "الصافات", "ص", "الزمر", "غافر", "فصلت", "الشورى",  // 37–42
    "الزخرف", "الدخان", "الجاثية", "الأحقاف", "محمد", "الفتح",  // 43–48
    "الحجرات", "ق", "الذاريات", "الطور", "النجم", "القمر",  // 49–54
    "الرحمن", "الواقعة", "الحديد", "المجادلة", "الحشر", "الممتحنة",  // 55–60
    "الصف", "الجمعة", "المنافقون", "التغابن", "الطلاق", "التحريم",  // 61–66
    "الملك", "القلم", "الحاقة", "المعارج", "نوح", "الجن",  // 67–72
    "المزمل", "المدثر", "القيامة", "الإنسان", "المرسلات", "النبأ",  // 73–78
    "النازعات", "عبس", "التكوير", "الانفطار", "المطففين", "الانشقاق",  // 79–84
    "البروج", "الطارق", "الأعلى", "الغاشية", "الفجر", "البلد",  // 85–90
    "الشمس", "الليل", "الضحى", "الشرح", "التين", "العلق",  // 91–96
    "القدر", "البينة", "الزلزلة", "العاديات", "القارعة", "التكاثر",  // 97–102
    "العصر", "الهمزة", "الفيل", "قريش", "الماعون", "الكوثر",  // 103–108
    "الكافرون", "النصر", "المسد", "الإخلاص", "الفلق", "الناس",  // 109–114
  ]
}
