/// Reports a failing write once per run of failures, so that a full disk does not flood the
/// app's log, and again once a write has succeeded in between.
struct WriteFailureLatch: Sendable {
    private var failing = false

    /// Records a successful write.
    mutating func succeeded() {
        failing = false
    }

    /// Records a failed write; `true` when it starts a run of failures and deserves a report.
    mutating func failed() -> Bool {
        defer { failing = true }
        return !failing
    }
}
