#!/usr/bin/env swift
// Generates the demo learner (`planner today --demo`): four weeks of realistic history for the
// Quran (juz 30 from An-Nas, a lesson most days, recent and old revision) and vocabulary (words
// added, quizzed on a widening schedule, a few look-ups), with plan items done and skipped.
// Seeded (SplitMix64, seed 7): the same files every run.
//
// Writes Plans/demo/learner/profile.json, Plans/demo/learner/events.jsonl and the embedded
// copy Sources/DailyPlanning/DemoLearner.generated.swift (the binary never reads Plans/).
//     swift Scripts/generate-demo-learner.swift            # from anywhere
//     swift Scripts/generate-demo-learner.swift --check    # exit 1, naming the file, if one is stale
// `swift test --filter DemoLearnerTests` fails when the three disagree.

import Foundation

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path
_ = FileManager.default.changeCurrentDirectoryPath(packageRoot)
let check = CommandLine.arguments.dropFirst().contains("--check")
/// The generated Swift file wherever it lives under Sources/ (modules move), else its usual place.
func locate(_ name: String, default path: String) -> String {
  let e = FileManager.default.enumerator(atPath: "Sources")
  while let p = e?.nextObject() as? String {
    if (p as NSString).lastPathComponent == name { return "Sources/" + p }
  }
  return path
}

struct SplitMix64 {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

let demoDate = "2026-03-15"
let profile = """
{
  "dailyMinutes" : 30,
  "dayStartHour" : 4,
  "id" : "demo",
  "locale" : "en",
  "name" : "Demo learner",
  "quran" : {
    "goal" : {"direction": "from-an-nas", "scope": "78-114", "startDate": "2026-02-15",
              "memorised": [{"range": "112-114", "selfRating": 3}], "targetDate": "2027-06-01"},
    "mushafLayout" : "madani-15",
    "settings" : {"cycleDays": 30, "dailyMinutes": 20, "desiredRetention": 0.95, "maxLessonLines": 30,
                  "recentWindowDays": 7, "reciter": "Husary_128kbps"}
  },
  "retention" : {"vocabulary" : 0.9},
  "timezone" : "Europe/Kyiv",
  "version" : 1,
  "vocabulary" : {"mode": "translation", "newWordsPerDay": 5, "quietHours": [], "reminderDailyCap": 6,
                  "reminderEveryMinutes": 120, "wakingHours": "08:00-22:00"},
  "weekdayMinutes" : {"fri": 15}
}

"""

let words: [(String, [String])] = """
time,час|year,рік|people,люди|way,шлях;дорога|day,день|man,чоловік|thing,річ|woman,жінка|life,життя|child,дитина|world,світ|school,школа|family,родина;сімʼя|student,студент;учень|group,група|country,країна|problem,проблема|hand,рука|part,частина|place,місце|week,тиждень|company,компанія|question,питання;запитання|work,робота;праця;працювати|night,ніч|home,дім;домівка|water,вода|room,кімната|mother,мати;мама|money,гроші|story,історія;розповідь|month,місяць|book,книжка;книга|eye,око|word,слово|side,бік;сторона|head,голова|house,будинок;дім|friend,друг;подруга|father,батько;тато
""".trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "|").map { pair in
  let p = pair.split(separator: ",")
  return (String(p[0]), p[1].split(separator: ";").map(String.init))
}

var rng = SplitMix64(state: 7)
var lines: [String] = []
var n = 0
func json(_ s: String) -> String {
  var out = "\""
  for c in s.unicodeScalars {
    switch c {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    default: out.unicodeScalars.append(c)
    }
  }
  return out + "\""
}
func event(_ at: String, _ type: String, _ payload: String) {
  n += 1
  lines.append("{\"version\":1,\"id\":\"demo-\(n)\",\"at\":\"\(at)\",\"type\":\"\(type)\",\"payload\":{\(payload)}}")
}
func pad(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }

// Days 2026-02-15 … 2026-03-14 (Kyiv, UTC+2 all along).
let firstDay = 20_499  // 2026-02-15
func dateText(_ d: Int) -> String {
  let z = d + 719_468
  let era = z / 146_097, doe = z - era * 146_097
  let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
  let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
  let mp = (5 * doy + 2) / 153
  let day = doy - (153 * mp + 2) / 5 + 1
  let m = mp < 10 ? mp + 3 : mp - 9
  return "\(yoe + era * 400 + (m <= 2 ? 1 : 0))-\(pad(m))-\(pad(day))"
}
var nextSurah = 111
var lessons: [(day: Int, range: String)] = []
var added: [(index: Int, day: Int)] = []
var nextWord = 0
for d in firstDay..<(firstDay + 28) {
  let date = dateText(d)
  if rng.unit() < 0.12 { continue }  // a missed day now and then
  var minute = 6 * 60 + 10 + Int(rng.unit() * 40)
  func at() -> String { minute += 3 + Int(rng.unit() * 5); return "\(date)T\(pad(minute / 60)):\(pad(minute % 60)):00+02:00" }
  event(at(), "plan.opened", "\"date\":\"\(date)\"")
  // Recent revision of the last lessons (within a week).
  for l in lessons where d - l.day <= 7 {
    let grade = rng.unit() < 0.8 ? 3 : (rng.unit() < 0.5 ? 4 : 2)
    let secs = 40 + Int(rng.unit() * 60)
    event(at(), "recitation", "\"range\":\"\(l.range)\",\"tier\":\"recent\",\"grade\":\(grade),\"mistakes\":\(grade == 2 ? 2 : 0),\"hesitations\":0,\"seconds\":\(secs)")
    event(at(), "plan.itemDone", "\"date\":\"\(date)\",\"item\":\"quran:recent:\(l.range)\",\"seconds\":\(secs)")
  }
  // Old revision: one of the memorised surahs every other day.
  if d % 2 == 0 {
    let s = 112 + (d / 2) % 3
    event(at(), "recitation", "\"range\":\"\(s)\",\"tier\":\"old\",\"grade\":4,\"mistakes\":0,\"hesitations\":0,\"seconds\":\(30 + Int(rng.unit() * 20))")
  }
  // The new lesson: the next surah, most days.
  if nextSurah >= 100 && rng.unit() < 0.85 {
    let range = "\(nextSurah)"
    let grade = rng.unit() < 0.75 ? 3 : 2
    let secs = 420 + Int(rng.unit() * 300)
    event(at(), "recitation", "\"range\":\"\(range)\",\"tier\":\"new\",\"grade\":\(grade),\"mistakes\":\(grade == 2 ? 3 : 1),\"hesitations\":1,\"seconds\":\(secs)")
    event(at(), "plan.itemDone", "\"date\":\"\(date)\",\"item\":\"quran:new:\(range)\",\"seconds\":\(secs)")
    lessons.append((d, range))
    nextSurah -= 1
  }
  // Vocabulary: reviews on a widening schedule, then up to three new words.
  minute += 60 * 5
  for a in added {
    let age = d - a.day
    guard [1, 3, 7, 14, 21].contains(age) else { continue }
    let w = words[a.index]
    if rng.unit() < 0.1 {
      event(at(), "plan.itemSkipped", "\"date\":\"\(date)\",\"item\":\"word:\(w.0)\"")
      continue
    }
    let roll = rng.unit()
    let verdict = roll < 0.8 ? "right" : (roll < 0.9 ? "typo" : "wrong")
    let answer = verdict == "wrong" ? "не знаю" : w.1[0]
    let secs = 5 + Int(rng.unit() * 10)
    event(at(), "word.quizzed", "\"english\":\(json(w.0)),\"answer\":\(json(answer)),\"verdict\":\"\(verdict)\",\"seconds\":\(secs)")
    event(at(), "plan.itemDone", "\"date\":\"\(date)\",\"item\":\"word:\(w.0)\",\"seconds\":\(secs)")
  }
  for _ in 0..<3 where nextWord < words.count - 8 {
    let w = words[nextWord]
    event(at(), "word.added", "\"english\":\(json(w.0)),\"ukrainian\":[\(w.1.map(json).joined(separator: ","))]")
    added.append((nextWord, d))
    nextWord += 1
  }
  if rng.unit() < 0.3, let a = added.last {
    event(at(), "word.lookedUp", "\"english\":\(json(words[a.index].0))")
  }
}
// Words added in the dictionary but not yet studied (the plan's new words).
for i in nextWord..<words.count {
  let w = words[i]
  event("2026-03-14T20:\(pad(i)):00+02:00", "word.added", "\"english\":\(json(w.0)),\"ukrainian\":[\(w.1.map(json).joined(separator: ","))]")
}
let events = lines.joined(separator: "\n") + "\n"

var stale: [String] = []
func write(_ path: String, _ text: String) {
  if check {
    if FileManager.default.contents(atPath: path) != Data(text.utf8) { stale.append(path) }
    return
  }
  do { try text.write(toFile: path, atomically: true, encoding: .utf8) } catch {
    FileHandle.standardError.write(Data("generate-demo-learner: cannot write \(path): \(error)\n".utf8)); exit(1)
  }
}
write("Plans/demo/learner/profile.json", profile)
write("Plans/demo/learner/events.jsonl", events)
write(locate("DemoLearner.generated.swift", default: "Sources/DailyPlanning/DemoLearner.generated.swift"), """
// GENERATED by Scripts/generate-demo-learner.swift: do not edit. The demo learner of
// Plans/demo/learner/, embedded so an installed `planner today --demo` has it.

extension DemoLearner {
  /// The demo's own date: `planner today --demo` plans it unless --date is given.
  public static let date = "\(demoDate)"
  public static let profileJSON = #\"\"\"
  \(profile.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  "))\"\"\"#
  public static let eventsJSONL = #\"\"\"
  \(events.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  "))\"\"\"#
}

""")
if check {
  guard stale.isEmpty else {
    FileHandle.standardError.write(Data("generate-demo-learner: out of date: \(stale.joined(separator: ", ")): run swift Scripts/generate-demo-learner.swift\n".utf8))
    exit(1)
  }
  print("the demo learner files are up to date")
} else {
  print("wrote the demo learner: \(lines.count) events")
}
