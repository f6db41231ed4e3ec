import Foundation
@_spi(Generated) @_spi(Tools) @testable import SplitTesting
import SplitTestFormats

/// Collects the issues a service or store reports.
final class IssueRecorder: Sendable {
    private let recorded = Locked<[SplitTestingIssue]>([])

    var issues: [SplitTestingIssue] { recorded.withLock { $0 } }

    var report: @Sendable (SplitTestingIssue) -> Void {
        { [recorded] issue in recorded.withLock { $0.append(issue) } }
    }
}

/// A store that counts writes per key, to prove a unit is stored exactly once.
final class CountingAssignmentStore: AssignmentStore {
    private let inner = InMemoryAssignmentStore()
    private let writes = Locked<[String: Int]>([:])

    var snapshot: [UTF8Key: String] { inner.snapshot }
    func writeCount(for key: String) -> Int { writes.withLock { $0[key, default: 0] } }
    var totalWrites: Int { writes.withLock { $0.values.reduce(0, +) } }

    func string(for key: String) -> String? { inner.string(for: key) }
    func set(_ value: String, for key: String) {
        writes.withLock { $0[key, default: 0] += 1 }
        inner.set(value, for: key)
    }
    func removeValue(for key: String) { inner.removeValue(for: key) }
}

/// A fresh folder under the system's temporary directory, removed by `cleanUp()`.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("SplitTestingTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func cleanUp() {
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        try? FileManager.default.removeItem(at: url)
    }
}

/// Finds a unit id for which `predicate` holds among `user-0`, `user-1`, …
func unitID(where predicate: (String) -> Bool) -> String {
    for index in 0..<100_000 where predicate("user-\(index)") { return "user-\(index)" }
    preconditionFailure("some unit among 100,000 satisfies the predicate")
}
