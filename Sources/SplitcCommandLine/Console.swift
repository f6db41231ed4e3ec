import Foundation

/// Where `splitc` writes: results on standard output, diagnostics and failures on standard error.
package enum Console {
    /// Writes `text` and a newline to standard output.
    package static func output(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Writes `text` and a newline to standard error.
    package static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Writes `message` on standard error as a warning of `splitc`: `splitc: warning: …`.
    package static func warning(_ message: String) {
        error("splitc: warning: \(message)")
    }
}
