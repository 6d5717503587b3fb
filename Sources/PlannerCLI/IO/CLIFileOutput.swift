import PlannerCore

/// The files a command writes with `--out`: through the engine's one atomic writer
/// (`DurableFile.replace`: a temporary file beside the target, fsync, rename, fsync the folder),
/// so a reader never sees half a file and a failed write leaves the old one.
enum CLIFileOutput {
  /// `named` is the path as the user gave it, for the error.
  static func write(_ bytes: [UInt8], to path: String, named: String) throws {
    do throws(PlanEngineError) {
      try DurableFile.replace(path, with: bytes)
    } catch {
      if case .io(_, let reason) = error { throw CLIError.failure("cannot write \(named): \(reason)") }
      throw CLIError.failure("cannot write \(named): \(error.description)")
    }
  }
}
