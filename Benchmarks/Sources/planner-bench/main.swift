let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "replay": ReplayScenario.run(Array(arguments.dropFirst()))
default: print("{}")
}
