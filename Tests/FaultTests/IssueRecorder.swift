import Foundation
@_spi(Generated) import SplitTesting

/// Collects the issues a store or service reports, from whatever thread reports them.
final class IssueRecorder: @unchecked Sendable {
    // @unchecked Sendable is sound: `recorded` is private and only read or written while `lock`
    // is held (in `record` and `issues`), and SplitTestingIssue is Sendable.
    private let lock = NSLock()
    private var recorded: [SplitTestingIssue] = []

    /// Records `issue`; pass as a `report` closure.
    @Sendable func record(_ issue: SplitTestingIssue) {
        lock.lock()
        defer { lock.unlock() }
        recorded.append(issue)
    }

    /// Everything recorded so far, in order.
    var issues: [SplitTestingIssue] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// The recorded failures to write a store file.
    var unwritable: [SplitTestingIssue] {
        issues.filter { if case .storeFileUnwritable = $0 { true } else { false } }
    }

    /// The recorded locks that could not be taken to write a store file.
    var lockUnavailable: [SplitTestingIssue] {
        issues.filter { if case .storeLockUnavailable = $0 { true } else { false } }
    }

    /// The recorded corrupt store files.
    var corrupt: [SplitTestingIssue] {
        issues.filter { if case .corruptStoreFile = $0 { true } else { false } }
    }
}
