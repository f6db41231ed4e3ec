import Foundation
@_spi(Tools) import SplitTesting
import Testing

/// The stores an app names by factory (`.file(at:)`, `.userDefaults(_:)`, `.inMemory`) are the
/// package's stores, and a service works through them as through the stores themselves.
@Suite struct BuiltInAssignmentStoreTests {
    @Test func eachFactoryMakesItsStore() {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("builtin-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(BuiltInAssignmentStore.inMemory.unwrapped is InMemoryAssignmentStore)
        #expect(BuiltInAssignmentStore.file(at: folder.appendingPathComponent("a.json")).unwrapped is FileAssignmentStore)
        #expect(BuiltInAssignmentStore.userDefaults(.standard).unwrapped is UserDefaultsAssignmentStore)
        // Each use of `.inMemory` is a store of its own.
        let first: BuiltInAssignmentStore = .inMemory
        first.set("a", for: "key")
        #expect(BuiltInAssignmentStore.inMemory.string(for: "key") == nil)
    }

    @Test func aFileStoreKeepsTheDeviceAcrossLaunches() {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("builtin-store-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let firstLaunch: BuiltInAssignmentStore = .file(at: file)
        let deviceID = SplitTestingService(configuration: .init(store: firstLaunch)).deviceID
        firstLaunch.flush()
        #expect(FileManager.default.fileExists(atPath: file.path))
        let secondLaunch = SplitTestingService(configuration: .init(store: .file(at: file)))
        #expect(secondLaunch.deviceID == deviceID)
    }

    @Test func aServiceKnowsAnInMemoryStoreBehindTheFactory() {
        let issues = IssueRecorder()
        _ = BanditRuntimeTests.service(device: "d", store: BuiltInAssignmentStore.inMemory, issues: issues)
        #expect(issues.issues == [.banditWithoutPersistentStore(experiment: "onboarding_copy")])
    }
}
