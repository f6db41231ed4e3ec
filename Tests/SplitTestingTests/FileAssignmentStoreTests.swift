import Foundation
import Testing
@_spi(Generated) @_spi(Tools) import SplitTesting

/// The JSON file store: persistence, atomic replace, corrupt and unusable files.
@Suite struct FileAssignmentStoreTests {
    @Test func valuesSurviveANewStoreOverTheSameFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let url = folder.url.appendingPathComponent("nested/split-tests.json")
        let first = FileAssignmentStore(fileURL: url)
        first.set("blue", for: "split_test.assignment.button_color.device-1")
        first.set("ключ 🗻", for: "unicode")
        first.set("gone", for: "removed")
        first.removeValue(for: "removed")
        first.flush()

        let second = FileAssignmentStore(fileURL: url)
        #expect(second.string(for: "split_test.assignment.button_color.device-1") == "blue")
        #expect(second.string(for: "unicode") == "ключ 🗻")
        #expect(second.string(for: "removed") == nil)
    }

    @Test func serviceOverAFileStoreIsStickyAcrossLaunches() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let url = folder.url.appendingPathComponent("split-tests.json")
        let store = FileAssignmentStore(fileURL: url)
        let first = SplitTestingService(configuration: .init(store: store))
        let group = first.fetchSplitTest(ButtonColorSplitTest.self).currentGroup
        store.flush()

        let relaunch = SplitTestingService(configuration: .init(store: FileAssignmentStore(fileURL: url)))
        #expect(relaunch.deviceID == first.deviceID)
        #expect(relaunch.fetchSplitTest(ButtonColorSplitTest.self).currentGroup == group)
        #expect(relaunch.fetchSplitTest(ButtonColorSplitTest.self).assignment.reason == .sticky)
    }

    @Test func manyWritesLeaveOneCompleteFileAndNoTemporaryFiles() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let url = folder.url.appendingPathComponent("split-tests.json")
        let store = FileAssignmentStore(fileURL: url)
        for index in 0..<500 { store.set("group-\(index)", for: "key-\(index)") }
        store.flush()
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: String]
        #expect(object?.count == 500)
        #expect(object?["key-499"] == "group-499")
        // The lock file stays for the next writer, holding the count of writes (eight bytes);
        // no temporary file is left.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
            == ["split-tests.json", "split-tests.json.lock"])
        let count = try Data(contentsOf: folder.url.appendingPathComponent("split-tests.json.lock"))
        #expect(count.count == 8 && count.reversed().reduce(0) { $0 << 8 | UInt64($1) } >= 1)
    }

    @Test func singleProcessModeWritesNoLockFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let url = folder.url.appendingPathComponent("split-tests.json")
        let store = FileAssignmentStore(fileURL: url, sharing: .singleProcess)
        for index in 0..<50 { store.set("group-\(index)", for: "key-\(index)") }
        _ = store.setIfAbsent("first", for: "key-0")
        _ = store.setIfAbsent("new", for: "key-new")
        store.removeValue(for: "key-1")
        store.flush()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["split-tests.json"])
        let reopened = FileAssignmentStore(fileURL: url, sharing: .singleProcess)
        #expect(reopened.string(for: "key-0") == "group-0")
        #expect(reopened.string(for: "key-new") == "new")
        #expect(reopened.string(for: "key-1") == nil)
        #expect(reopened.string(for: "key-49") == "group-49")
    }

    @Test func corruptFileIsSetAsideReportedAndReplaced() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let url = folder.url.appendingPathComponent("split-tests.json")
        let garbage = Data([0x7B, 0x22, 0xFF, 0x00, 0x13])
        try garbage.write(to: url)
        let issues = IssueRecorder()
        let store = FileAssignmentStore(fileURL: url, report: issues.report)
        #expect(store.string(for: "anything") == nil)
        guard case .corruptStoreFile(let path, let aside?) = issues.issues.first, issues.issues.count == 1 else {
            Issue.record("expected one corruptStoreFile issue, got \(issues.issues)")
            return
        }
        #expect(path == url.path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: aside)) == garbage)
        #expect(aside.hasPrefix(url.path + ".corrupt-"))

        store.set("blue", for: "k")
        store.flush()
        #expect(FileAssignmentStore(fileURL: url).string(for: "k") == "blue")
    }

    @Test func fileWithSomeNonStringValuesKeepsTheGoodOnes() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let url = folder.url.appendingPathComponent("split-tests.json")
        try Data(#"{"good": "blue", "bad": 42}"#.utf8).write(to: url)
        let issues = IssueRecorder()
        let store = FileAssignmentStore(fileURL: url, report: issues.report)
        #expect(store.string(for: "good") == "blue")
        #expect(store.string(for: "bad") == nil)
        // The file is set aside whole, for whoever investigates, and that is what is reported; the
        // store's file then holds the entries that could be salvaged.
        guard case .corruptStoreFile(let path, let aside?) = issues.issues.first, issues.issues.count == 1 else {
            Issue.record("expected one corruptStoreFile issue, got \(issues.issues)")
            return
        }
        #expect(path == url.path && aside.hasPrefix(url.path + ".corrupt-"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: aside)) == Data(#"{"good": "blue", "bad": 42}"#.utf8))
        #expect(FileAssignmentStore(fileURL: url).string(for: "good") == "blue")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(names.filter { !$0.hasSuffix(".lock") }.count == 2, "\(names)")
    }

    @Test func unreadableLocationIsReportedAndNeverOverwritten() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        // A folder where the file should be cannot be read as a file.
        let url = folder.url.appendingPathComponent("split-tests.json")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let issues = IssueRecorder()
        let store = FileAssignmentStore(fileURL: url, report: issues.report)
        store.set("blue", for: "k")
        store.flush()
        #expect(store.string(for: "k") == "blue")
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue)
        guard case .storeFileUnreadable(let path, _) = issues.issues.first, issues.issues.count == 1 else {
            Issue.record("expected one storeFileUnreadable issue, got \(issues.issues)")
            return
        }
        #expect(path == url.path)
    }

    @Test func unwritableDirectoryIsReportedOnceAndValuesStayInMemory() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        // A regular file where the folder should be: no process, root included, can create in it.
        let blocker = folder.url.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: blocker)
        let issues = IssueRecorder()
        let store = FileAssignmentStore(fileURL: blocker.appendingPathComponent("split-tests.json"), report: issues.report)
        let service = SplitTestingService(configuration: .init(store: store, report: issues.report))
        let group = service.fetchSplitTest(ButtonColorSplitTest.self).currentGroup
        store.flush()
        store.set("more", for: "k")
        store.flush()
        #expect(service.fetchSplitTest(ButtonColorSplitTest.self).currentGroup == group)
        #expect(store.string(for: "k") == "more")
        guard case .storeFileUnwritable(let path, _) = issues.issues.first, issues.issues.count == 1 else {
            Issue.record("expected one storeFileUnwritable issue, got \(issues.issues)")
            return
        }
        #expect(path == blocker.appendingPathComponent("split-tests.json").path)
        #expect(issues.issues.first?.description.contains("cannot be written") == true)
    }
}
