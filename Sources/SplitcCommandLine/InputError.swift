/// Input that `splitc` cannot even start on: a missing path, an unreadable file, an unknown
/// experiment. Reported as one `splitc: error:` line, exit code 2.
package struct InputError: Error, Equatable {
    /// What went wrong, naming the path or value concerned.
    package var message: String

    package init(_ message: String) {
        self.message = message
    }
}
