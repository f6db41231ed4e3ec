/// A command that ran but refuses to go on: a key file that exists, a control document that is
/// rejected. Reported as one `splitc: error:` line, exit code 1.
package struct Refusal: Error, Equatable {
    /// What was refused, and why.
    package var message: String

    package init(_ message: String) {
        self.message = message
    }
}
