import Foundation
import Logging
import Testing
@_spi(Tools) @testable import SplitTestServer

/// Many requests at once: each new unit ends with one group, and no event is lost.
@Suite struct ConcurrencyTests {
    @Test func concurrentRequestsForNewUnitsAgreeAndLoseNoEvent() async throws {
        let folder = try Paths.temporaryFolder()
        let database = folder.appendingPathComponent("db.sqlite").path
        let server = try await ServerProcess.start(database: database)
        let units = (0..<15).map { "concurrent-\($0)" }
        let answers = try await withThrowingTaskGroup(of: (String, [String: String]).self) { group in
            for unit in units {
                for _ in 0..<4 {
                    group.addTask {
                        let assignments = try await server.assign(#"{"device": "\#(unit)", "experiments": ["checkout_button"]}"#)
                        return (unit, assignments.compactMapValues { $0["group"] as? String })
                    }
                }
            }
            return try await group.reduce(into: [String: [[String: String]]]()) { $0[$1.0, default: []].append($1.1) }
        }
        for unit in units {
            let groups = Set(try #require(answers[unit]).compactMap { $0["checkout_button"] })
            #expect(groups.count == 1, "\(unit): \(groups)")
            let later = try await server.assign(#"{"device": "\#(unit)", "experiments": ["checkout_button"]}"#)
            #expect(later["checkout_button"]?["reason"] as? String == "sticky")
            #expect(groups.first == later["checkout_button"]?["group"] as? String)
        }

        let batches = 8, perBatch = 50
        try await withThrowingTaskGroup(of: Int.self) { group in
            for batch in 0..<batches {
                group.addTask {
                    let events = (0..<perBatch).map { RequestTests.exposure("batch-\(batch)-\($0)") }
                    let answer = try await server.request("POST", "/v1/events", body: "[" + events.joined(separator: ",") + "]")
                    return answer.json["accepted"] as? Int ?? -1
                }
            }
            for try await accepted in group { #expect(accepted == perBatch) }
        }
        // A graceful stop: SIGTERM lets the requests in flight finish and exits 0.
        #expect(server.stop() == 0)
        let storage = try await SQLiteStorage.open(path: database, logger: Logger(label: "test"))
        let lines = try await storage.events()
        try await storage.close()
        #expect(lines.count == batches * perBatch)
        #expect(Set(lines).count == batches * perBatch)
    }
}
