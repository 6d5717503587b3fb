@testable import Nightly
@testable import PlannerCore
import Testing

@Suite("Sharding")
struct ShardingTests {
  @Test("FNV-1a 64 matches the published test vectors")
  func fnvVectors() {
    // From the FNV reference test suite (test_fnv.c, FNV1A_64 column).
    #expect(FNV1a64.hash("") == 0xcbf2_9ce4_8422_2325)
    #expect(FNV1a64.hash("a") == 0xaf63_dc4c_8601_ec8c)
    #expect(FNV1a64.hash("b") == 0xaf63_df4c_8601_f1a5)
    #expect(FNV1a64.hash("foo") == 0xdcb2_7518_fed9_d577)
    #expect(FNV1a64.hash("foobar") == 0x8594_4171_f739_67e8)
    #expect(FNV1a64.offsetBasis == 14_695_981_039_346_656_037)
    #expect(FNV1a64.prime == 1_099_511_628_211)
  }

  @Test("non-ASCII folder names hash their UTF-8 bytes, without normalization")
  func utf8Bytes() {
    // Values from an independent Python implementation over str.encode("utf-8").
    #expect(FNV1a64.hash("олена") == 0x9e5b_d906_1887_eb26)
    #expect(FNV1a64.hash("فاطمة") == 0x238b_91b8_4461_2f72)
    #expect(FNV1a64.hash("\u{E9}") == 0x0ac2_1707_b718_1e01)
    #expect(FNV1a64.hash("e\u{301}") == 0xc0c9_d418_ee80_2e1f)
    #expect(FNV1a64.hash("олена") == FNV1a64.hash(Array("олена".utf8)))
  }

  @Test("shard assignment is fixed across versions", arguments: [
    ("learner-0001", [1, 1, 7, 15]),
    ("learner-0002", [2, 3, 4, 12]),
    ("amina", [2, 3, 4, 4]),
    ("олена", [1, 2, 7, 7]),
    ("فاطمة", [1, 2, 3, 3]),
  ])
  func fixedAssignment(name: String, expected: [Int]) {
    let counts = [2, 3, 8, 16]
    #expect(counts.map { Shard.shardIndex(of: name, count: $0) } == expected)
  }

  @Test("for N = 1…16 the shards plan every learner exactly once")
  func coverage() throws {
    var generator = NameRandom(seed: 7)
    var names = (0..<2000).map { "learner-\($0)" }
    names += (0..<500).map { _ in randomName(&generator) }
    names += ["", "a", "олена", "فاطمة", "e\u{301}", "\u{E9}"]
    var unique: [String] = []
    var known = Set<String>()
    for name in names where known.insert(name).inserted { unique.append(name) }
    #expect(unique.count > 2400)
    for count in 1...16 {
      var seen: [String: Int] = [:]
      for index in 1...count {
        let shard = try Shard(index: index, count: count)
        let chosen = shard.select(unique)
        #expect(!chosen.isEmpty, "shard \(index)/\(count) is empty")
        for name in chosen {
          seen[name, default: 0] += 1
          #expect(Shard.shardIndex(of: name, count: count) == index)
        }
      }
      #expect(seen.count == unique.count, "N = \(count): some learner is in no shard")
      #expect(seen.values.allSatisfy { $0 == 1 }, "N = \(count): some learner is in two shards")
    }
  }

  @Test("--shard K/N parses")
  func parsesOption() throws {
    #expect(try Shard(parsing: "3/8") == Shard(index: 3, count: 8))
    #expect(try Shard(parsing: "1/1") == Shard.all)
    #expect(try Shard(parsing: "16/16").description == "16/16")
  }

  @Test("--shard rejects what is not K/N with 1 ≤ K ≤ N", arguments: [
    "", "3", "3/", "/8", "3/8/1", "0/4", "5/4", "a/4", "3/x", "3/0", "0/0", "-1/4", "+3/8", " 3/8", "3/8 ",
    "3.0/8", "٣/٨", "99999999999999999999/4",
  ])
  func rejectsOption(text: String) {
    #expect {
      _ = try Shard(parsing: text)
    } throws: { error in
      guard case PlanEngineError.invalidValue(let keyPath, let value, let expected) = error else { return false }
      return keyPath == "--shard" && value == text && expected.contains("K/N")
    }
  }

  @Test("the error for K out of range says shards count from 1")
  func outOfRangeMessage() {
    #expect(throws: PlanEngineError.invalidValue(
      keyPath: "--shard", value: "0/4", expected: "K/N with K from 1 to 4 (shards are numbered from 1)")) {
      try Shard(parsing: "0/4")
    }
  }

  @Test("Kubernetes Indexed Job: K = JOB_COMPLETION_INDEX + 1, N = JOB_COMPLETIONS")
  func kubernetes() throws {
    #expect(try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "0", "JOB_COMPLETIONS": "4"]) == Shard(index: 1, count: 4))
    #expect(try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "3", "JOB_COMPLETIONS": "4"]) == Shard(index: 4, count: 4))
  }

  @Test("Slurm array: K = SLURM_ARRAY_TASK_ID − SLURM_ARRAY_TASK_MIN + 1, N = SLURM_ARRAY_TASK_COUNT")
  func slurm() throws {
    let environment = ["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "3", "SLURM_ARRAY_TASK_COUNT": "4"]
    #expect(try Shard.fromEnvironment(environment) == Shard(index: 3, count: 4))
    let first = ["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "8"]
    #expect(try Shard.fromEnvironment(first) == Shard(index: 1, count: 8))
  }

  @Test("no array-job variables means no sharding; --shard wins over the environment")
  func precedence() throws {
    #expect(try Shard.fromEnvironment(["HOME": "/root"]) == nil)
    #expect(try Shard.resolve(option: nil, environment: [:]) == .all)
    let kubernetes = ["JOB_COMPLETION_INDEX": "1", "JOB_COMPLETIONS": "4"]
    #expect(try Shard.resolve(option: nil, environment: kubernetes) == Shard(index: 2, count: 4))
    #expect(try Shard.resolve(option: "7/8", environment: kubernetes) == Shard(index: 7, count: 8))
  }

  @Test("bad array-job variables are errors naming the variable", arguments: [
    (["JOB_COMPLETION_INDEX": "0"], "JOB_COMPLETIONS"),
    (["JOB_COMPLETION_INDEX": "x", "JOB_COMPLETIONS": "4"], "JOB_COMPLETION_INDEX"),
    (["JOB_COMPLETION_INDEX": "0", "JOB_COMPLETIONS": "-4"], "JOB_COMPLETIONS"),
    (["JOB_COMPLETION_INDEX": "4", "JOB_COMPLETIONS": "4"], "environment"),
    (["JOB_COMPLETION_INDEX": "0", "JOB_COMPLETIONS": "0"], "environment"),
    (["SLURM_ARRAY_TASK_ID": "3"], "SLURM_ARRAY_TASK_MIN"),
    (["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "0"], "SLURM_ARRAY_TASK_COUNT"),
    (["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "3", "SLURM_ARRAY_TASK_COUNT": "4"], "SLURM_ARRAY_TASK_ID"),
    (["SLURM_ARRAY_TASK_ID": "14", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "8"], "environment"),
    (["JOB_COMPLETION_INDEX": "0", "JOB_COMPLETIONS": "2", "SLURM_ARRAY_TASK_ID": "0"], "JOB_COMPLETION_INDEX"),
  ])
  func environmentErrors(environment: [String: String], keyPath: String) {
    #expect {
      _ = try Shard.resolve(option: nil, environment: environment)
    } throws: { error in
      guard case PlanEngineError.invalidValue(let path, _, _) = error else { return false }
      return path == keyPath
    }
  }

  @Test("a stepped Slurm array is explained")
  func steppedArrayMessage() {
    let environment = ["SLURM_ARRAY_TASK_ID": "14", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "8"]
    #expect {
      _ = try Shard.fromEnvironment(environment)
    } throws: { error in
      "\(error)".contains("got 15/8") && "\(error)".contains("without a step")
    }
  }

  private func randomName(_ generator: inout NameRandom) -> String {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789-_абвгґдеєжзиіїйклмнопрстуфхцчшщьюяابتثجحخدذرزسشصضطظعغفقكلمنهوي")
    let length = Int(generator.next() % 16) + 1
    return String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
  }
}

/// SplitMix64 (Steele, Lea, Flood 2014): a small seeded generator so the test names are fixed.
private struct NameRandom {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9e37_79b9_7f4a_7c15
    var z = state
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }
}
