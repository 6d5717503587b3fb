import Foundation
@testable import LearnerStore
@testable import MemoryModels
@testable import PlannerCore
@testable import Simulation
import Testing
import TestSupport

/// `planner simulate --truth-model`: the simulator draws outcomes from the chosen truth, the
/// truth file names it, and the figures still recompute from the files alone.
@Suite("Simulation under each truth model")
struct TruthSimulationTests {
  static let models = TruthModelName.allCases.filter { $0 != .power }

  @Test("the hidden memory replayed from the events is the simulation's own, state for state", arguments: models)
  func replayMatches(model: TruthModelName) throws {
    for index in 0..<3 {
      let learner = SimulatedLearner.draw(index: index, count: 3, days: 60, seed: 5)
      let run = try LearnerSimulation.run(learner, policy: .planner, days: 60, start: simulationStart, seed: 5, truth: model.truth)
      #expect(run.hidden.cards.isEmpty && !run.hidden.states.isEmpty)
      let truth = LearnerTruth(learner: learner, items: run.hidden.items, end: [:], truthModel: model)
      let (_, replayed) = SimulationFigures.measure(profile: run.profile, events: run.events, truth: truth, start: simulationStart, days: 60)
      #expect(replayed.states == run.hidden.states, "\(model) learner \(index)")
    }
  }

  @Test("figures recompute from the written folders and the truth file, which names the model", arguments: [TruthModelName.actr, .exponential])
  func figuresFromFiles(model: TruthModelName) throws {
    let tmp = TemporaryFolder()
    var options = SimulationOptions(learners: 2, days: 45, seed: 3, start: simulationStart, policies: SimulationPolicy.allCases,
                                    out: tmp.file("root"))
    options.truthModel = model
    let report = try Simulator.run(options)
    let text = String(decoding: FileManager.default.contents(atPath: tmp.file("root.truth.jsonl"))!, as: UTF8.self)
    #expect(text.contains("\"truthModel\":\"\(model.rawValue)\""))
    let truths = try LearnerTruth.read(tmp.file("root.truth.jsonl"))
    for (k, policy) in report.options.policies.enumerated() {
      var figures: [LearnerFigures] = []
      for truth in truths {
        #expect(truth.truthModel == model)
        let dir = tmp.file("root/\(policy.rawValue)/\(truth.learner.id)")
        let (profile, _) = try Learner.loadProfile(dir)
        let (f, hidden) = SimulationFigures.measure(profile: profile, events: try Learner.history(dir).events, truth: truth,
                                                    start: simulationStart, days: 45)
        figures.append(f)
        #expect(hidden.endCards == truth.end[policy], "\(policy) \(truth.learner.id)")
      }
      #expect(figures == report.perLearner[k])
    }
  }

  @Test("the truth model changes the outcomes; the default run is unchanged by the option")
  func modelsDiffer() throws {
    func figures(_ m: TruthModelName) throws -> [PolicyFigures] {
      var o = SimulationOptions(learners: 3, days: 40, seed: 8, start: simulationStart, policies: [.planner])
      o.truthModel = m
      return try Simulator.run(o).policies
    }
    let power = try figures(.power)
    #expect(try figures(.power) == power)
    let others = try Self.models.map(figures)
    #expect(Set(([power] + others).map { $0[0].retention }).count == 4)
  }

  @Test("calibrated truths: a new word's first quiz can fail (real first ratings), never under the default")
  func firstQuizCanFail() throws {
    func firstQuizzes(_ m: TruthModelName) throws -> [QuizVerdict] {
      var verdicts: [QuizVerdict] = []
      for index in 0..<6 {
        let learner = SimulatedLearner.draw(index: index, count: 6, days: 30, seed: 2)
        guard learner.quranShare < 1 else { continue }
        let run = try LearnerSimulation.run(learner, policy: .planner, days: 30, start: simulationStart, seed: 2, truth: m.truth)
        var seen = Set<String>()
        for e in run.events {
          if case .wordQuizzed(let en, _, let verdict, _) = e.payload, seen.insert(en).inserted { verdicts.append(verdict) }
        }
      }
      return verdicts
    }
    let legacy = try firstQuizzes(.power)
    #expect(!legacy.isEmpty && legacy.allSatisfy { $0 == .right })
    let actr = try firstQuizzes(.actr)
    let wrong = Double(actr.filter { $0 == .wrong }.count) / Double(actr.count)
    #expect(wrong > 0.1 && wrong < 0.4, "\(wrong) of \(actr.count)")
  }

  @Test("truth files: without truthModel they are the default power law; an unknown model is named in the error")
  func truthFileFormat() throws {
    let learner = SimulatedLearner.draw(index: 0, count: 1, days: 10, seed: 1)
    let line = LearnerTruth(learner: learner, items: [:], end: [:]).line()
    #expect(!String(decoding: line, as: UTF8.self).contains("truthModel"))
    #expect(try LearnerTruth.parse(Array(line.dropLast()), file: "t", line: 1).truthModel == .power)
    let actr = LearnerTruth(learner: learner, items: [:], end: [:], truthModel: .actr).line()
    #expect(try LearnerTruth.parse(Array(actr.dropLast()), file: "t", line: 1).truthModel == .actr)
    let bad = String(decoding: actr, as: UTF8.self).replacingOccurrences(of: "\"actr\"", with: "\"hlr\"")
    #expect(throws: PlanEngineError.malformed(file: "t", line: 3, keyPath: "truthModel",
                                              expected: "one of power, power-calibrated, actr, exponential")) {
      try LearnerTruth.parse(Array(bad.utf8.dropLast()), file: "t", line: 3)
    }
  }
}
