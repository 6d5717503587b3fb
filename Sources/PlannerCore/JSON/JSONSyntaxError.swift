/// Why a byte sequence is not JSON, and where: byte offset (0-based), line and column (1-based).
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  public var offset: Int
  public var line: Int
  public var column: Int
  public var message: String

  public init(offset: Int, line: Int, column: Int, message: String) {
    self.offset = offset
    self.line = line
    self.column = column
    self.message = message
  }

  public var description: String { "line \(line), column \(column) (byte \(offset)): \(message)" }
}
