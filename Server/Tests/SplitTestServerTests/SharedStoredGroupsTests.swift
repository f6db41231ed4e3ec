import Foundation
import Logging
import Testing
@_spi(Tools) import SplitTesting
@_spi(Tools) import SplitTestFormats
@_spi(Tools) @testable import SplitTestServer

/// Two storages on one PostgreSQL database, as two instances of the service: what each keeps in
/// memory answers as the database does, whatever the other one stores or forgets, and while the
/// connection that hears of the other's changes is down.
@Suite(.serialized, .enabled(if: PostgresCluster.shouldRun, PostgresCluster.skipReason))
struct SharedStoredGroupsTests {
    /// Runs `body` with two storages on a new cluster, whose operations fail after `deadline`.
    static func withTwoInstances(
        deadline: Duration = .seconds(60),
        _ body: (PostgresCluster, PostgresStorage, PostgresStorage) async throws -> Void
    ) async throws {
        let cluster = try await PostgresCluster.start()
        defer { cluster.remove() }
        let first = try await open(cluster, deadline: deadline)
        let second = try await open(cluster, deadline: deadline)
        do {
            try await body(cluster, first, second)
        } catch {
            try? await first.close()
            try? await second.close()
            throw error
        }
        try await first.close()
        try await second.close()
    }

    /// A storage on `cluster`, as the service opens it, but for its deadline: these tests are
    /// about what each instance knows, and the whole suite on two cores can keep one of many
    /// throwaway clusters from answering for longer than the service's few seconds.
    static func open(_ cluster: PostgresCluster, deadline: Duration) async throws -> PostgresStorage {
        guard case .postgres(let server) = try DatabaseLocation(parsing: cluster.url) else {
            throw PostgresCluster.Failure(description: "not a PostgreSQL location: \(cluster.url)")
        }
        return try await PostgresStorage.open(
            host: server.host, port: server.port, user: server.user, password: server.password,
            database: server.database, deadline: deadline, logger: Logger(label: "test"))
    }

    /// Waits until `storage` listens again after its connection was ended.
    static func waitUntilListening(_ storage: PostgresStorage) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while !storage.isListening {
            try #require(ContinuousClock.now < deadline, "the storage did not listen again within 30 seconds")
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Reads `unit` through `storage` until it is answered from memory (the notice of a change
    /// committed before a read may arrive after it and drop what it kept); each answer is
    /// `expected`.
    static func readFromMemory(_ storage: PostgresStorage, _ unit: String, expected: [String: String]) async throws {
        for _ in 0..<50 {
            let before = storage.answersFromMemory
            #expect(try await storage.assignments(unit: unit) == expected, "\(unit)")
            if storage.answersFromMemory > before { return }
        }
        Issue.record("\(unit) was not answered from memory in 50 reads")
    }

    @Test func aUnitForgottenThroughOneIsForgottenByTheOtherAtItsNextRead() async throws {
        try await Self.withTwoInstances { _, first, second in
            for round in 0..<30 {
                let unit = "device-\(round)"
                try await first.storeIfAbsent([unit: ["checkout_button": "blue"]])
                try await Self.readFromMemory(second, unit, expected: ["checkout_button": "blue"])
                try await first.deleteAssignments(unit: unit)
                #expect(try await second.assignments(unit: unit) == [:], "round \(round)")
            }
        }
    }

    /// A group stored through one is read by the other, which had read the unit with none in
    /// that experiment: an absence kept in memory is a claim that another instance's store ends.
    @Test func aGroupStoredThroughOneIsReadByTheOtherThatKeptTheUnitWithout() async throws {
        try await Self.withTwoInstances { _, first, second in
            for round in 0..<30 {
                let device = "device-\(round)", user = "user-\(round)"
                try await second.storeIfAbsent([device: ["checkout_button": "red"]])
                #expect(try await second.assignments(units: [device, user]) == [device: ["checkout_button": "red"]])
                #expect(try await second.assignments(units: [device, user]) == [device: ["checkout_button": "red"]])
                try await first.storeIfAbsent([user: ["plan_offer": "discounted"], device: ["banner_style": "gray+small"]])
                #expect(
                    try await second.assignments(units: [device, user])
                        == [device: ["checkout_button": "red", "banner_style": "gray+small"], user: ["plan_offer": "discounted"]],
                    "round \(round)")
            }
        }
    }

    /// A group removed through one (its definitions no longer have it) and replaced is replaced
    /// for the other too.
    @Test func aGroupReplacedThroughOneIsReplacedForTheOther() async throws {
        try await Self.withTwoInstances { _, first, second in
            try await first.storeIfAbsent(["device-1": ["checkout_button": "purple"]])
            #expect(try await second.assignments(unit: "device-1") == ["checkout_button": "purple"])
            _ = try await first.apply([
                .remove(experiment: "checkout_button", unit: "device-1", group: "purple"),
                .store(experiment: "checkout_button", unit: "device-1", assignment: StoredAssignment(group: "blue")),
            ])
            #expect(try await second.assignments(unit: "device-1") == ["checkout_button": "blue"])
            #expect(try await first.assignments(unit: "device-1") == ["checkout_button": "blue"])
        }
    }

    /// Reads through one racing a delete through the other never bring the deleted groups back
    /// into memory.
    @Test func readsRacingADeleteThroughTheOtherDoNotKeepWhatWasDeleted() async throws {
        try await Self.withTwoInstances { _, first, second in
            for round in 0..<30 {
                let unit = "device-\(round)"
                try await first.storeIfAbsent([unit: ["checkout_button": "blue"]])
                _ = try await second.assignments(units: [unit])
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<8 { group.addTask { _ = try await second.assignments(units: [unit, "other"]) } }
                    group.addTask { try await first.deleteAssignments(unit: unit) }
                    for _ in 0..<8 { group.addTask { _ = try await second.assignments(units: [unit]) } }
                    try await group.waitForAll()
                }
                #expect(try await second.assignments(unit: unit) == [:], "round \(round)")
                #expect(try await first.assignments(unit: unit) == [:], "round \(round)")
            }
        }
    }

    /// Two stores of different groups for the same new units, one through each, at once: both
    /// answer the group that was stored first, and so do both memories afterwards.
    @Test func racingStoresThroughBothAnswerTheFirstStored() async throws {
        try await Self.withTwoInstances { _, first, second in
            let units = (0..<200).map { "race-\($0)" }
            let answers = try await withThrowingTaskGroup(of: (Int, [String: [String: String]]).self) { group in
                for (index, storage) in [first, second].enumerated() {
                    let given = index == 0 ? "red" : "blue"
                    for unit in units {
                        group.addTask {
                            _ = try await storage.assignments(units: [unit])
                            return (index, try await storage.storeIfAbsent([unit: ["checkout_button": given]]))
                        }
                    }
                }
                return try await group.reduce(into: [[String: [String: String]]](repeating: [:], count: 2)) {
                    $0[$1.0].merge($1.1) { old, _ in old }
                }
            }
            for unit in units {
                let stored = try await first.assignments(unit: unit)
                #expect(answers[0][unit] == stored, "\(unit)")
                #expect(answers[1][unit] == stored, "\(unit)")
                #expect(try await second.assignments(unit: unit) == stored, "\(unit)")
            }
        }
    }

    /// The listening connection ended by the server: nothing is answered from memory that the
    /// other instance changed meanwhile, and once it listens again memory answers, and is kept
    /// true, again.
    @Test func aListeningConnectionEndedAndMadeAgainKeepsAnswersTrue() async throws {
        try await Self.withTwoInstances { cluster, first, second in
            try await first.storeIfAbsent(["device-1": ["checkout_button": "blue"], "device-2": ["checkout_button": "green"]])
            _ = try await second.assignments(units: ["device-1"])
            _ = try await second.assignments(units: ["device-2"])
            let ended = try cluster.sql(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = '\(ChangedUnitsListener.applicationName)'")
            #expect(ended == "2")
            // Changed while neither listens: the other hears nothing of it.
            try await first.deleteAssignments(unit: "device-1")
            try await first.storeIfAbsent(["device-2": ["banner_style": "orange+large"]])
            #expect(try await second.assignments(unit: "device-1") == [:])
            #expect(try await second.assignments(unit: "device-2") == ["checkout_button": "green", "banner_style": "orange+large"])

            try await Self.waitUntilListening(first)
            try await Self.waitUntilListening(second)
            try await first.storeIfAbsent(["device-1": ["checkout_button": "red"]])
            try await Self.readFromMemory(second, "device-1", expected: ["checkout_button": "red"])
            try await first.deleteAssignments(unit: "device-1")
            #expect(try await second.assignments(unit: "device-1") == [:])
        }
    }

    /// While PostgreSQL is away, nothing is answered from memory (no fence can show that nothing
    /// changed); once it is back, reads are answered again.
    @Test func nothingIsAnsweredFromMemoryWhileTheDatabaseIsAway() async throws {
        // The service's own deadline, so that a read while the database is away fails as soon
        // as the service's would.
        try await Self.withTwoInstances(deadline: PostgresStorage.deadline) { cluster, first, second in
            try await first.storeIfAbsent(["device-1": ["checkout_button": "blue"]])
            #expect(try await second.assignments(unit: "device-1") == ["checkout_button": "blue"])
            try cluster.stopServer()
            await #expect(throws: (any Error).self) { try await second.assignments(unit: "device-1") }
            try await cluster.startServer()
            try await Self.waitUntilListening(second)
            #expect(try await second.assignments(unit: "device-1") == ["checkout_button": "blue"])
        }
    }

    @Test func noticesCarryAnyUnitByteForByte() {
        let units = ["device-1", "a b:c", "josé-0", "jose\u{301}-0", "ключ 🗻", String(repeating: "é", count: 256)]
            + (0..<1_000).map { "unit-\($0)" }
        let payloads = ChangedUnitsNotice.payloads(units: units, instance: "abc")
        #expect(payloads.count > 1)
        #expect(payloads.allSatisfy { $0.utf8.count <= ChangedUnitsNotice.payloadLimit })
        var read: [String] = []
        for payload in payloads {
            let notice = ChangedUnitsNotice.read(payload)
            #expect(notice?.instance == "abc", "\(payload.prefix(40))")
            read += notice?.units ?? []
        }
        #expect(read.count == units.count)
        #expect(zip(read, units).allSatisfy { Array($0.utf8) == Array($1.utf8) })
        #expect(ChangedUnitsNotice.read("abc 5:ab") == nil)
        #expect(ChangedUnitsNotice.read("no-space") == nil)
        #expect(ChangedUnitsNotice.payloads(units: [], instance: "abc").isEmpty)
    }
}
