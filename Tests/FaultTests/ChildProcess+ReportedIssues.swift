import TestTools

extension ChildProcess {
    /// The issues a store or service reported in a test support executable: the lines it printed
    /// on standard error with `issue:`.
    var reportedIssues: [String] {
        errors.split(separator: "\n").filter { $0.hasPrefix("issue:") }.map(String.init)
    }
}
