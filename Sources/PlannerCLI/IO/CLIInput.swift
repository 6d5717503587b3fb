import Foundation

/// Where a command reads standard input from: the process's stdin, fixed bytes, or nothing.
public struct CLIInput: Sendable {
  private let read: @Sendable () -> [UInt8]

  public init(read: @escaping @Sendable () -> [UInt8]) { self.read = read }

  public static let empty = CLIInput { [] }
  public static func bytes(_ bytes: [UInt8]) -> CLIInput { CLIInput { bytes } }
  public static let standardInput = CLIInput {
    Array(FileHandle.standardInput.readDataToEndOfFile())
  }

  public func readAll() -> [UInt8] { read() }
}
