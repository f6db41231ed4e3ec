import Foundation
import Logging
import Testing
@_spi(Tools) @testable import SplitTestServer

/// The SQLite storage under concurrent requests, whose writes share transactions: each write is
/// whole and in arrival order, the first group stored for a unit wins for every request, and the
/// reads see what was acknowledged.
@Suite struct SQLiteStorageTests {
    static func open() async throws -> SQLiteStorage {
        let path = try Paths.temporaryFolder().appendingPathComponent("db.sqlite").path
        return try await SQLiteStorage.open(path: path, logger: Logger(label: "test"))
    }

    @Test func concurrentBatchesAreStoredWholeAndInOrder() async throws {
        let storage = try await Self.open()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for batch in 0..<40 {
                group.addTask { try await storage.appendEvents((0..<25).map { "batch-\(batch)-line-\($0)" }) }
            }
            try await group.waitForAll()
        }
        let lines = try await storage.events()
        try await storage.close()
        #expect(lines.count == 40 * 25)
        // Each batch's lines stand together, in their order.
        for start in stride(from: 0, to: lines.count, by: 25) {
            let batch = lines[start].split(separator: "-")[1]
            #expect(lines[start..<start + 25] == ArraySlice((0..<25).map { "batch-\(batch)-line-\($0)" }))
        }
    }

    @Test func theFirstGroupStoredWinsForEveryConcurrentRequest() async throws {
        let storage = try await Self.open()
        let answers = try await withThrowingTaskGroup(of: [String: [String: String]].self) { group in
            for request in 0..<30 {
                group.addTask {
                    try await storage.storeIfAbsent([
                        "device-1": ["checkout_button": "group-\(request)", "banner_style": "cell-\(request)"],
                        "user-\(request)": ["plan_offer": "standard"],
                    ])
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let stored = try await storage.assignments(units: ["device-1", "user-3", "user-29", "nobody"])
        try await storage.close()
        #expect(answers.count == 30)
        for answer in answers {
            #expect(answer["device-1"] == stored["device-1"])
            #expect(answer.keys.count == 2)
        }
        #expect(stored["device-1"]?.count == 2)
        #expect(stored["user-3"] == ["plan_offer": "standard"])
        #expect(stored["user-29"] == ["plan_offer": "standard"])
        #expect(stored["nobody"] == nil)
    }

    @Test func aForgottenUnitIsAssignedAnew() async throws {
        let storage = try await Self.open()
        _ = try await storage.storeIfAbsent(["device-1": ["checkout_button": "blue"], "device-2": ["checkout_button": "red"]])
        async let forgotten: Void = storage.deleteAssignments(unit: "device-1")
        async let events: Void = storage.appendEvents(["one"])
        _ = try await (forgotten, events)
        let again = try await storage.storeIfAbsent(["device-1": ["checkout_button": "green"]])
        let stored = try await storage.assignments(units: ["device-1", "device-2"])
        try await storage.close()
        #expect(again == ["device-1": ["checkout_button": "green"]])
        #expect(stored == ["device-1": ["checkout_button": "green"], "device-2": ["checkout_button": "red"]])
    }
}
