/// A failure a harness reports before exiting: bad arguments, or a corpus the compiler rejected.
public struct BenchError: Error, CustomStringConvertible {
    /// What went wrong, for the person running `run.sh`.
    public var description: String

    /// Creates an error with its message.
    public init(_ description: String) { self.description = description }
}
