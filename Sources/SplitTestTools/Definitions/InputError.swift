/// Input that a tool cannot even start on: a missing path, an unreadable file, an unknown
/// experiment. `splitc` reports it as one `splitc: error:` line with exit code 2; the decision
/// service refuses to start (or to reload) with it.
public struct InputError: Error, Equatable, CustomStringConvertible {
    /// What went wrong, naming the path or value concerned.
    public var message: String

    /// The message.
    public var description: String { message }

    /// Creates an error with its message.
    public init(_ message: String) {
        self.message = message
    }
}
