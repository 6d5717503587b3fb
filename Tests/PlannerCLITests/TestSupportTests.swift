import Foundation
import Testing
import TestSupport

/// The shared test helpers do what the tests rely on: a missing fixture fails naming the file,
/// temporary folders go away, the CLI runner captures both streams.
@Suite("TestSupport")
struct TestSupportTests {
  @Test("a missing fixture is an error naming the file")
  func missingFixture() {
    #expect(throws: Fixtures.Missing.self) { try Fixtures.url("Tests/Fixtures/no-such-file.json") }
    do {
      _ = try Fixtures.data("Tests/Fixtures/no-such-file.json")
      Issue.record("no error for a missing fixture")
    } catch {
      #expect("\(error)".hasPrefix("fixture missing: Tests/Fixtures/no-such-file.json"))
    }
  }

  @Test("every fixture folder has a README and is inside the repository")
  func fixtureFolders() throws {
    for folder in [Fixtures.quranData, Fixtures.fsrsGoldenVectors, Fixtures.optimizer] {
      #expect(try Fixtures.url(folder).path.hasPrefix(Fixtures.packageRoot.path + "/"))
      #expect(try Fixtures.text(folder + "/README.md").contains("SHA-256"), "\(folder)/README.md")
    }
    #expect(FileManager.default.fileExists(atPath: Fixtures.packageRoot.appendingPathComponent("Package.swift").path))
  }

  struct Thrown: Error {}

  @Test("TemporaryFolder.with removes its folder, also when the body throws")
  func temporaryFolderRemoved() throws {
    var seen = ""
    TemporaryFolder.with { path in
      seen = path
      _ = FileManager.default.createFile(atPath: path + "/f", contents: Data("x".utf8))
      #expect(FileManager.default.fileExists(atPath: path + "/f"))
    }
    #expect(!seen.isEmpty && !FileManager.default.fileExists(atPath: seen))
    #expect(throws: Thrown.self) {
      try TemporaryFolder.with { path in
        seen = path
        throw Thrown()
      }
    }
    #expect(!FileManager.default.fileExists(atPath: seen))
    #expect(seen.hasPrefix(TemporaryFolder.root + "/"))
    var instancePath = ""
    do {
      let tmp = TemporaryFolder("instance")
      instancePath = tmp.path
      tmp.write("a", "b")
      #expect(tmp.read("a") == "b")
    }
    #expect(!FileManager.default.fileExists(atPath: instancePath))
  }

  @Test("runCLI captures the exit code and both streams")
  func runner() {
    let ok = runCLI(["--version"])
    #expect(ok.code == 0 && !ok.out.isEmpty && ok.err.isEmpty)
    let bad = runCLI(["no-such-command"])
    #expect(bad.code == 64 && bad.out.isEmpty && bad.err.hasPrefix("planner: "))
  }
}
