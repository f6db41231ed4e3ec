import Foundation

/// An ``AssignmentStore`` kept in one JSON file (an object of string keys to string values).
///
/// The file is read once, when the store is created; from then on reads are answered from
/// memory and writes are coalesced and written on a background queue by atomic replace (a
/// temporary file renamed over the old one), so a crash mid-write leaves the old file or the new
/// one, never a torn one. Keys are the service's (``StorageKey``).
///
/// Bad files never crash the app, and nothing else is lost:
/// - a file that is not a JSON object of strings is renamed next to itself
///   (`<name>.corrupt-<timestamp>`), reported as ``SplitTestingIssue/corruptStoreFile(path:setAsideAt:)``,
///   and the store starts with whatever string entries could be salvaged from it;
/// - a file that exists but cannot be read is reported and never overwritten: the store keeps
///   assignments in memory for this launch;
/// - a failed write is reported (once until a write succeeds again) and retried on the next change.
///
/// ```swift
/// let store = FileAssignmentStore(
///     fileURL: applicationSupport.appendingPathComponent("split-tests.json"),
///     report: { issue in logger.warning("\(issue)") })
/// ```
public final class FileAssignmentStore: AssignmentStore {
    /// The file the store reads and replaces.
    public let fileURL: URL
    private let state: Locked<State>
    private let writer = BackgroundWriter(label: "SplitTesting.FileAssignmentStore")
    private let report: @Sendable (SplitTestingIssue) -> Void

    private struct State: Sendable {
        var values: [String: String]
        /// False once the file on disk must not be replaced (it could not be read or set aside).
        var persists: Bool
        var writeFailures = WriteFailureLatch()
    }

    /// Opens the store at `fileURL`, creating the file (and its folder) on the first write.
    /// `report` receives the issues of reading and writing the file.
    public init(fileURL: URL, report: @escaping @Sendable (SplitTestingIssue) -> Void = { _ in }) {
        self.fileURL = fileURL
        self.report = report
        let loaded = StoreFileLoader(fileURL: fileURL, report: report).load()
        state = Locked(State(values: loaded.values, persists: loaded.persists))
    }

    /// The value stored for `key`, from memory.
    public func string(for key: String) -> String? {
        state.withLock { $0.values[key] }
    }

    /// Stores `value` for `key` and queues a write of the file.
    public func set(_ value: String, for key: String) {
        let changed = state.withLock { state in
            state.values.updateValue(value, forKey: key) != value
        }
        if changed { writer.schedule { [self] in writeFile() } }
    }

    /// Removes the value stored for `key` and queues a write of the file.
    public func removeValue(for key: String) {
        let changed = state.withLock { $0.values.removeValue(forKey: key) != nil }
        if changed { writer.schedule { [self] in writeFile() } }
    }

    /// Blocks until every change made so far has been written (or has failed and been reported).
    /// Call it when the app moves to the background; never needed for correctness within a launch.
    public func flush() {
        writer.waitUntilIdle()
    }

    private func writeFile() {
        let (values, persists) = state.withLock { ($0.values, $0.persists) }
        guard persists else { return }
        do {
            let data = try JSONSerialization.data(withJSONObject: values, options: [.sortedKeys, .prettyPrinted])
            try FileManager.default.createDirectory(
                at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: fileURL, options: .atomic)
            state.withLock { $0.writeFailures.succeeded() }
        } catch {
            if state.withLock({ $0.writeFailures.failed() }) {
                report(.storeFileUnwritable(path: fileURL.path, reason: error.localizedDescription))
            }
        }
    }
}
