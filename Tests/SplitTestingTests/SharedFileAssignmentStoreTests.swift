import Dispatch
import Foundation
import SplitTestFormats
import Testing
@_spi(Generated) @_spi(Tools) @testable import SplitTesting

/// Several ``FileAssignmentStore``s on one file in one process, as an app and its extension would
/// share it: the same merging and locking as across processes, here under the thread sanitizer.
@Suite struct SharedFileAssignmentStoreTests {
    static func storedValues(_ url: URL) throws -> [String: String] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: String])
    }

    @Test func twoStoresOnOneFileFromManyThreadsLoseNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let url = folder.url.appendingPathComponent("container/split-tests.json")
        let stores = [FileAssignmentStore(fileURL: url), FileAssignmentStore(fileURL: url)]
        let threads = 8
        let keys = 120
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            let store = stores[thread % stores.count]
            for index in 0..<keys {
                store.set("t\(thread)-\(index)", for: "k.t\(thread)-\(index)")
                if index % 4 == 3 { store.removeValue(for: "k.t\(thread)-\(index - 1)") }
                if index % 10 == 0 { _ = store.setIfAbsent("t\(thread)", for: "shared.\(index / 10 % 4)") }
                if index % 15 == 14 { store.flush() }
                _ = store.string(for: "k.t\((thread + 1) % threads)-\(index)")
            }
        }
        for store in stores { store.flush() }

        let stored = try Self.storedValues(url)
        var lost: [String] = []
        for thread in 0..<threads {
            for index in 0..<keys {
                let key = "k.t\(thread)-\(index)"
                let expected = index % 4 == 2 ? nil : "t\(thread)-\(index)"
                if stored[key] != expected { lost.append(key) }
            }
        }
        #expect(lost.isEmpty, "\(lost.count) keys wrong, e.g. \(lost.prefix(5))")
        for shared in 0..<4 {
            let value = try #require(stored["shared.\(shared)"])
            #expect(value.hasPrefix("t"))
            // Both stores hold the value written first, whichever offered its own.
            for store in stores { #expect(store.string(for: "shared.\(shared)") == value) }
        }
        let reopened = FileAssignmentStore(fileURL: url)
        #expect(reopened.string(for: "k.t7-119") == "t7-119")
    }

    @Test func storesRacingToCreateTheDeviceIDKeepOne() throws {
        for round in 0..<10 {
            let folder = try TemporaryFolder()
            defer { folder.cleanUp() }
            let url = folder.url.appendingPathComponent("split-tests.json")
            let stores = (0..<3).map { _ in FileAssignmentStore(fileURL: url) }
            let answers = Locked<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 12) { index in
                let kept = stores[index % stores.count].setIfAbsent(UUID().uuidString, for: StorageKey.deviceID)
                answers.withLock { $0.append(kept) }
            }
            let distinct = Set(answers.withLock { $0 })
            #expect(distinct.count == 1, "round \(round): \(distinct)")
            // Settled in the file before any of them returned, with no background write needed.
            #expect(try Self.storedValues(url)[StorageKey.deviceID] == distinct.first)
            for store in stores { #expect(store.string(for: StorageKey.deviceID) == distinct.first) }
        }
    }

    @Test func anotherStoresAssignmentIsServedBeforeBucketing() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let url = folder.url.appendingPathComponent("split-tests.json")
        // The widget's store is open before the app stores anything.
        let widgetStore = FileAssignmentStore(fileURL: url)
        let widget = SplitTestingService(configuration: .init(store: widgetStore, deviceID: "device-1"))
        #expect(widget.fetchSplitTest(OnboardingSplitTest.self).assignment.reason == .noUser)

        // The app stores a group for the user that bucketing would not give (another release's
        // rules, or a control document the widget has not applied).
        let user = "user-7"
        let bucketed = OnboardingSplitTest.bucketedGroup(forUnit: user)
        let other = OnboardingSplitTest.Group.allCases.first { $0 != bucketed }!
        let appStore = FileAssignmentStore(fileURL: url)
        appStore.set(other.rawValue, for: StorageKey.assignment(experiment: OnboardingSplitTest.identifier, unit: user))
        appStore.flush()

        widget.associate(user: user)
        let test = widget.fetchSplitTest(OnboardingSplitTest.self)
        #expect(test.currentGroup == other)
        #expect(test.assignment.reason == .sticky)
    }

    @Test func aGroupAlreadyInTheFileWinsOverOneOfferedInMemory() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let url = folder.url.appendingPathComponent("split-tests.json")
        let key = StorageKey.assignment(experiment: "button_color", unit: "device-1")
        let late = FileAssignmentStore(fileURL: url)
        let early = FileAssignmentStore(fileURL: url)
        #expect(early.setIfAbsent("blue", for: key) == "blue")
        early.flush()
        // `late` has not looked at the file since: it answers from memory for now…
        #expect(late.setIfAbsent("red", for: key) == "red")
        late.flush()
        // …and once its write merged with the file, it holds the group stored first.
        #expect(late.string(for: key) == "blue")
        #expect(try Self.storedValues(url)[key] == "blue")
    }

    @Test func aFileReplacedWithoutTheLockIsStillMergedWith() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let url = folder.url.appendingPathComponent("split-tests.json")
        let store = FileAssignmentStore(fileURL: url)
        store.set("mine", for: "first")
        store.flush()
        // A writer that ignores the lock (and so leaves its count alone) renames a file into place;
        // the file's new stat still tells this store to read it before its next write.
        let replacement = folder.url.appendingPathComponent("replacement")
        try JSONSerialization.data(withJSONObject: ["first": "mine", "theirs": "kept"]).write(to: replacement)
        #expect(rename(replacement.path, url.path) == 0)
        store.set("mine too", for: "second")
        store.flush()
        #expect(try Self.storedValues(url) == ["first": "mine", "theirs": "kept", "second": "mine too"])
        #expect(store.string(for: "theirs") == "kept")
    }

    @Test func aRemovalThenSetIfAbsentReplacesTheFilesValue() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let url = folder.url.appendingPathComponent("split-tests.json")
        let key = StorageKey.assignment(experiment: "button_color", unit: "device-1")
        let other = FileAssignmentStore(fileURL: url)
        other.set("purple", for: key)
        other.flush()
        // A group that no longer exists is removed and the unit bucketed again.
        let store = FileAssignmentStore(fileURL: url)
        store.removeValue(for: key)
        #expect(store.setIfAbsent("blue", for: key) == "blue")
        store.flush()
        #expect(try Self.storedValues(url)[key] == "blue")
        #expect(other.string(for: key) == "blue")
    }

    @Test func aCorruptFileLeftByAnotherProcessIsSetAsideAtTheNextWrite() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let url = folder.url.appendingPathComponent("split-tests.json")
        let issues = IssueRecorder()
        let store = FileAssignmentStore(fileURL: url, report: issues.report)
        store.set("blue", for: "kept")
        store.flush()
        // Another writer replaces the file with garbage (renamed into place, as writers do).
        let garbage = folder.url.appendingPathComponent("garbage")
        try Data("{\"kept\": ".utf8).write(to: garbage)
        #expect(rename(garbage.path, url.path) == 0)

        // Reading does not touch it (only a lock holder may move it) and keeps what memory holds.
        #expect(store.string(for: "kept") == "blue")
        #expect(issues.issues.isEmpty)
        store.set("red", for: "new")
        store.flush()
        guard case .corruptStoreFile(let path, let aside?) = issues.issues.first, issues.issues.count == 1 else {
            Issue.record("expected one corruptStoreFile issue, got \(issues.issues)")
            return
        }
        #expect(path == url.path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: aside)) == Data("{\"kept\": ".utf8))
        #expect(try Self.storedValues(url) == ["kept": "blue", "new": "red"])
    }

    @Test func aStoreWhoseFolderCannotBeMadeStillAnswersAndReportsOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        // A regular file where the folder should be: neither the folder nor the lock can be made.
        let blocker = folder.url.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: blocker)
        let issues = IssueRecorder()
        let store = FileAssignmentStore(fileURL: blocker.appendingPathComponent("split-tests.json"), report: issues.report)
        let deviceID = store.setIfAbsent("device-1", for: StorageKey.deviceID)
        #expect(deviceID == "device-1")
        #expect(store.setIfAbsent("device-2", for: StorageKey.deviceID) == "device-1")
        let service = SplitTestingService(configuration: .init(store: store))
        #expect(service.deviceID == "device-1")
        let group = service.fetchSplitTest(ButtonColorSplitTest.self).currentGroup
        store.flush()
        #expect(store.string(for: StorageKey.assignment(experiment: "button_color", unit: "device-1")) == group.rawValue)
        #expect(issues.issues.count == 1, "\(issues.issues)")
        #expect(issues.issues.first?.description.contains("cannot be written") == true)
    }

    @Test func aLockFileThatCannotBeLockedIsReportedAsSuchAndTheStoreAnswersFromMemory() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let url = folder.url.appendingPathComponent("split-tests.json")
        // A folder where the lock file goes: it can be neither created nor opened for locking.
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("split-tests.json.lock"), withIntermediateDirectories: false)
        let issues = IssueRecorder()
        let store = FileAssignmentStore(fileURL: url, report: issues.report)
        #expect(store.setIfAbsent("device-1", for: StorageKey.deviceID) == "device-1")
        store.set("blue", for: "k")
        store.flush()
        #expect(store.string(for: StorageKey.deviceID) == "device-1")
        #expect(store.string(for: "k") == "blue")
        #expect(!FileManager.default.fileExists(atPath: url.path), "nothing is written without the lock")
        guard case .storeLockUnavailable(let path, let reason) = issues.issues.first, issues.issues.count == 1 else {
            Issue.record("expected one storeLockUnavailable issue, got \(issues.issues)")
            return
        }
        #expect(path == url.path)
        #expect(reason.contains("split-tests.json.lock cannot be locked"), "\(reason)")
        #expect(issues.issues[0].description.contains("cannot be locked for writing"))
    }

    @Test func aLockHeldTooLongDelaysTheDeviceIDAtMostASecondAndIsReported() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let url = folder.url.appendingPathComponent("split-tests.json")
        let issues = IssueRecorder()
        let store = FileAssignmentStore(fileURL: url, report: issues.report)
        // Another open file description holds the lock, as another process would (flock locks
        // belong to the open file description, so a holder in this process excludes as well).
        let held = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let holder = Thread {
            do {
                try StoreFileLock(storeFile: url).withLock(waitingAtMost: 10) { _ in
                    held.signal()
                    release.wait()
                }
            } catch {
                held.signal()  // the checks below then fail, rather than the test hanging
            }
        }
        holder.start()
        held.wait()
        let kept = store.setIfAbsent("device-1", for: StorageKey.deviceID)
        release.signal()
        #expect(kept == "device-1")
        guard case .storeLockUnavailable(let path, let reason) = issues.issues.first, issues.issues.count == 1 else {
            Issue.record("expected one storeLockUnavailable issue, got \(issues.issues)")
            return
        }
        #expect(path == url.path)
        #expect(reason.contains("for more than 1 s"), "\(reason)")
        // Once the lock is free, the next write stores the device id kept in memory.
        store.flush()
        #expect(try Self.storedValues(url)[StorageKey.deviceID] == "device-1")
        #expect(issues.issues.count == 1)
    }

    @Test func pendingChangesMergeByTheirRules() {
        var changes = PendingChanges()
        changes.record(.set("mine"), for: "set")
        changes.record(.setIfAbsent("mine"), for: "first-writer")
        changes.record(.setIfAbsent("mine"), for: "absent")
        changes.record(.remove, for: "removed")
        changes.record(.remove, for: "replaced")
        changes.record(.setIfAbsent("mine"), for: "replaced")
        let file: [UTF8Key: String] = [
            "set": "theirs", "first-writer": "theirs", "removed": "theirs", "replaced": "theirs", "other": "theirs",
        ]
        #expect(changes.applied(to: file) == [
            "set": "mine", "first-writer": "theirs", "absent": "mine", "replaced": "mine", "other": "theirs",
        ])

        // A write that took the changes up to now forgets those, and only those.
        let taken = changes.latestSequence
        changes.record(.set("later"), for: "set")
        changes.removeWritten(upTo: taken)
        #expect(changes.contains("set") && !changes.contains("absent"))
        #expect(changes.applied(to: [:]) == ["set": "later"])
        changes.removeWritten(upTo: changes.latestSequence)
        #expect(changes.isEmpty)
    }
}
