/// The exit codes every command shares, and scripts and the plugins rely on.
package enum ExitStatus {
    /// No diagnostics, or warnings only.
    package static let clean: Int32 = 0
    /// The definitions have errors, or the command refuses to go on (a key file that exists, a
    /// rejected control document).
    package static let errors: Int32 = 1
    /// A bad command line, or input that could not be read.
    package static let usage: Int32 = 2
}
