import Foundation
import Logging
import SplitTestFormats
import Testing
@_spi(Tools) import SplitTesting
@_spi(Tools) import SplitTestingRemote
@_spi(Tools) @testable import SplitTestServer

/// The service on PostgreSQL: the same answers as on SQLite, several instances sharing one
/// database, and a database that goes away and comes back.
@Suite(.serialized, .enabled(if: PostgresCluster.shouldRun, PostgresCluster.skipReason))
struct PostgresTests {
    @Test func freshUnitsGetWhatSplitcAssignGivesAndEventsAreStored() async throws {
        let cluster = try await PostgresCluster.start()
        defer { cluster.remove() }
        let server = try await ServerProcess.start(databaseURL: cluster.url)
        defer { server.stop() }
        for index in 0..<8 {
            let device = "pg-device-\(index)", user = "pg-user-\(index)"
            let body = #"{"device": "\#(device)", "user": "\#(user)", "attributes": \#(AssignmentTests.attributes)}"#
            let assignments = try await server.assign(body)
            #expect(assignments.keys.sorted() == AssignmentTests.experiments)
            for experiment in AssignmentTests.experiments {
                let unit = experiment == "plan_offer" ? user : device
                let expected = try Splitc.assign(experiment: experiment, unit: unit, attributes: AssignmentTests.attributes)
                #expect(assignments[experiment]?["group"] as? String == expected.group, "\(experiment) \(unit)")
                #expect(assignments[experiment]?["reason"] as? String == expected.reason, "\(experiment) \(unit)")
            }
            // Stored before the first answer was sent: the second is sticky with the same group.
            let again = try await server.assign(body)
            for (experiment, answer) in assignments where answer["reason"] as? String == "bucketed" {
                #expect(again[experiment]?["reason"] as? String == "sticky", "\(experiment) \(device)")
                #expect(again[experiment]?["group"] as? String == answer["group"] as? String)
            }
        }
        let accepted = try await server.request("POST", "/v1/events", body: "[\(RequestTests.exposure("pg-d1")),\(RequestTests.goal)]")
        #expect(accepted.status == 202)
        let rejected = try await server.request("POST", "/v1/events", body: "[\(RequestTests.exposure("pg-d2")), 5]")
        #expect(rejected.status == 400)
        let forgotten = try await server.request("DELETE", "/v1/units/pg-device-0")
        #expect(forgotten.status == 204)

        let storage = try await DatabaseLocation(parsing: cluster.url).open(logger: Logger(label: "test"))
        let lines = try await storage.events()
        let stored = try await storage.assignments(unit: "pg-device-0")
        let kept = try await storage.assignments(unit: "pg-device-1")
        try await storage.close()
        #expect(lines == [RequestTests.exposure("pg-d1"), RequestTests.goal])
        #expect(stored.isEmpty)
        #expect(!kept.isEmpty)
    }

    /// Two instances whose control documents give most units different groups, hit at the same
    /// time for the same new units: whichever stores a unit's group first, both answer it.
    @Test func twoServersOnOneDatabaseGiveEachUnitOneGroupAndLoseNoEvent() async throws {
        let cluster = try await PostgresCluster.start()
        defer { cluster.remove() }
        let folder = try Paths.temporaryFolder()
        var servers: [ServerProcess] = []
        defer { for server in servers { server.stop() } }
        for (index, weights) in [["red": 98.0, "blue": 1, "green": 1], ["red": 1, "blue": 98, "green": 1]].enumerated() {
            let control = SplitTestControl(sequence: index + 1, experiments: ["checkout_button": .init(weights: weights)])
            let path = folder.appendingPathComponent("control-\(index).json").path
            try control.writeDocument(to: path)
            servers.append(try await ServerProcess.start(databaseURL: cluster.url, arguments: ["--control", path]))
        }
        let units = (0..<40).map { "race-\($0)" }
        let answers = try await withThrowingTaskGroup(of: (String, String, String).self) { group in
            for (index, unit) in units.enumerated() {
                for attempt in 0..<4 {
                    // Each instance asks first for half the units.
                    let server = servers[(index + attempt) % 2]
                    group.addTask {
                        let answer = try await server.assign(#"{"device": "\#(unit)", "experiments": ["checkout_button"]}"#)
                        let checkout = answer["checkout_button"]
                        return (unit, checkout?["group"] as? String ?? "", checkout?["reason"] as? String ?? "")
                    }
                }
            }
            return try await group.reduce(into: [String: [(group: String, reason: String)]]()) {
                $0[$1.0, default: []].append(($1.1, $1.2))
            }
        }
        let storage = try await DatabaseLocation(parsing: cluster.url).open(logger: Logger(label: "test"))
        var winners: Set<String> = []
        for unit in units {
            let given = try #require(answers[unit])
            #expect(given.count == 4)
            #expect(Set(given.map(\.group)).count == 1, "\(unit): \(given)")
            let stored = try await storage.assignments(unit: unit)
            #expect(stored == ["checkout_button": given[0].group], "\(unit)")
            winners.insert(given[0].group)
            for server in servers {
                let later = try await server.assign(#"{"device": "\#(unit)", "experiments": ["checkout_button"]}"#)
                #expect(later["checkout_button"]?["reason"] as? String == "sticky")
                #expect(later["checkout_button"]?["group"] as? String == given[0].group)
            }
        }
        // Each instance stored first for some units: the other one served the group it did not give.
        #expect(winners.isSuperset(of: ["red", "blue"]), "\(winners)")

        let batches = 10, perBatch = 40
        try await withThrowingTaskGroup(of: Int.self) { group in
            for batch in 0..<batches {
                let server = servers[batch % 2]
                group.addTask {
                    let events = (0..<perBatch).map { RequestTests.exposure("pg-batch-\(batch)-\($0)") }
                    let answer = try await server.request("POST", "/v1/events", body: "[" + events.joined(separator: ",") + "]")
                    return answer.json["accepted"] as? Int ?? -1
                }
            }
            for try await accepted in group { #expect(accepted == perBatch) }
        }
        for server in servers { #expect(server.stop() == 0) }
        let lines = try await storage.events()
        try await storage.close()
        #expect(lines.count == batches * perBatch)
        #expect(Set(lines).count == batches * perBatch)
    }

    @Test func aDatabaseThatGoesAwayGives503AndTheServiceRecovers() async throws {
        let cluster = try await PostgresCluster.start()
        defer { cluster.remove() }
        let server = try await ServerProcess.start(databaseURL: cluster.url)
        defer { server.stop() }
        let body = #"{"device": "outage-device", "experiments": ["checkout_button"]}"#
        let first = try await server.assign(body)
        let group = try #require(first["checkout_button"]?["group"] as? String)

        try cluster.stopServer()
        let started = ContinuousClock.now
        let away = try await server.request("POST", "/v1/assignments", body: body)
        #expect(away.status == 503, "\(away.body)")
        #expect(away.headers["content-type"] == "application/problem+json")
        #expect(away.headers["retry-after"] == "1")
        #expect(away.json["status"] as? Int == 503)
        let events = try await server.request("POST", "/v1/events", body: "[\(RequestTests.exposure("outage"))]")
        #expect(events.status == 503)
        // Answered within the storage's deadline, not after the pool gives up.
        #expect(ContinuousClock.now - started < .seconds(15))
        // The service itself is still up.
        #expect(try await server.request("GET", "/health").status == 200)

        try await cluster.startServer()
        var recovered: HTTPAnswer?
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            let answer = try await server.request("POST", "/v1/assignments", body: body)
            if answer.status == 200 {
                recovered = answer
                break
            }
            #expect(answer.status == 503)
            try await Task.sleep(for: .milliseconds(200))
        }
        let answer = try #require(recovered, "no 200 within a minute of the database's return")
        let checkout = (answer.json["assignments"] as? [[String: Any]])?.first
        #expect(checkout?["group"] as? String == group)
        #expect(checkout?["reason"] as? String == "sticky")
        let accepted = try await server.request("POST", "/v1/events", body: "[\(RequestTests.exposure("after-outage"))]")
        #expect(accepted.status == 202)
    }
}
