import Foundation
@_spi(Generated) @_spi(Tools) import SplitTesting
import Testing

/// A store whose file cannot be written never crashes the app: the failure is reported through
/// the hook, and the service keeps serving the groups it resolved.
@Suite("File store in unwritable locations")
struct UnwritableLocationTests {
    static let deviceID = "device-read-only"

    /// A stored group that bucketing would not give the device, so that serving it proves the
    /// file was read.
    static var storedCheckoutGroup: CheckoutFlowSplitTest.Group {
        let bucketed = CheckoutFlowSplitTest.bucketedGroup(forUnit: deviceID)
        return CheckoutFlowSplitTest.Group.allCases.first { $0 != bucketed }!
    }

    static func seed(_ file: URL) throws {
        let values = [
            StorageKey.deviceID: deviceID,
            StorageKey.assignment(experiment: CheckoutFlowSplitTest.identifier, unit: deviceID): storedCheckoutGroup.rawValue,
        ]
        try JSONSerialization.data(withJSONObject: values, options: [.sortedKeys]).write(to: file)
    }

    @Test("a read-only directory: the existing file is read and left alone, new groups are served from memory")
    func readOnlyDirectory() throws {
        let directory = try ScratchDirectory("read-only")
        defer { directory.remove() }
        let mountPoint = directory.file("mount")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        let storeFile = mountPoint.appendingPathComponent("assignments.json")

        // Root writes through permission bits, so a read-only mount is the honest way to get a
        // directory that cannot be written; permissions are the fallback where mounting is denied.
        var mount: TmpfsMount?
        defer { mount?.unmount() }
        switch TmpfsMount.mount(at: mountPoint, size: "1m") {
        case .success(let mounted):
            mount = mounted
            try Self.seed(storeFile)
            let remount = mounted.remountReadOnly()
            try #require(remount.succeeded, "remounting read-only failed: \(remount.message)")
        case .failure(let unavailable):
            print("FaultTests: tmpfs unavailable (\(unavailable.reason)); making the directory read-only by permissions")
            try Self.seed(storeFile)
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: mountPoint.path)
        }
        let probe = mountPoint.appendingPathComponent("probe")
        try #require(
            !FileManager.default.createFile(atPath: probe.path, contents: Data()),
            "the directory is still writable (root without mount); cannot simulate a read-only directory here")

        let original = try Data(contentsOf: storeFile)
        let recorder = IssueRecorder()
        let store = FileAssignmentStore(fileURL: storeFile, report: recorder.record)
        #expect(recorder.issues.isEmpty, "reading a read-only file is fine: \(recorder.issues)")
        let service = SplitTestingService(configuration: .init(store: store, catalog: [CheckoutFlowSplitTest.self]))
        let checkout = service.fetchSplitTest(CheckoutFlowSplitTest.self)
        #expect(service.deviceID == Self.deviceID)
        #expect(checkout.currentGroup == Self.storedCheckoutGroup && checkout.assignment.reason == .sticky)

        UnwritableStoreScenario.run(store: store, recorder: recorder)
        // The lock file cannot be created in a read-only folder, so no write gets as far as the file.
        #expect(recorder.lockUnavailable.count == 1 && recorder.unwritable.isEmpty, "\(recorder.issues)")
        if case .storeLockUnavailable(let path, let reason)? = recorder.lockUnavailable.first {
            #expect(path == storeFile.path && reason.contains("assignments.json.lock"), "\(reason)")
        }
        #expect(try Data(contentsOf: storeFile) == original, "the read-only file is untouched")
    }

    @Test("a missing directory that cannot be created: reported, and the groups are served from memory")
    func missingDirectoryThatCannotBeCreated() throws {
        let directory = try ScratchDirectory("missing")
        defer { directory.remove() }
        // A regular file where a parent directory should be: creating the directory fails for
        // every user, root included.
        let blocker = directory.file("not-a-directory")
        try Data("x".utf8).write(to: blocker)
        let storeFile = blocker.appendingPathComponent("missing").appendingPathComponent("assignments.json")

        let recorder = IssueRecorder()
        let store = FileAssignmentStore(fileURL: storeFile, report: recorder.record)
        #expect(recorder.issues.isEmpty, "a missing file is a fresh install: \(recorder.issues)")
        UnwritableStoreScenario.run(store: store, recorder: recorder)
        // The folder cannot be created: the file could not be written there either.
        #expect(recorder.unwritable.count == 1 && recorder.lockUnavailable.isEmpty, "\(recorder.issues)")
        if case .storeFileUnwritable(let path, let reason)? = recorder.unwritable.first {
            #expect(path == storeFile.path && !reason.isEmpty)
        }
        #expect(directory.contents() == ["not-a-directory"])
    }

    @Test("a missing directory that can be created is created on the first write, with no report")
    func missingDirectoryIsCreated() throws {
        let directory = try ScratchDirectory("created")
        defer { directory.remove() }
        let storeFile = directory.file("a").appendingPathComponent("b").appendingPathComponent("assignments.json")
        let recorder = IssueRecorder()
        let store = FileAssignmentStore(fileURL: storeFile, report: recorder.record)
        let service = SplitTestingService(configuration: .init(store: store, catalog: [CheckoutFlowSplitTest.self]))
        let checkout = service.fetchSplitTest(CheckoutFlowSplitTest.self)
        store.flush()
        #expect(recorder.issues.isEmpty)
        let stored = UnwritableStoreScenario.storedValues(in: storeFile)
        #expect(stored?[StorageKey.assignment(experiment: CheckoutFlowSplitTest.identifier, unit: service.deviceID)]
            == checkout.currentGroup.rawValue)
    }
}
