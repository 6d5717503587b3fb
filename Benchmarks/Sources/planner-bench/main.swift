let benchArguments = Array(CommandLine.arguments.dropFirst())
if benchArguments.first == "optimizer" {
  OptimizerBenchmark.run(Array(benchArguments.dropFirst()))
} else {
  print("{}")
}
