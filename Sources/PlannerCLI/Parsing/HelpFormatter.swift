/// Renders `--help` and usage lines from the same ``CommandSpec`` that drives parsing.
enum HelpFormatter {
  static let toolName = "planner"

  /// `planner replay --revlog <FILE> [--model <NAME>] …`
  static func usageLine(_ path: [CommandSpec]) -> String {
    let last = path[path.count - 1]
    // Parent positionals come before the subcommand name: `record <DIR> word add …`.
    var parts = [toolName]
    for (i, spec) in path.enumerated() {
      if i > 0 { parts.append(spec.name) }
      if i < path.count - 1 { parts += spec.positionals.map(positionalUsage) }
    }
    for option in last.options { parts.append(optionUsage(option)) }
    for spec in path.dropLast().flatMap(\.options) where isRequired(spec) { parts.append(optionUsage(spec)) }
    parts += last.positionals.map(positionalUsage)
    if !last.subcommands.isEmpty || path.count == 1 { parts.append("<subcommand>") }
    return parts.joined(separator: " ")
  }

  static func help(_ path: [CommandSpec]) -> String {
    let spec = path[path.count - 1]
    var out = "OVERVIEW: \(spec.abstract)\n"
    if !spec.discussion.isEmpty { out += "\n\(spec.discussion)\n" }
    out += "\nUSAGE: \(usageLine(path))\n"
    let positionals = path.flatMap(\.positionals)
    if !positionals.isEmpty {
      out += "\nARGUMENTS:\n"
      for p in positionals { out += row("<\(p.name)>" + (isVariadic(p) ? " ..." : ""), p.help) }
    }
    out += "\nOPTIONS:\n"
    for o in path.flatMap(\.options) { out += row(optionLabel(o), optionHelp(o)) }
    if path.count == 1 { out += row("--version", "Show the version.") }
    out += row("-h, --help", "Show help information.")
    if !spec.subcommands.isEmpty {
      out += "\nSUBCOMMANDS:\n"
      for sub in spec.subcommands { out += row(sub.name, sub.abstract) }
      let prefix = ([toolName] + path.dropFirst().map(\.name)).joined(separator: " ")
      out += "\n  See '\(prefix) <subcommand> --help' for detailed help.\n"
    }
    return out
  }

  private static func row(_ label: String, _ text: String) -> String {
    let pad = 26
    if label.count + 2 < pad {
      return "  " + label + String(repeating: " ", count: pad - label.count - 2) + text + "\n"
    }
    return "  \(label)\n" + String(repeating: " ", count: pad) + text + "\n"
  }

  private static func isRequired(_ spec: ArgumentSpec) -> Bool {
    if case .option(_, _, _, true) = spec.kind { return true }
    return false
  }

  private static func isVariadic(_ spec: ArgumentSpec) -> Bool {
    if case .positional(_, true) = spec.kind { return true }
    return false
  }

  private static func optionLabel(_ spec: ArgumentSpec) -> String {
    switch spec.kind {
    case .option(let valueName, _, _, _): return "--\(spec.name) <\(valueName)>"
    default: return "--\(spec.name)"
    }
  }

  private static func optionHelp(_ spec: ArgumentSpec) -> String {
    if case .option(_, let defaultValue?, _, _) = spec.kind { return "\(spec.help) (default: \(defaultValue))" }
    return spec.help
  }

  private static func optionUsage(_ spec: ArgumentSpec) -> String {
    switch spec.kind {
    case .flag: return "[--\(spec.name)]"
    case .option(let valueName, _, let repeatable, let required):
      let core = "--\(spec.name) <\(valueName)>"
      return required ? core : "[\(core)]" + (repeatable ? " ..." : "")
    case .positional: return positionalUsage(spec)
    }
  }

  private static func positionalUsage(_ spec: ArgumentSpec) -> String {
    guard case .positional(let optional, let variadic) = spec.kind else { return spec.name }
    var s = "<\(spec.name)>"
    if variadic { s += " ..." }
    return optional ? "[\(s)]" : s
  }
}
