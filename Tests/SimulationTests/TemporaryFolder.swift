import Foundation

// The learner tests' helper, copied until the shared test-support target (Tests/TestSupport) lands.
/// A fresh temporary folder per test, removed at the end.
final class TemporaryFolder {
  let path: String
  init() {
    path = NSTemporaryDirectory() + "planner-learner-\(UUID().uuidString)"
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }
  deinit { try? FileManager.default.removeItem(atPath: path) }

  func file(_ name: String) -> String { path + "/" + name }
  func read(_ name: String) -> String { (try? String(contentsOfFile: file(name), encoding: .utf8)) ?? "" }
  func write(_ name: String, _ text: String) { try! text.write(toFile: file(name), atomically: false, encoding: .utf8) }
  func append(_ name: String, _ text: String) {
    let h = FileHandle(forWritingAtPath: file(name))!
    h.seekToEndOfFile()
    h.write(Data(text.utf8))
    try! h.close()
  }
}
