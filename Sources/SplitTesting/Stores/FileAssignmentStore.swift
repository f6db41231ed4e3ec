import Foundation
import SplitTestFormats

/// An ``AssignmentStore`` kept in one JSON file (an object of string keys to string values),
/// which an app and its extensions (a widget, a notification extension) can share.
///
/// Reads are answered from memory and writes are coalesced and written on a background queue,
/// by atomic replace (a temporary file renamed over the old one), so a process killed
/// mid-write leaves the old file or the new one, never a torn one. Keys are the service's
/// (`StorageKey`), told apart by their UTF-8 bytes as bucketing tells unit ids apart: two keys
/// that differ only in their Unicode normalization are two entries, in memory and in the file.
///
/// Every normal exit of the process (returning from `main`, `exit`) first finishes the writes
/// queued so far, so that a command-line tool that fetches and returns at once keeps what it
/// was handed; ``flush()`` waits for them earlier.
///
/// ## Processes that share the file
///
/// By default (``Sharing/acrossProcesses``) every process that opens the same file, for example
/// in an App Group container, sees the same groups and the same device id:
/// - each write takes an exclusive advisory lock on `<name>.lock` next to the file, reads the
///   file as it is then, applies this store's changes since its last write on top, replaces the
///   file and releases the lock; so nothing another process wrote in between is lost;
/// - before answering ``string(for:)`` the store checks with one `stat` call whether another
///   process replaced the file since it last read it, and reads it again if so; the service
///   asks only on the first resolution of an experiment for a unit, so another process's
///   assignment is seen before this one buckets, and sticky fetches never reach the store;
/// - ``setIfAbsent(_:for:)`` keeps the first value stored. For the device id
///   (`StorageKey.deviceID`), which every process would otherwise create at random, it
///   settles the value in the file at once under the lock, waiting at most one second for
///   another process; for anything else it settles at the next write, where a value already in
///   the file wins and this store adopts it.
///
/// The lock is held only for one read-merge-write, inside a synchronous call, never while a
/// task is suspended: the store's API is synchronous. Readers never take it, since a reader
/// always sees a whole file. A process that dies holding it releases it.
///
/// ``Sharing/singleProcess`` skips the lock and the check: for a file that only this process
/// (and only this store) ever opens.
///
/// ## Bad files and places
///
/// They never crash the app, and nothing else is lost:
/// - a file that is not a JSON object of strings is renamed next to itself
///   (`<name>.corrupt-<timestamp>`), reported as ``SplitTestingIssue/corruptStoreFile(path:setAsideAt:)``,
///   and the store starts with whatever string entries could be salvaged from it;
/// - a file that exists but cannot be read is reported and never overwritten: the store keeps
///   assignments in memory for this launch;
/// - a failed write (a full disk, a missing folder that cannot be created) is reported as
///   ``SplitTestingIssue/storeFileUnwritable(path:reason:)``, and a lock that cannot be taken
///   (a read-only container, a file system without locks, another process holding it for
///   longer than the wait) as ``SplitTestingIssue/storeLockUnavailable(path:reason:)``; either
///   once until a write succeeds again. The store keeps answering from memory, and the write is
///   retried on the next change or ``flush()``.
///
/// ```swift
/// let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.app")!
/// let store = FileAssignmentStore(
///     fileURL: container.appendingPathComponent("split-tests.json"),
///     report: { issue in logger.warning("\(issue)") })
/// ```
@_spi(Tools) public final class FileAssignmentStore: AssignmentStore, PersistsInBackground {
    /// Whether other processes may open the same file.
    public enum Sharing: Sendable, Hashable {
        /// Other processes (an app's extensions) may open the same file: writes merge under a
        /// lock, and a first-time read checks for their changes. The default.
        case acrossProcesses
        /// Only this store, in this process, ever opens the file: no lock file, no check for
        /// other writers, and the file is replaced with what this store holds.
        case singleProcess
    }

    /// The file the store reads and replaces.
    package let fileURL: URL
    /// Whether other processes may open the file.
    package let sharing: Sharing
    private let file: StoreFileLoader
    private let lock: StoreFileLock
    private let state: Locked<State>
    private let writer = BackgroundWriter(label: "SplitTesting.FileAssignmentStore")
    private let report: @Sendable (SplitTestingIssue) -> Void

    /// How long a call that returns only once the file is settled waits for another process's
    /// lock: creating the device id (which blocks the first fetch of a device-level experiment,
    /// once per install) and setting a corrupt file aside when the store opens.
    static let synchronousLockWait = 1.0
    /// How long a background write (and so ``flush()``) waits for another process's lock.
    static let writeLockWait = 10.0

    private struct State: Sendable {
        /// What the store answers: `fileValues` with `changes` applied.
        var values: [UTF8Key: String]
        /// What this store changed since its last successful write.
        var changes = PendingChanges()
        /// What the file held when this store last read or wrote it, and that file's stamp (nil
        /// when there was none).
        var fileValues: [UTF8Key: String]
        var stamp: FileStamp?
        /// The lock file's write count after this store's last write; nil when the file may have
        /// been replaced since (this store read it outside the lock, or has not written yet).
        var fileWriteCount: UInt64?
        /// False once the file on disk must not be replaced (it could not be read or set aside).
        var persists: Bool
        /// True while this store holds the lock to merge: no other writer can replace the file
        /// then, so a change a reader notices is this store's own write, which it commits itself.
        var merging = false
        var writeFailures = WriteFailureLatch()
    }

    /// Opens the store at `fileURL`, creating the file (and its folder) on the first write.
    /// `sharing` says whether other processes may open the same file (by default they may);
    /// `report` receives the issues of reading and writing the file.
    public init(
        fileURL: URL, sharing: Sharing = .acrossProcesses,
        report: @escaping @Sendable (SplitTestingIssue) -> Void = { _ in }
    ) {
        self.fileURL = fileURL
        self.sharing = sharing
        self.report = report
        file = StoreFileLoader(fileURL: fileURL)
        lock = StoreFileLock(storeFile: fileURL)
        let read = file.read()
        var issues: [SplitTestingIssue] = []
        var values: [UTF8Key: String] = [:]
        var persists = true
        var corrupt = false
        switch read.contents {
        case .missing:
            break
        case .values(let stored):
            values = stored
        case .unreadable(let reason):
            issues.append(.storeFileUnreadable(path: fileURL.path, reason: reason))
            persists = false
        case .corrupt(let salvaged):
            values = salvaged
            corrupt = true
        }
        state = Locked(State(values: values, fileValues: values, stamp: read.stamp, persists: persists))
        if corrupt {
            switch sharing {
            case .acrossProcesses:
                // Another process may be replacing the file right now; only the lock holder may
                // rename it aside, or it could move a good file that just replaced the bad one.
                issues += withFileLock(waitingAtMost: Self.synchronousLockWait, mergeWithFile)
            case .singleProcess:
                let aside = file.setAside()
                issues.append(.corruptStoreFile(path: fileURL.path, setAsideAt: aside?.path))
                state.withLock {
                    $0.persists = aside != nil
                    $0.stamp = nil
                }
            }
        }
        issues.forEach(report)
    }

    /// The value stored for `key`, from memory, after reading the file again if another
    /// process replaced it.
    public func string(for key: String) -> String? {
        refreshIfChanged()
        let key = UTF8Key(key)
        return state.withLock { $0.values[key] }
    }

    /// Stores `value` for `key` and queues a write of the file; the last writer wins.
    public func set(_ value: String, for key: String) {
        let key = UTF8Key(key)
        let changed = state.withLock { state in
            let previous = state.values.updateValue(value, forKey: key)
            // Shared, the file may hold another value than memory does.
            guard !Self.same(previous, value) || sharing == .acrossProcesses else { return false }
            state.changes.record(.set(value), for: key)
            return true
        }
        if changed { scheduleWrite() }
    }

    /// Stores `value` for `key` unless a value is stored already; returns the value stored
    /// after the call.
    ///
    /// For the device id of a shared file the value is settled in the file at once, under the
    /// lock: if another process (or another thread) stored one first, that one is returned and
    /// kept. When the lock cannot be taken within a second, the failure is reported and `value`
    /// is kept in memory and written later, where a value already in the file still wins. For
    /// other keys the value is settled at the next background write, by the same rule.
    public func setIfAbsent(_ value: String, for key: String) -> String {
        let key = UTF8Key(key)
        guard sharing == .acrossProcesses, key == Self.deviceIDKey else {
            return setIfAbsentInMemory(value, for: key)
        }
        // Memory holds the device id only once it is settled, so that a caller on another
        // thread meanwhile finds none and comes here too, where the lock orders the two.
        if let existing = state.withLock({ $0.values[key] }) { return existing }
        if state.withLock({ $0.persists }) {
            let issues = withFileLock(waitingAtMost: Self.synchronousLockWait) { lock -> [SplitTestingIssue] in
                state.withLock { state in
                    // A removal waiting for a write (the device id erased for a fresh start) is
                    // replaced too: the merge then puts the new id where the erased one was.
                    let pending = state.changes.change(for: key)
                    if state.values[key] == nil, pending == nil || pending == .remove {
                        state.changes.record(.setIfAbsent(value), for: key)
                    }
                }
                return mergeWithFile(lock)
            }
            issues.forEach(report)
            // A merge that read the file but could not write it keeps the change for the next write.
            if state.withLock({ !$0.changes.isEmpty }) { scheduleWrite() }
        }
        // Settled by now, or (when the lock could not be taken) kept in memory until a write merges it.
        return setIfAbsentInMemory(value, for: key)
    }

    private func setIfAbsentInMemory(_ value: String, for key: UTF8Key) -> String {
        let existing: String? = state.withLock { state in
            if let existing = state.values[key] { return existing }
            state.values[key] = value
            state.changes.record(.setIfAbsent(value), for: key)
            return nil
        }
        if let existing { return existing }
        scheduleWrite()
        return value
    }

    /// Removes the value stored for `key` and queues a write of the file.
    public func removeValue(for key: String) {
        let key = UTF8Key(key)
        let changed = state.withLock { state in
            guard state.values.removeValue(forKey: key) != nil || sharing == .acrossProcesses else { return false }
            state.changes.record(.remove, for: key)
            return true
        }
        if changed { scheduleWrite() }
    }

    /// Blocks until every change made so far has been written (or has failed and been reported),
    /// retrying a write that failed before. Call it when the app moves to the background; never
    /// needed for correctness within a launch, nor before a normal exit, which waits for the
    /// writes queued. Shared, it waits at most ten seconds for another process's lock.
    public func flush() {
        if state.withLock({ $0.persists && !$0.changes.isEmpty }) { scheduleWrite() }
        writer.waitUntilIdle()
    }

    private func scheduleWrite() {
        writer.schedule { [self] in writeFile() }
    }

    /// On the background queue: stores the pending changes.
    private func writeFile() {
        guard state.withLock({ $0.persists && !$0.changes.isEmpty }) else { return }
        let issues: [SplitTestingIssue]
        switch sharing {
        case .acrossProcesses:
            issues = withFileLock(waitingAtMost: Self.writeLockWait, mergeWithFile)
        case .singleProcess:
            issues = replaceWithMemory()
        }
        issues.forEach(report)
    }

    /// Reads the file again if another process replaced it since this store last read it,
    /// keeping this store's pending changes on top. Takes no lock: every writer renames a whole
    /// file into place. A corrupt or vanished file is left to the next write, which holds the lock.
    private func refreshIfChanged() {
        guard sharing == .acrossProcesses else { return }
        let (known, skip) = state.withLock { ($0.stamp, !$0.persists || $0.merging) }
        guard !skip, FileStamp(path: fileURL.path) != known else { return }
        let read = file.read()
        // Rebased outside the lock, so that a large file never holds up a fetch on another thread.
        let (changes, sequence) = state.withLock { ($0.changes, $0.changes.latestSequence) }
        var rebased: [UTF8Key: String]?
        if case .values(let stored) = read.contents { rebased = changes.applied(to: stored) }
        let issue: SplitTestingIssue? = state.withLock { state in
            // A write or another refresh got there first, with a file at least as new.
            guard state.stamp == known, state.persists, !state.merging else { return nil }
            state.stamp = read.stamp
            state.fileWriteCount = nil
            switch read.contents {
            case .values(let stored):
                state.values = (state.changes.latestSequence == sequence ? rebased : nil) ?? state.changes.applied(to: stored)
                state.fileValues = stored
            case .missing, .corrupt:
                break
            case .unreadable(let reason):
                state.persists = false
                return .storeFileUnreadable(path: fileURL.path, reason: reason)
            }
            return nil
        }
        if let issue { report(issue) }
    }

    /// Runs `body` (which returns the issues it met) holding the file's lock, creating the
    /// folder first so that the lock file can be created. A folder that cannot be created is a
    /// failed write (the store file could not be written there either); a lock that cannot be
    /// taken is reported as such. Either way the write is retried at the next change or flush.
    private func withFileLock(
        waitingAtMost seconds: Double, _ body: (StoreFileLock.Holder) -> [SplitTestingIssue]
    ) -> [SplitTestingIssue] {
        do {
            try file.createFolder()
        } catch {
            return writeFailed(reason: error.localizedDescription)
        }
        do {
            return try lock.withLock(waitingAtMost: seconds, body)
        } catch {
            // `body` throws nothing: whatever was thrown is the lock's own failure.
            return lockUnavailable(reason: "\(error)")
        }
    }

    /// Holding the lock: reads the file as it is now (unless the lock file's count shows that
    /// nobody replaced it since this store's last write), applies the pending changes on top and
    /// replaces the file if that changes it; memory then holds the result, with any change made
    /// meanwhile on top. Sets a corrupt file aside first. The work on whole dictionaries happens
    /// outside the memory lock, so that fetches on other threads never wait for it.
    private func mergeWithFile(_ lock: StoreFileLock.Holder) -> [SplitTestingIssue] {
        state.withLock { $0.merging = true }
        defer { state.withLock { $0.merging = false } }
        // Snapshots, so that nothing below holds the memory lock for long; memory's own values
        // are not among them, since a copy kept alive would make every change to them copy them.
        let known = state.withLock { state in
            (file: state.fileValues, stamp: state.stamp, count: state.fileWriteCount, changes: state.changes)
        }
        let count = lock.writeCount()
        let unchanged = count != nil && count == known.count && known.stamp != nil
            && FileStamp(path: fileURL.path) == known.stamp
        let read = unchanged ? (contents: StoreFileLoader.Contents.values(known.file), stamp: known.stamp) : file.read()
        var issues: [SplitTestingIssue] = []
        var stored: [UTF8Key: String]?
        switch read.contents {
        case .values(let values):
            stored = values
        case .missing:
            break
        case .corrupt:
            guard let aside = file.setAside() else {
                state.withLock { $0.persists = false }
                return [.corruptStoreFile(path: fileURL.path, setAsideAt: nil)]
            }
            issues.append(.corruptStoreFile(path: fileURL.path, setAsideAt: aside.path))
        case .unreadable(let reason):
            state.withLock { $0.persists = false }
            return [.storeFileUnreadable(path: fileURL.path, reason: reason)]
        }
        // Without a file to merge with (a fresh install, or a corrupt one set aside, whose
        // salvaged entries memory holds), what this store knows is written whole.
        let changes = known.changes
        let merged = changes.applied(to: stored ?? state.withLock { $0.values })
        // Whether the file held what this store did not know: another process's writes.
        let foreign = !unchanged && stored.map { !Self.same($0, known.file) } ?? false
        var stamp = read.stamp
        var writeCount = count
        // Whether the merge changes the file (no file and nothing to write leave it absent).
        let changesFile = stored.map { !Self.same($0, merged) } ?? !merged.isEmpty
        if changesFile {
            do {
                guard let count else { throw StoreFileError(operation: "read the write count of", path: self.lock.url.path, code: EIO) }
                writeCount = try lock.recordWrite(after: count)
                stamp = try file.replace(with: merged, temporaryName: fileURL.lastPathComponent + ".tmp")
            } catch {
                // Still learn what the others wrote, keeping this store's changes for the retry.
                if let stored, foreign {
                    let rebased = changes.applied(to: stored)
                    state.withLock { state in
                        state.values = state.changes.latestSequence == changes.latestSequence
                            ? rebased : state.changes.applied(to: stored)
                        state.fileValues = stored
                        state.stamp = read.stamp
                        state.fileWriteCount = nil
                    }
                }
                return issues + writeFailed(reason: "\(error)")
            }
        } else if stored == nil {
            stamp = nil
        }
        let rebased = foreign ? changes.applied(to: merged) : nil
        state.withLock { state in
            let newer = state.changes.latestSequence != changes.latestSequence
            state.changes.removeWritten(upTo: changes.latestSequence)
            if foreign {
                state.values = (newer ? nil : rebased) ?? state.changes.applied(to: merged)
            } else {
                // Memory already holds the file's other entries: settle the keys just written
                // (a value already in the file wins a set-if-absent), unless changed again since.
                for key in changes.keys where !state.changes.contains(key) {
                    state.values[key] = merged[key]
                }
            }
            state.fileValues = merged
            state.stamp = stamp
            state.fileWriteCount = writeCount
            state.writeFailures.succeeded()
        }
        return issues
    }

    /// Single-process: replaces the file with what memory holds.
    private func replaceWithMemory() -> [SplitTestingIssue] {
        let (values, sequence) = state.withLock { ($0.values, $0.changes.latestSequence) }
        do {
            let unique = UUID().uuidString.prefix(8).lowercased()
            try file.replace(with: values, temporaryName: "\(fileURL.lastPathComponent).tmp-\(unique)")
        } catch {
            return writeFailed(reason: "\(error)")
        }
        state.withLock { state in
            state.changes.removeWritten(upTo: sequence)
            state.writeFailures.succeeded()
        }
        return []
    }

    /// The key of the device id, which a shared store settles in its file at once.
    private static let deviceIDKey = UTF8Key(StorageKey.deviceID)

    /// Whether two values are the same bytes: a value rewritten in another Unicode
    /// normalization is a change to write, as a key so written is another key.
    private static func same(_ stored: String?, _ value: String) -> Bool {
        stored.map { UTF8Key($0) == UTF8Key(value) } ?? false
    }

    /// Whether two sets of entries hold the same values, byte for byte, under the same keys.
    private static func same(_ some: [UTF8Key: String], _ other: [UTF8Key: String]) -> Bool {
        some.count == other.count && some.allSatisfy { key, value in same(other[key], value) }
    }

    /// The report of a failed write, or none when the failure continues a run already reported.
    private func writeFailed(reason: String) -> [SplitTestingIssue] {
        state.withLock { $0.writeFailures.failed() } ? [.storeFileUnwritable(path: fileURL.path, reason: reason)] : []
    }

    /// The report of a lock that could not be taken, or none when the failure continues a run of
    /// failed writes already reported.
    private func lockUnavailable(reason: String) -> [SplitTestingIssue] {
        state.withLock { $0.writeFailures.failed() } ? [.storeLockUnavailable(path: fileURL.path, reason: reason)] : []
    }
}
