import Foundation
import Logging
import Testing
@_spi(Tools) @testable import SplitTestServer

/// The stored groups a SQLite storage keeps in memory answer as the file would: after stores,
/// after a unit is forgotten, when the file is replaced, and within their bound.
@Suite struct StoredGroupCacheTests {
    static func open(cachedUnits: Int = SQLiteStorage.defaultCachedUnits) async throws -> (SQLiteStorage, String) {
        let path = try Paths.temporaryFolder().appendingPathComponent("db.sqlite").path
        return (try await SQLiteStorage.open(path: path, cachedUnits: cachedUnits, logger: Logger(label: "test")), path)
    }

    @Test func unitsKeptInMemoryReadAsTheFileDoes() async throws {
        let (storage, path) = try await Self.open()
        #expect(try await storage.assignments(units: ["device-1", "user-1"]).isEmpty)
        _ = try await storage.storeIfAbsent(["device-1": ["checkout_button": "blue"], "user-1": ["plan_offer": "standard"]])
        _ = try await storage.storeIfAbsent(["device-1": ["checkout_button": "red", "banner_style": "wide"]])
        #expect(storage.cachedUnitCount == 2)
        let fromMemory = try await storage.assignments(units: ["device-1", "user-1"])
        try await storage.close()
        let file = try await SQLiteStorage.open(path: path, cachedUnits: 0, logger: Logger(label: "test"))
        let fromFile = try await file.assignments(units: ["device-1", "user-1"])
        try await file.close()
        #expect(fromMemory == ["device-1": ["checkout_button": "blue", "banner_style": "wide"], "user-1": ["plan_offer": "standard"]])
        #expect(fromMemory == fromFile)
    }

    @Test func aForgottenUnitIsNotAnsweredFromMemory() async throws {
        let (storage, _) = try await Self.open()
        _ = try await storage.assignments(units: ["device-1"])
        _ = try await storage.storeIfAbsent(["device-1": ["checkout_button": "blue"]])
        #expect(try await storage.assignments(unit: "device-1") == ["checkout_button": "blue"])
        try await storage.deleteAssignments(unit: "device-1")
        #expect(try await storage.assignments(unit: "device-1") == [:])
        _ = try await storage.storeIfAbsent(["device-1": ["checkout_button": "green"]])
        #expect(try await storage.assignments(unit: "device-1") == ["checkout_button": "green"])
        try await storage.close()
    }

    /// Reads racing with a delete never bring the deleted groups back into memory.
    @Test func readsRacingADeleteDoNotKeepWhatWasDeleted() async throws {
        let (storage, _) = try await Self.open()
        for round in 0..<20 {
            let unit = "device-\(round)"
            _ = try await storage.assignments(units: [unit])
            _ = try await storage.storeIfAbsent([unit: ["checkout_button": "blue"]])
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<8 { group.addTask { _ = try await storage.assignments(units: [unit, "other"]) } }
                group.addTask { try await storage.deleteAssignments(unit: unit) }
                for _ in 0..<8 { group.addTask { _ = try await storage.assignments(units: [unit]) } }
                try await group.waitForAll()
            }
            #expect(try await storage.assignments(unit: unit) == [:], "round \(round)")
        }
        try await storage.close()
    }

    @Test func aReplacedFileIsReadAfresh() async throws {
        let (storage, path) = try await Self.open()
        _ = try await storage.assignments(units: ["device-1"])
        _ = try await storage.storeIfAbsent(["device-1": ["checkout_button": "blue"]])
        #expect(try await storage.assignments(unit: "device-1") == ["checkout_button": "blue"])
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        // The storage looks at the file at most once a millisecond.
        try await Task.sleep(for: SQLiteStorage.fileLookInterval * 10)
        #expect(try await storage.assignments(unit: "device-1") == [:])
        try await storage.close()
    }

    @Test func atMostTheBoundIsKeptAndEvictedUnitsAreReadAgain() async throws {
        let (storage, _) = try await Self.open(cachedUnits: 10)
        for unit in 0..<25 {
            _ = try await storage.assignments(units: ["device-\(unit)"])
            _ = try await storage.storeIfAbsent(["device-\(unit)": ["checkout_button": "group-\(unit)"]])
        }
        #expect(storage.cachedUnitCount <= 10)
        for unit in 0..<25 {
            #expect(try await storage.assignments(unit: "device-\(unit)") == ["checkout_button": "group-\(unit)"])
        }
        #expect(storage.cachedUnitCount <= 10)
        try await storage.close()
    }

    /// Concurrent reads are made together and each request gets its own units' groups.
    @Test func concurrentReadsEachGetTheirOwnUnits() async throws {
        let (storage, _) = try await Self.open(cachedUnits: 0)
        var groups: [String: [String: String]] = [:]
        for unit in 0..<50 { groups["device-\(unit)"] = ["checkout_button": "group-\(unit % 3)"] }
        _ = try await storage.storeIfAbsent(groups)
        try await withThrowingTaskGroup(of: (Int, [String: [String: String]]).self) { group in
            for request in 0..<100 {
                group.addTask {
                    (request, try await storage.assignments(units: ["device-\(request % 50)", "user-\(request)"]))
                }
            }
            for try await (request, answer) in group {
                #expect(answer == ["device-\(request % 50)": ["checkout_button": "group-\(request % 50 % 3)"]])
            }
        }
        try await storage.close()
    }
}
