import PlannerCore
extension Shard {
  /// The shard to run: `--shard K/N` when given, otherwise the array-job variables of the
  /// scheduler that started the process, otherwise `.all`.
  ///
  /// - Kubernetes Indexed Job: K = `JOB_COMPLETION_INDEX` + 1, N = `JOB_COMPLETIONS`
  ///   (Kubernetes sets the index; the Job's pod template must set `JOB_COMPLETIONS` to
  ///   `spec.completions`, see docs/operations.md).
  /// - Slurm job array: K = `SLURM_ARRAY_TASK_ID` − `SLURM_ARRAY_TASK_MIN` + 1,
  ///   N = `SLURM_ARRAY_TASK_COUNT` (the array must have no step, e.g. `--array=0-7`).
  ///
  /// Setting both families of variables is an error rather than a silent choice.
  public static func resolve(option: String?, environment: [String: String]) throws(PlanEngineError) -> Shard {
    if let option { return try Shard(parsing: option) }
    return try fromEnvironment(environment) ?? .all
  }

  /// The shard the environment describes, or nil when no array-job variable is set.
  public static func fromEnvironment(_ environment: [String: String]) throws(PlanEngineError) -> Shard? {
    let kubernetes = environment["JOB_COMPLETION_INDEX"] != nil
    let slurm = environment["SLURM_ARRAY_TASK_ID"] != nil
    if kubernetes && slurm {
      throw .invalidValue(
        keyPath: "JOB_COMPLETION_INDEX", value: environment["JOB_COMPLETION_INDEX"]!,
        expected: "either Kubernetes (JOB_COMPLETION_INDEX) or Slurm (SLURM_ARRAY_TASK_ID) variables, not both; pass --shard K/N to choose")
    }
    if kubernetes {
      let completionIndex = try number("JOB_COMPLETION_INDEX", in: environment,
                                       meaning: "the pod's completion index, from 0")
      let completions = try number("JOB_COMPLETIONS", in: environment,
                                   meaning: "the Job's spec.completions, set in the pod template next to JOB_COMPLETION_INDEX")
      return try environmentShard(index: completionIndex + 1, count: completions,
                                  variables: "JOB_COMPLETION_INDEX=\(completionIndex), JOB_COMPLETIONS=\(completions)")
    }
    if slurm {
      let taskID = try number("SLURM_ARRAY_TASK_ID", in: environment, meaning: "the array task id")
      let minimum = try number("SLURM_ARRAY_TASK_MIN", in: environment, meaning: "the lowest array task id")
      let taskCount = try number("SLURM_ARRAY_TASK_COUNT", in: environment, meaning: "the number of array tasks")
      guard taskID >= minimum else {
        throw .invalidValue(keyPath: "SLURM_ARRAY_TASK_ID", value: String(taskID),
                            expected: "an id at least SLURM_ARRAY_TASK_MIN (\(minimum))")
      }
      return try environmentShard(
        index: taskID - minimum + 1, count: taskCount,
        variables: "SLURM_ARRAY_TASK_ID=\(taskID), SLURM_ARRAY_TASK_MIN=\(minimum), SLURM_ARRAY_TASK_COUNT=\(taskCount)")
    }
    return nil
  }

  private static func environmentShard(index: Int, count: Int, variables: String) throws(PlanEngineError) -> Shard {
    do {
      return try Shard(index: index, count: count)
    } catch {
      throw .invalidValue(
        keyPath: "environment", value: variables,
        expected: "shard K from 1 to N (got \(index)/\(count)); a Slurm array must be contiguous, without a step (--array=0-7, not --array=0-14:2)")
    }
  }

  private static func number(_ name: String, in environment: [String: String], meaning: String) throws(PlanEngineError) -> Int {
    guard let text = environment[name] else {
      throw .invalidValue(keyPath: name, value: "", expected: "\(meaning); it is not set")
    }
    guard let value = decimal(Substring(text)) else {
      throw .invalidValue(keyPath: name, value: text, expected: "\(meaning), a whole number")
    }
    return value
  }
}
