import Foundation
import Logging
import Testing
@_spi(Tools) @testable import SplitTestServer

/// The filter of units with groups lets a SQLite storage skip the read of a unit never seen, and
/// never skips one that has groups: units in the file when it opens, units stored while it is
/// built, and units of a file that replaced the one it was built from.
@Suite struct StoredUnitFilterTests {
    /// Storage without the in-memory groups, so that every answer comes through the filter.
    static func open(_ path: String) async throws -> SQLiteStorage {
        try await SQLiteStorage.open(path: path, cachedUnits: 0, logger: Logger(label: "test"))
    }

    @Test func unitsInTheFileWhenItOpensAreRead() async throws {
        let path = try Paths.temporaryFolder().appendingPathComponent("db.sqlite").path
        let first = try await Self.open(path)
        // More than one page of the build's reads.
        var groups: [String: [String: String]] = [:]
        for unit in 0..<25_000 { groups["device-\(unit)"] = ["checkout_button": "group-\(unit % 4)"] }
        _ = try await first.storeIfAbsent(groups)
        try await first.close()

        let storage = try await Self.open(path)
        await storage.filterBuilt()
        #expect(storage.filteredUnitCount == 25_000)
        for unit in stride(from: 0, to: 25_000, by: 997) {
            #expect(try await storage.assignments(unit: "device-\(unit)") == ["checkout_button": "group-\(unit % 4)"])
        }
        #expect(try await storage.assignments(unit: "never-seen") == [:])
        try await storage.close()
    }

    @Test func unitsStoredWhileTheFilterIsBuiltAreRead() async throws {
        let path = try Paths.temporaryFolder().appendingPathComponent("db.sqlite").path
        let first = try await Self.open(path)
        var groups: [String: [String: String]] = [:]
        for unit in 0..<40_000 { groups["old-\(unit)"] = ["checkout_button": "blue"] }
        _ = try await first.storeIfAbsent(groups)
        try await first.close()

        let storage = try await Self.open(path)
        // Stored while the build reads its pages (and some after it ends).
        try await withThrowingTaskGroup(of: Void.self) { group in
            for unit in 0..<200 {
                group.addTask { _ = try await storage.storeIfAbsent(["new-\(unit)": ["checkout_button": "red"]]) }
            }
            try await group.waitForAll()
        }
        await storage.filterBuilt()
        #expect((storage.filteredUnitCount ?? 0) >= 40_200)
        for unit in 0..<200 {
            #expect(try await storage.assignments(unit: "new-\(unit)") == ["checkout_button": "red"], "new-\(unit)")
        }
        #expect(try await storage.assignments(unit: "old-39999") == ["checkout_button": "blue"])
        try await storage.close()
    }

    @Test func aFileThatReplacedTheFilteredOneIsReadAndFilteredAgain() async throws {
        let folder = try Paths.temporaryFolder()
        let path = folder.appendingPathComponent("db.sqlite").path
        let storage = try await Self.open(path)
        await storage.filterBuilt()
        #expect(storage.filteredUnitCount == 0)

        // Another file, with a unit the filter never saw, takes the path.
        let otherPath = folder.appendingPathComponent("other.sqlite").path
        let other = try await Self.open(otherPath)
        _ = try await other.storeIfAbsent(["device-1": ["checkout_button": "green"]])
        try await other.close()
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        try FileManager.default.moveItem(atPath: otherPath, toPath: path)
        // The storage looks at the file at most once a millisecond.
        try await Task.sleep(for: SQLiteStorage.fileLookInterval * 10)

        #expect(try await storage.assignments(unit: "device-1") == ["checkout_button": "green"])
        await storage.filterBuilt()
        #expect(storage.filteredUnitCount == 1)
        #expect(try await storage.assignments(unit: "device-1") == ["checkout_button": "green"])
        try await storage.close()
    }

    /// The filter's own promise: no unit added is ever a "no", and few others are "maybe".
    @Test func addedUnitsAreAlwaysMaybeAndFewOthersAre() throws {
        let filter = StoredUnitFilter(minimumCapacity: 10_000)
        let file = try #require(FileIdentity(path: FileManager.default.currentDirectoryPath))
        #expect(filter.startBuilding())
        filter.finishBuilding(hashes: (0..<5_000).map { StoredUnitFilter.hash("unit-\($0)") }, file: file)
        filter.settle(filter.add((5_000..<10_000).map { "unit-\($0)" }))
        #expect((0..<10_000).allSatisfy { filter.mayHold("unit-\($0)", file: file) })
        let wrong = (0..<10_000).filter { filter.mayHold("other-\($0)", file: file) }.count
        #expect(wrong < 300, "\(wrong) of 10,000 units never added were a maybe")
        // Another file: every unit is a maybe.
        #expect(filter.mayHold("other-1", file: FileIdentity(device: file.device, inode: file.inode &+ 1)))
    }
}
