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

  var json: String {
    var fields = ["\"code\":\(Self.quote(code))", "\"message\":\(Self.quote(message))"]
    if let file { fields.append("\"file\":\(Self.quote(file))") }
    if let line { fields.append("\"line\":\(line)") }
    if let keyPath { fields.append("\"keyPath\":\(Self.quote(keyPath))") }
    fields.append("\"exitCode\":\(exitCode)")
    return "{\"error\":{" + fields.joined(separator: ",") + "}}"
  }

  static func quote(_ s: String) -> String { JSONValue.quoted(s) }
}
