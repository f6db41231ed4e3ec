import Benchmark
import Foundation
@_spi(Tools) import SplitTesting

/// `fetchSplitTest` through a `FileAssignmentStore` that processes share (the default: a `stat`
/// before each first-time read, writes merged under a lock) against one that only this process
/// opens. A first-time assignment pays the check; the sticky path never reaches the store.
func registerSharedStoreBenchmarks() {
    for sharing in [FileAssignmentStore.Sharing.singleProcess, .acrossProcesses] {
        // Each operation signs in a user never seen before, so the fetch reads the store,
        // buckets and stores; the file is new for every iteration, written in the background.
        Benchmark(SharedStoreFixtures.firstTimeName(sharing)) { benchmark in
            let file = SharedStoreFixtures.newFile()
            let store = FileAssignmentStore(fileURL: file, sharing: sharing)
            let service = SplitTestingService(configuration: .init(store: store, deviceID: RuntimeFixtures.unitIDs[0]))
            let users = RuntimeFixtures.userIDs(count: benchmark.scaledIterations.count)
            benchmark.startMeasurement()
            for index in benchmark.scaledIterations {
                service.associate(user: users[index])
                blackHole(service.fetchSplitTest(BenchmarkProfileSplitTest.self).currentGroup)
            }
            benchmark.stopMeasurement()
            store.flush()
            SharedStoreFixtures.remove(file)
        }

        Benchmark(SharedStoreFixtures.stickyName(sharing)) { benchmark in
            let file = SharedStoreFixtures.newFile()
            let store = FileAssignmentStore(fileURL: file, sharing: sharing)
            let service = SplitTestingService(configuration: .init(store: store, deviceID: RuntimeFixtures.unitIDs[0]))
            let first = service.fetchSplitTest(BenchmarkButtonColorSplitTest.self)
            precondition(first.assignment.reason == .bucketed, "the first fetch buckets the device")
            store.flush()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(service.fetchSplitTest(BenchmarkButtonColorSplitTest.self).currentGroup)
            }
            benchmark.stopMeasurement()
            SharedStoreFixtures.remove(file)
        }
    }
}

/// The names (as the report generator reads them) and the scratch files of the shared-store benchmarks.
enum SharedStoreFixtures {
    // Named after the other fetchSplitTest benchmarks; a sticky one sorts after the plain
    // "fetchSplitTest, sticky", which the report reads as the sticky path.
    static func firstTimeName(_ sharing: FileAssignmentStore.Sharing) -> String {
        "fetchSplitTest, first-time assignment, \(label(sharing)) file store (with associate(user:))"
    }

    static func stickyName(_ sharing: FileAssignmentStore.Sharing) -> String {
        "fetchSplitTest, sticky, \(label(sharing)) file store"
    }

    private static func label(_ sharing: FileAssignmentStore.Sharing) -> String {
        sharing == .acrossProcesses ? "shared" : "single-process"
    }

    private static let folder: URL = {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("split-testing-benchmarks-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// A store file that does not exist yet.
    static func newFile() -> URL {
        folder.appendingPathComponent("\(UUID().uuidString).json")
    }

    /// Removes the store file and what the store keeps beside it.
    static func remove(_ file: URL) {
        for suffix in ["", ".lock", ".tmp"] {
            try? FileManager.default.removeItem(atPath: file.path + suffix)
        }
    }
}
