import Foundation
@_spi(Generated) @_spi(Tools) import SplitTesting
import Testing

/// A full disk: writes fail, the failure is reported, the last good file survives, the service
/// keeps serving, and the next change after space is freed writes everything.
@Suite("File store on a full disk")
struct FullDiskTests {
    @Test("a full file system: reported, old file intact, groups served, written once space returns")
    func fullDisk() throws {
        let directory = try ScratchDirectory("full-disk")
        defer { directory.remove() }
        let mountPoint = directory.file("mount")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)

        var mount: TmpfsMount?
        defer { mount?.unmount() }
        switch TmpfsMount.mount(at: mountPoint, size: "64k") {
        case .success(let mounted):
            mount = mounted
        case .failure(let unavailable):
            print("FaultTests: a tiny tmpfs cannot be mounted here (\(unavailable.reason)); injecting the write error with a directory where the file goes instead")
            try injectedWriteError(storeFile: mountPoint.appendingPathComponent("assignments.json"))
            return
        }
        let storeFile = mountPoint.appendingPathComponent("assignments.json")
        let recorder = IssueRecorder()
        let store = FileAssignmentStore(fileURL: storeFile, report: recorder.record)

        // While there is room: the device's assignment reaches the disk.
        let first = SplitTestingService(configuration: .init(store: store, catalog: [CheckoutFlowSplitTest.self]))
        let checkout = first.fetchSplitTest(CheckoutFlowSplitTest.self)
        store.flush()
        #expect(recorder.issues.isEmpty)
        let before = try #require(UnwritableStoreScenario.storedValues(in: storeFile))

        let filler = mountPoint.appendingPathComponent("filler")
        let filled = fillFileSystem(with: filler)
        #expect(filled > 0, "the filler wrote nothing")

        let expected = UnwritableStoreScenario.run(store: store, recorder: recorder)
        #expect(UnwritableStoreScenario.storedValues(in: storeFile) == before, "the last good file survives the failed writes")
        #expect(expected[StorageKey.assignment(experiment: CheckoutFlowSplitTest.identifier, unit: first.deviceID)]
            == checkout.currentGroup.rawValue)

        // Space again: the next change writes the whole state, and nothing more is reported.
        try FileManager.default.removeItem(at: filler)
        let reportsBefore = recorder.issues.count
        store.set("late", for: StorageKey.assignment(experiment: CheckoutFlowSplitTest.identifier, unit: "late-device"))
        store.flush()
        #expect(recorder.issues.count == reportsBefore)
        let after = try #require(UnwritableStoreScenario.storedValues(in: storeFile))
        for (key, value) in expected {
            #expect(after[key] == value, "\(key) was not written once space returned")
        }
    }

    /// Writes zeros to `file` until the file system refuses; how many bytes it took.
    private func fillFileSystem(with file: URL) -> Int {
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0, count: 4_096)
        var total = 0
        while true {
            let written = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written <= 0 { break }
            total += written
        }
        return total
    }

    /// Where no tmpfs can be mounted: a non-empty directory takes the store file's place after
    /// the store has opened, so the atomic rename of every write fails.
    private func injectedWriteError(storeFile: URL) throws {
        let recorder = IssueRecorder()
        let store = FileAssignmentStore(fileURL: storeFile, report: recorder.record)
        try FileManager.default.createDirectory(at: storeFile, withIntermediateDirectories: true)
        try Data().write(to: storeFile.appendingPathComponent("occupied"))
        UnwritableStoreScenario.run(store: store, recorder: recorder)
    }
}
