import SplitTesting

/// What one refresh of ``RemoteControl`` did.
public enum RefreshOutcome: Sendable, Hashable {
    /// The server answered 304 (or served the document already kept): nothing changed.
    case notModified
    /// A new document was verified and kept; it applies at the next start.
    case stored(sequence: Int)
    /// A new document was verified, kept and put in force at once
    /// (``RemoteControlConfiguration/applyImmediately``).
    case applied(sequence: Int)
    /// The refresh failed; the issue was reported and the document in force stays.
    case failed(SplitTestingIssue)
    /// ``RemoteControl/start(service:)`` has not been called, or ``RemoteControl/stop()`` has.
    case notRunning
}
