/// Why `swift package split-tests` or `split-tests-generate` stopped, as SwiftPM prints it: one
/// `error:` line.
public struct CommandFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, and what to do about it.
    public var description: String

    /// Creates a failure that reads `description`.
    public init(_ description: String) {
        self.description = description
    }
}
