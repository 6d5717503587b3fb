import Foundation

/// Where the tests find their files: everything is inside this repository, located from this
/// file's own path (`Tests/TestSupport/Fixtures.swift`), never beside it (no `../shared`).
/// A missing file is an error naming it, so a test fails instead of passing vacuously.
public enum Fixtures {
  /// The package root: the folder holding Package.swift.
  public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// A missing fixture: the test fails with this message.
  public struct Missing: Error, CustomStringConvertible {
    public var path: String
    public var description: String {
      "fixture missing: \(path) (it is committed in the repository; see docs/testing.md)"
    }
  }

  /// The URL of a file or folder given relative to the package root; throws ``Missing`` if absent.
  public static func url(_ relativePath: String) throws -> URL {
    precondition(!relativePath.hasPrefix("/") && !relativePath.split(separator: "/").contains(".."),
                 "fixtures live inside the repository: \(relativePath)")
    let url = packageRoot.appendingPathComponent(relativePath)
    guard FileManager.default.fileExists(atPath: url.path) else { throw Missing(path: relativePath) }
    return url
  }

  /// The absolute path of a file or folder given relative to the package root.
  public static func path(_ relativePath: String) throws -> String { try url(relativePath).path }

  /// The bytes of a file given relative to the package root.
  public static func data(_ relativePath: String) throws -> Data {
    try Data(contentsOf: url(relativePath))
  }

  /// The UTF-8 text of a file given relative to the package root.
  public static func text(_ relativePath: String) throws -> String {
    String(decoding: try data(relativePath), as: UTF8.self)
  }

  /// A JSON object file given relative to the package root.
  public static func jsonObject(_ relativePath: String) throws -> [String: Any] {
    guard let object = try JSONSerialization.jsonObject(with: data(relativePath)) as? [String: Any] else {
      throw Missing(path: relativePath + " (not a JSON object)")
    }
    return object
  }

  /// The Quran structure data (the product's own copy, also the generator's input).
  public static let quranData = "Plans/quran"
  /// The FSRS-6 golden vectors (a resource of MemoryModelsTests).
  public static let fsrsGoldenVectors = "Tests/MemoryModelsTests/Fixtures"
  /// The optimizer fixture the benchmark smoke test reads.
  public static let optimizer = "Tests/Fixtures/optimizer"
}

extension Fixtures {
  /// A built executable of this package (`planner`, `planner-bench`): next to the running test
  /// bundle, else in `.build/debug`. `swift test` builds them; a missing one is an error naming
  /// it, never a skipped test.
  public static func executable(_ name: String) throws -> URL {
    let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var candidates = [exe.deletingLastPathComponent().appendingPathComponent(name)]
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      candidates.append(URL(fileURLWithPath: bundle.bundlePath).deletingLastPathComponent().appendingPathComponent(name))
    }
    candidates.append(packageRoot.appendingPathComponent(".build/debug/" + name))
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
      throw Missing(path: ".build/debug/\(name) (the executable; swift test and swift build --build-tests build it)")
    }
    return found
  }
}
