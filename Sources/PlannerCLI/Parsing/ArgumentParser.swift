/// Parses a command line against a tree of ``CommandSpec``s.
///
/// Grammar: `--name VALUE`, `--name=VALUE`, `--flag`, positionals in declared order, `--` ends
/// options, `-h`/`--help` anywhere asks for help. A command's own positionals are consumed
/// before the next bare word selects one of its subcommands, so `record DIR word add EN UK`
/// works. Options of every command on the path apply.
struct ArgumentParser {
  /// What the command line asked for.
  enum Outcome: Sendable {
    case run(ParsedArguments, specPath: [CommandSpec])
    case help(specPath: [CommandSpec])
  }

  /// A usage error together with the command it happened in, for the usage line.
  struct Failure: Error {
    var error: CLIError
    var specPath: [CommandSpec]
  }

  let root: CommandSpec

  func parse(_ arguments: [String]) -> Result<Outcome, Failure> {
    var path: [CommandSpec] = [root]
    var optionValues: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String: [String]] = [:]
    var positionalIndex = 0
    var optionsEnded = false
    var index = 0

    func fail(_ message: String, suggestion: String? = nil) -> Result<Outcome, Failure> {
      .failure(Failure(error: .usage(message, suggestion: suggestion), specPath: path))
    }

    func activeOptions() -> [ArgumentSpec] { path.flatMap(\.options) }

    while index < arguments.count {
      let token = arguments[index]
      index += 1
      if !optionsEnded {
        if token == "--" {
          optionsEnded = true
          continue
        }
        if token == "--help" || token == "-h" {
          return .success(.help(specPath: path))
        }
        if token.hasPrefix("--") {
          let body = token.dropFirst(2)
          let name: String
          var inlineValue: String? = nil
          if let eq = body.firstIndex(of: "=") {
            name = String(body[..<eq])
            inlineValue = String(body[body.index(after: eq)...])
          } else {
            name = String(body)
          }
          guard let spec = activeOptions().last(where: { $0.name == name }) else {
            let candidates = activeOptions().map { "--" + $0.name } + ["--help"] + (path.count == 1 ? ["--version"] : [])
            return fail(
              "unknown option '--\(name)'",
              suggestion: Suggestions.closest(to: "--" + name, among: candidates))
          }
          switch spec.kind {
          case .flag:
            if inlineValue != nil { return fail("--\(name) takes no value") }
            flags.insert(name)
          case .option:
            let value: String
            if let inlineValue {
              value = inlineValue
            } else {
              guard index < arguments.count else { return fail("--\(name) needs a value") }
              value = arguments[index]
              index += 1
            }
            optionValues[name, default: []].append(value)
          case .positional:
            break
          }
          continue
        }
        if token.count > 1, token.hasPrefix("-"), Double(token) == nil {
          let candidates = activeOptions().map { "--" + $0.name } + ["--help"]
          return fail(
            "unknown option '\(token)'",
            suggestion: Suggestions.closest(to: "-" + token, among: candidates))
        }
      }
      // A bare word: the next positional of the current command, or a subcommand.
      let current = path[path.count - 1]
      let declared = current.positionals
      if positionalIndex < declared.count {
        let spec = declared[positionalIndex]
        if case .positional(_, let variadic) = spec.kind, variadic {
          positionals[spec.name, default: []].append(token)
        } else {
          positionals[spec.name] = [token]
          positionalIndex += 1
        }
        continue
      }
      if !current.subcommands.isEmpty || path.count == 1 {
        guard let sub = current.subcommand(named: token) else {
          let what = path.count == 1 ? "command" : "subcommand of '\(path.dropFirst().map(\.name).joined(separator: " "))'"
          return fail(
            "unknown \(what) '\(token)'",
            suggestion: Suggestions.closest(to: token, among: current.subcommands.map(\.name)))
        }
        path.append(sub)
        positionalIndex = 0
        continue
      }
      return fail("unexpected argument '\(token)'")
    }

    let last = path[path.count - 1]
    if path.count == 1 {
      return .success(.help(specPath: path))
    }
    for spec in path.flatMap(\.positionals) {
      if case .positional(let optional, _) = spec.kind, !optional, positionals[spec.name] == nil {
        return fail("missing <\(spec.name)>")
      }
    }
    if !last.subcommands.isEmpty && !last.runsWithoutSubcommand {
      return fail(
        "missing subcommand: one of \(last.subcommands.map(\.name).joined(separator: ", "))")
    }
    var defaults: [String: String] = [:]
    for spec in path.flatMap(\.options) {
      if case .option(_, let defaultValue, _, let required) = spec.kind {
        if required, optionValues[spec.name] == nil { return fail("missing --\(spec.name)") }
        if let defaultValue { defaults[spec.name] = defaultValue }
      }
    }
    let parsed = ParsedArguments(
      commandPath: path.dropFirst().map(\.name), options: optionValues, defaults: defaults,
      flags: flags, positionals: positionals)
    return .success(.run(parsed, specPath: path))
  }
}
