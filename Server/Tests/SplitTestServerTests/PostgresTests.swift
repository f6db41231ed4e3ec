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

    /// Starts two servers on `cluster`'s database.
    static func twoServers(on cluster: PostgresCluster, arguments: [String] = []) async throws -> [ServerProcess] {
        [try await ServerProcess.start(databaseURL: cluster.url, arguments: arguments),
         try await ServerProcess.start(databaseURL: cluster.url, arguments: arguments)]
    }

    /// The group and reason `server` answers for `device` in checkout_button.
    static func checkout(_ server: ServerProcess, _ device: String) async throws -> (group: String?, reason: String?) {
        let answer = try await server.assign(#"{"device": "\#(device)", "experiments": ["checkout_button"]}"#)["checkout_button"]
        return (answer?["group"] as? String, answer?["reason"] as? String)
    }

    /// A unit forgotten through one instance is bucketed anew by the other at its next request,
    /// also right after the other answered it from what it keeps in memory.
    @Test func aUnitDeletedThroughOneIsBucketedAnewByTheOther() async throws {
        let cluster = try await PostgresCluster.start()
        defer { cluster.remove() }
        let servers = try await Self.twoServers(on: cluster)
        defer { for server in servers { server.stop() } }
        for round in 0..<20 {
            let device = "forgotten-\(round)"
            let (deleting, answering) = (servers[round % 2], servers[(round + 1) % 2])
            let first = try await Self.checkout(answering, device)
            #expect(first.reason == "bucketed")
            #expect(try await Self.checkout(answering, device).reason == "sticky")
            #expect(try await Self.checkout(answering, device).reason == "sticky")
            #expect(try await deleting.request("DELETE", "/v1/units/\(device)").status == 204)
            let again = try await Self.checkout(answering, device)
            #expect(again.reason == "bucketed", "round \(round)")
            #expect(again.group == first.group)
        }
    }

    /// A group stored through one instance is served by the other at its next request, even
    /// where the other, which had answered the unit without it, would not bucket the unit now
    /// (a stored group comes before targeting).
    @Test func aGroupStoredThroughOneIsServedByTheOtherWhereItWouldNotBucket() async throws {
        let cluster = try await PostgresCluster.start()
        defer { cluster.remove() }
        let servers = try await Self.twoServers(on: cluster)
        defer { for server in servers { server.stop() } }
        var enrolled = 0
        for round in 0..<20 {
            let user = "targeted-\(round)"
            func planOffer(_ server: ServerProcess, plan: String) async throws -> (group: String?, reason: String?) {
                let answer = try await server.assign(
                    #"{"user": "\#(user)", "attributes": {"plan": "\#(plan)", "days_since_install": 30}, "experiments": ["plan_offer"]}"#)["plan_offer"]
                return (answer?["group"] as? String, answer?["reason"] as? String)
            }
            #expect(try await planOffer(servers[1], plan: "free").reason == "notTargeted")
            #expect(try await planOffer(servers[1], plan: "free").reason == "notTargeted")
            let stored = try await planOffer(servers[0], plan: "pro")
            guard stored.reason == "bucketed" else {
                #expect(stored.reason == "notEnrolled")
                continue
            }
            enrolled += 1
            let served = try await planOffer(servers[1], plan: "free")
            #expect(served.reason == "sticky", "round \(round)")
            #expect(served.group == stored.group)
        }
        #expect(enrolled > 10)
    }

    /// An instance killed (SIGKILL) while requests stream in has lost nothing it acknowledged:
    /// every event it answered 202 and every group it answered is in the database, and the
    /// other instance serves those groups.
    @Test func anInstanceKilledUnderLoadLosesNothingItAcknowledged() async throws {
        let cluster = try await PostgresCluster.start()
        defer { cluster.remove() }
        let servers = try await Self.twoServers(on: cluster)
        defer { for server in servers { server.stop() } }
        let (killed, survivor) = (servers[0], servers[1])
        let acknowledged = Acknowledged()
        let load = Task {
            await withTaskGroup(of: Void.self) { group in
                for client in 0..<16 {
                    group.addTask {
                        for request in 0..<10_000 {
                            let name = "killed-\(client)-\(request)"
                            if request % 2 == 0 {
                                let events = (0..<5).map { RequestTests.exposure("\(name)-\($0)") }
                                guard let answer = try? await killed.request("POST", "/v1/events", body: "[" + events.joined(separator: ",") + "]")
                                else { return }
                                if answer.status == 202 { acknowledged.add(events: events) }
                            } else {
                                guard let answer = try? await Self.checkout(killed, name) else { return }
                                if answer.reason == "bucketed", let group = answer.group { acknowledged.add(device: name, group: group) }
                            }
                        }
                    }
                }
            }
        }
        // Killed once it has acknowledged a good many of each.
        let deadline = ContinuousClock.now + .seconds(60)
        while acknowledged.counts.events < 500 || acknowledged.counts.groups < 100 {
            try #require(ContinuousClock.now < deadline, "the load was not acknowledged within a minute")
            try await Task.sleep(for: .milliseconds(20))
        }
        killed.signal(SIGKILL)
        await load.value
        killed.process.waitUntilExit()
        #expect(killed.process.terminationReason == .uncaughtSignal)

        let (events, groups) = acknowledged.all
        let storage = try await DatabaseLocation(parsing: cluster.url).open(logger: Logger(label: "test"))
        let stored = Set(try await storage.events())
        let missing = events.filter { !stored.contains($0) }
        #expect(missing.isEmpty, "\(missing.count) of \(events.count) acknowledged events are not stored")
        let storedGroups = try await storage.assignments(units: Array(groups.keys))
        try await storage.close()
        for (device, group) in groups {
            #expect(storedGroups[device]?["checkout_button"] == group, "\(device)")
        }
        for device in groups.keys.sorted().prefix(50) {
            let served = try await Self.checkout(survivor, device)
            #expect(served.reason == "sticky" && served.group == groups[device], "\(device)")
        }
    }

    /// The connections that hear of the other instance's changes ended by the database: answers
    /// stay those of the database while they are down, and after they are made again.
    @Test func listeningConnectionsEndedAndMadeAgainKeepAnswersTrue() async throws {
        let cluster = try await PostgresCluster.start()
        defer { cluster.remove() }
        let servers = try await Self.twoServers(on: cluster)
        defer { for server in servers { server.stop() } }
        let listeners = "SELECT pid FROM pg_stat_activity WHERE application_name = '\(ChangedUnitsListener.applicationName)'"
        var ended = Set(try cluster.sql(listeners).split(separator: "\n"))
        #expect(ended.count == 2)
        for round in 0..<3 {
            let device = "relisten-\(round)"
            #expect(try await Self.checkout(servers[1], device).reason == "bucketed")
            #expect(try await Self.checkout(servers[1], device).reason == "sticky")
            ended = Set(try cluster.sql(listeners).split(separator: "\n"))
            try cluster.sql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '\(ChangedUnitsListener.applicationName)'")
            #expect(try await servers[0].request("DELETE", "/v1/units/\(device)").status == 204)
            #expect(try await Self.checkout(servers[1], device).reason == "bucketed", "round \(round), while not listening")
            #expect(try await Self.checkout(servers[1], device).reason == "sticky")

            let deadline = ContinuousClock.now + .seconds(30)
            while true {
                let now = Set(try cluster.sql(listeners).split(separator: "\n"))
                if now.count == 2, now.isDisjoint(with: ended) { break }
                try #require(ContinuousClock.now < deadline, "the servers did not listen again within 30 seconds")
                try await Task.sleep(for: .milliseconds(100))
            }
            try await Task.sleep(for: .milliseconds(200))
            #expect(try await Self.checkout(servers[1], device).reason == "sticky")
            #expect(try await servers[0].request("DELETE", "/v1/units/\(device)").status == 204)
            #expect(try await Self.checkout(servers[1], device).reason == "bucketed", "round \(round), listening again")
        }
        for server in servers { #expect(server.printed.contains("listening again for other instances' changes")) }
    }
}

/// What a server acknowledged under load: event lines answered 202, groups answered.
private final class Acknowledged: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [String] = []
    private var groups: [String: String] = [:]

    func add(events added: [String]) { lock.withLock { events += added } }
    func add(device: String, group: String) { lock.withLock { groups[device] = group } }
    var counts: (events: Int, groups: Int) { lock.withLock { (events.count, groups.count) } }
    var all: ([String], [String: String]) { lock.withLock { (events, groups) } }
}
