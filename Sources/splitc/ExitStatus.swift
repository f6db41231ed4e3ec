/// The exit codes of SPEC §5.
enum ExitStatus {
    /// No diagnostics, or warnings only.
    static let clean: Int32 = 0
    /// The definitions have errors, or the command refuses to go on (a key file that exists, a
    /// rejected control document).
    static let errors: Int32 = 1
    /// A bad command line, or input that could not be read.
    static let usage: Int32 = 2
}
