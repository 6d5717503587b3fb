#!/usr/bin/env swift
// Extracts the pooled figures the truth models are calibrated to from the real review logs'
// calibration file, and rewrites the generated block of
// Sources/Simulation/Truth/TruthCalibrationTargets.swift. Only the pooled figures
// (every review of the 17 learners together) are committed; the per-learner figures stay in
// ../shared.
//     swift Scripts/extract-calibration-targets.swift [PATH/calibration.json] [--check]   # from anywhere
// PATH defaults to ../shared/data/reviews/calibration.json; --check writes nothing and fails
// (exit 1) when the committed table differs from what the file gives.
// Then refit the truths: swift build -c release --product planner-bench &&
//     .build/release/planner-bench truth-fit   (paste the constants into CalibratedTruths.swift)

import Foundation

// Paths are relative to the package root, wherever the script is run from.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path
let arguments = CommandLine.arguments.dropFirst()
let check = arguments.contains("--check")
let paths = arguments.filter { $0 != "--check" }
guard paths.count <= 1, !paths.contains(where: { $0.hasPrefix("-") }) else {
  FileHandle.standardError.write(Data("usage: swift Scripts/extract-calibration-targets.swift [PATH/calibration.json] [--check]\n".utf8))
  exit(64)
}
let source = paths.first ?? packageRoot + "/../shared/data/reviews/calibration.json"
let target = packageRoot + "/Sources/Simulation/Truth/TruthCalibrationTargets.swift"
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("extract-calibration-targets: \(message)\n".utf8))
  exit(1)
}
guard let data = FileManager.default.contents(atPath: source),
  let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
  let pooled = root["pooled"] as? [String: Any]
else { fail("\(source): expected a JSON object with a \"pooled\" object") }

let ratings = ["again", "hard", "good", "easy"]
func object(_ o: [String: Any], _ key: String, _ path: String) -> [String: Any] {
  guard let v = o[key] as? [String: Any] else { fail("\(source): \(path).\(key): expected an object") }
  return v
}
func number(_ o: [String: Any], _ key: String, _ path: String) -> Double {
  guard let v = o[key] as? NSNumber else { fail("\(source): \(path).\(key): expected a number") }
  return v.doubleValue
}
func mix(_ key: String) -> [Double] {
  let o = object(pooled, key, "pooled")
  return ratings.map { number(o, $0, "pooled.\(key)") }
}
let buckets = ["1", "2-3", "4-7", "8-15", "16-31", "32-63", "64+"]
let recall = object(pooled, "recall_by_elapsed_days", "pooled")
let times = object(pooled, "answer_time_ms", "pooled")
func medians(_ kind: String) -> [Double] {
  let o = object(times, kind, "pooled.answer_time_ms")
  return ratings.map { number(object(o, $0, "pooled.answer_time_ms.\(kind)"), "median", "pooled.answer_time_ms.\(kind).\($0)") / 1000 }
}
func list(_ xs: [Double]) -> String { "[" + xs.map { "\($0)" }.joined(separator: ", ") + "]" }

let block = """
  // BEGIN GENERATED (Scripts/extract-calibration-targets.swift)
  public static let pooled = TruthCalibrationTargets(
    firstRatingMix: \(list(mix("first_rating_mix"))),
    reviewRatingMix: \(list(mix("review_rating_mix"))),
    recallByBucket: \(list(buckets.map { number(object(recall, $0, "pooled.recall_by_elapsed_days"), "recall", "pooled.recall_by_elapsed_days.\($0)") })),
    reviewsByBucket: [\(buckets.map { String(Int(number(object(recall, $0, "pooled.recall_by_elapsed_days"), "n", "pooled.recall_by_elapsed_days.\($0)"))) }.joined(separator: ", "))],
    firstMedianSeconds: \(list(medians("first_review"))),
    reviewMedianSeconds: \(list(medians("long_term_review"))))
  // END GENERATED
"""
guard let text = try? String(contentsOfFile: target, encoding: .utf8),
  let start = text.range(of: "  // BEGIN GENERATED"), let end = text.range(of: "// END GENERATED")
else { fail("\(target): expected the generated block (run from the package root)") }
let updated = text.replacingCharacters(in: start.lowerBound..<end.upperBound, with: block)
if updated == text { print("\(target) is up to date"); exit(0) }
if check { fail("\(target) differs from what \(source) gives; run the script without --check") }
do { try updated.write(toFile: target, atomically: true, encoding: .utf8) } catch { fail("\(target): \(error)") }
print("wrote \(target)")
