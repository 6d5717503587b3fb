import MemoryModels
import PlannerCore

/// An error as the user sees it: a code, a message, and where it points.
struct Diagnostic {
  var code: String
  var message: String
  var file: String?
  var line: Int?
  var keyPath: String?
  var exitCode: Int32

  init(_ error: any Error) {
    switch error {
    case let e as CLIError:
      if case .usage(_, let suggestion) = e {
        code = "usage"
        message = e.description + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
        exitCode = ExitCode.usage
      } else {
        code = "failure"
        message = e.description
        exitCode = ExitCode.failure
      }
    case let e as PlanEngineError:
      code = Self.caseName(e)
      message = e.description
      (file, line, keyPath) = e.location
      exitCode = ExitCode.failure
    case let e as MemoryModelsError:
      code = Self.caseName(e)
      message = e.description
      keyPath = e.keyPath
      exitCode = ExitCode.failure
    default:
      code = "failure"
      message = String(describing: error)
      exitCode = ExitCode.failure
    }
  }

  /// "malformed", "unknownWord", … from the enum case, for machine-readable codes.
  private static func caseName(_ value: Any) -> String {
    let text = String(describing: Mirror(reflecting: value).children.first?.label ?? "\(value)")
    return text.isEmpty ? "failure" : text
  }

  /// `{"error":{"code":…,"message":…,…,"exitCode":…}}` on one compact line (docs/cli.md).
  var json: String {
    var o = JSONObject()
    o["code"] = .string(code)
    o["message"] = .string(message)
    if let file { o["file"] = .string(file) }
    if let line { o["line"] = .number(Double(line)) }
    if let keyPath { o["keyPath"] = .string(keyPath) }
    o["exitCode"] = .number(Double(exitCode))
    return JSONOutput.line(.object(JSONObject(["error": .object(o)])))
  }
}
