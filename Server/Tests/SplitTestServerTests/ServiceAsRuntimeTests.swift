import Foundation
import Testing
@_spi(Generated) @_spi(Tools) import SplitTesting
@_spi(Tools) import SplitTestingRemote
import SplitTestingTestSupport
@_spi(Tools) @testable import SplitTestServer

/// The service resolves as the runtime does, checked against a real `SplitTestingService` on the
/// same inputs: a stored group the definitions no longer have is replaced and sticky afterwards;
/// a bandit's answers carry the period of the unit's first assignment; and a group stored while
/// resolving a prerequisite is `bucketed` in the answer that stored it and `sticky` after. On
/// SQLite and on PostgreSQL.
@Suite(.serialized) struct ServiceAsRuntimeTests {
    // The experiment before and after a release that drops its `green` group, as the compiler
    // generates them (three equal weights, then two).
    struct ReshapedBeforeSplitTest: SplitTest {
        enum Group: String, SplitTestGroup { case red, blue, green }
        static let identifier = "reshaped_button"
        static let definition = SplitTestDefinition(
            identifier: "reshaped_button", groups: Group.self, unitType: .device, salt: "reshaped_button",
            bucketUpperBounds: [3334, 6667, 10_000], control: .red)
        let assignment: SplitTestAssignment<Group>
        init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
    }

    struct ReshapedAfterSplitTest: SplitTest {
        enum Group: String, SplitTestGroup { case red, blue }
        static let identifier = "reshaped_button"
        static let definition = SplitTestDefinition(
            identifier: "reshaped_button", groups: Group.self, unitType: .device, salt: "reshaped_button",
            bucketUpperBounds: [5000, 10_000], control: .red)
        let assignment: SplitTestAssignment<Group>
        init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
    }

    /// A bandit, as the compiler generates it.
    struct CopyBanditSplitTest: SplitTest {
        enum Group: String, SplitTestGroup { case short, story, video }
        static let identifier = "copy_bandit"
        static let definition = SplitTestDefinition(
            identifier: "copy_bandit", groups: Group.self, unitType: .device, salt: "copy_bandit",
            bucketUpperBounds: [3334, 6667, 10_000], control: .short,
            allocation: .bandit(SplitTestBandit(goal: "signup")))
        let assignment: SplitTestAssignment<Group>
        init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
    }

    /// `a_offer` requires `b_flow: [on]`; it comes first in definition order.
    struct FlowSplitTest: SplitTest {
        enum Group: String, SplitTestGroup { case off, on }
        static let identifier = "b_flow"
        static let definition = SplitTestDefinition(
            identifier: "b_flow", groups: Group.self, unitType: .device, salt: "b_flow",
            bucketUpperBounds: [5000, 10_000], control: .off)
        let assignment: SplitTestAssignment<Group>
        init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
    }

    struct OfferSplitTest: SplitTest {
        enum Group: String, SplitTestGroup { case none, offer }
        static let identifier = "a_offer"
        static let definition = SplitTestDefinition(
            identifier: "a_offer", groups: Group.self, unitType: .device, salt: "a_offer",
            bucketUpperBounds: [5000, 10_000], control: .none,
            requirements: [SplitTestRequirement(FlowSplitTest.self, groups: [.on])])
        let assignment: SplitTestAssignment<Group>
        init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
    }

    /// A runtime service for `device` over `store`, serving `catalog` under `control`.
    static func runtime(
        device: String, store: any AssignmentStore, catalog: [any SplitTest.Type], control: SplitTestControl? = nil,
        tracking: RecordingTrackingProvider = RecordingTrackingProvider()
    ) -> SplitTestingService {
        let service = SplitTestingService(configuration: .init(
            store: store, deviceID: device, catalog: catalog, tracking: TrackingClient(providers: [tracking]),
            builtInAttributes: SplitTestAttributeValues([:])))
        if let control { _ = service.applyControl(control) }
        return service
    }

    /// A folder holding `files` (name → YAML).
    static func definitions(_ files: [String: String], in folder: URL, named name: String) throws -> String {
        let definitions = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: definitions, withIntermediateDirectories: true)
        for (file, yaml) in files {
            try yaml.write(to: definitions.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        return definitions.path
    }

    /// A control document file of `control`.
    static func controlFile(_ control: SplitTestControl, in folder: URL, named name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try ControlEnvelope(payload: control.payloadJSON(), signature: nil).data.write(to: URL(fileURLWithPath: path))
        return path
    }

    // MARK: A removed group

    static let before = """
        identifier: reshaped_button
        type: device
        groups: [red, blue, green]
        """
    static let after = """
        identifier: reshaped_button
        type: device
        groups: [red, blue]
        """

    @Test func aRemovedGroupIsReplacedAndStickyOnSQLite() async throws {
        let folder = try Paths.temporaryFolder()
        try await Self.removedGroupIsReplaced(database: "sqlite:" + folder.appendingPathComponent("db.sqlite").path, folder: folder)
    }

    @Test(.enabled(if: PostgresCluster.shouldRun, PostgresCluster.skipReason))
    func aRemovedGroupIsReplacedAndStickyOnPostgreSQL() async throws {
        let cluster = try await PostgresCluster.start()
        defer { cluster.remove() }
        try await Self.removedGroupIsReplaced(database: cluster.url, folder: try Paths.temporaryFolder())
    }

    static func removedGroupIsReplaced(database: String, folder: URL) async throws {
        let devices = (0..<60).map { "reshaped-device-\($0)" }
        let store = InMemoryAssignmentStore()
        var green: [String] = []
        do {
            let server = try await ServerProcess.start(
                definitions: [try definitions(["experiment.yaml": before], in: folder, named: "before")], databaseURL: database)
            defer { server.stop() }
            for device in devices {
                let served = try await server.assign(#"{"device": "\#(device)"}"#)["reshaped_button"]
                let runtime = runtime(device: device, store: store, catalog: [ReshapedBeforeSplitTest.self])
                    .fetchSplitTest(ReshapedBeforeSplitTest.self)
                #expect(served?["group"] as? String == runtime.currentGroup.rawValue, "\(device)")
                #expect(served?["reason"] as? String == "bucketed" && runtime.assignment.reason == .bucketed)
                if runtime.currentGroup == .green { green.append(device) }
            }
        }
        #expect(green.count > 5, "a third of the devices were given green")
        let server = try await ServerProcess.start(
            definitions: [try definitions(["experiment.yaml": after], in: folder, named: "after")], databaseURL: database)
        defer { server.stop() }
        for device in devices {
            let first = try #require(try await server.assign(#"{"device": "\#(device)"}"#)["reshaped_button"])
            let second = try #require(try await server.assign(#"{"device": "\#(device)"}"#)["reshaped_button"])
            let runtimeFirst = runtime(device: device, store: store, catalog: [ReshapedAfterSplitTest.self])
                .fetchSplitTest(ReshapedAfterSplitTest.self)
            let runtimeSecond = runtime(device: device, store: store, catalog: [ReshapedAfterSplitTest.self])
                .fetchSplitTest(ReshapedAfterSplitTest.self)
            #expect(first["group"] as? String == runtimeFirst.currentGroup.rawValue, "\(device)")
            #expect(first["reason"] as? String == runtimeFirst.assignment.reason.rawValue, "\(device)")
            #expect(second["group"] as? String == first["group"] as? String, "\(device) keeps its new group")
            #expect(second["reason"] as? String == "sticky" && runtimeSecond.assignment.reason == .sticky, "\(device)")
            if green.contains(device) {
                // Bucketed anew: what a unit never seen gets, by `splitc assign`'s rules.
                #expect(first["reason"] as? String == "bucketed", "\(device)")
                #expect(runtimeSecond.currentGroup == runtimeFirst.currentGroup)
            } else {
                #expect(first["reason"] as? String == "sticky", "\(device) had a group that still exists")
            }
        }
    }

    // MARK: A bandit's period

    static let bandit = """
        identifier: copy_bandit
        type: device
        groups: [short, story, video]
        allocation:
          bandit:
            goal: signup
        """

    @Test func aBanditsAnswersCarryThePeriodOfTheFirstAssignment() async throws {
        let folder = try Paths.temporaryFolder()
        let database = "sqlite:" + folder.appendingPathComponent("db.sqlite").path
        let definitions = try Self.definitions(["copy.yaml": Self.bandit], in: folder, named: "definitions")
        let second = SplitTestControl(
            sequence: 2, experiments: ["copy_bandit": .init(weights: ["short": 10, "story": 10, "video": 80], period: 2)])
        let third = SplitTestControl(
            sequence: 3, experiments: ["copy_bandit": .init(weights: ["short": 80, "story": 10, "video": 10], period: 3)])
        let store = InMemoryAssignmentStore()
        let early = (0..<20).map { "early-\($0)" }, late = (0..<20).map { "late-\($0)" }

        /// The server's answer for `device` beside the runtime's, under `control`.
        func compare(_ device: String, on server: ServerProcess, control: SplitTestControl, period: Int, reason: String) async throws {
            let served = try #require(try await server.assign(#"{"device": "\#(device)"}"#)["copy_bandit"])
            let tracking = RecordingTrackingProvider()
            let runtime = Self.runtime(
                device: device, store: store, catalog: [CopyBanditSplitTest.self], control: control, tracking: tracking
            ).fetchSplitTest(CopyBanditSplitTest.self)
            runtime.hitSplitTest()
            let exposed = tracking.events.first { $0.identifier == TrackingEvent.exposureIdentifier }?
                .properties["period"]
            #expect(served["group"] as? String == runtime.currentGroup.rawValue, "\(device)")
            #expect(served["reason"] as? String == reason && runtime.assignment.reason.rawValue == reason, "\(device)")
            #expect(served["period"] as? Int == period && exposed == .int(period), "\(device)")
        }
        do {
            let server = try await ServerProcess.start(
                definitions: [definitions], databaseURL: database,
                arguments: ["--control", try Self.controlFile(second, in: folder, named: "second.json")])
            defer { server.stop() }
            for device in early { try await compare(device, on: server, control: second, period: 2, reason: "bucketed") }
        }
        let server = try await ServerProcess.start(
            definitions: [definitions], databaseURL: database,
            arguments: ["--control", try Self.controlFile(third, in: folder, named: "third.json")])
        defer { server.stop() }
        for device in early { try await compare(device, on: server, control: third, period: 2, reason: "sticky") }
        for device in late { try await compare(device, on: server, control: third, period: 3, reason: "bucketed") }
        // A plain experiment's answer has no period.
        #expect(!(try await server.request("POST", "/v1/assignments", body: #"{"device": "x"}"#).body.contains("\"period\":0")))
    }

    // MARK: A prerequisite's stored group

    static let requiring = """
        identifier: a_offer
        type: device
        groups: [none, offer]
        requires:
          b_flow: ["on"]
        """
    static let required = """
        identifier: b_flow
        type: device
        groups: ["off", "on"]
        """

    @Test func aGroupStoredForAPrerequisiteIsBucketedInThatAnswerAndStickyAfter() async throws {
        let folder = try Paths.temporaryFolder()
        let definitions = try Self.definitions(["a.yaml": Self.requiring, "b.yaml": Self.required], in: folder, named: "definitions")
        let server = try await ServerProcess.start(
            definitions: [definitions], databaseURL: "sqlite:" + folder.appendingPathComponent("db.sqlite").path)
        defer { server.stop() }
        for index in 0..<12 {
            // One request for both: the answer for `b_flow` is the first to hand out its group.
            let device = "together-\(index)"
            let both = try await server.assign(#"{"device": "\#(device)"}"#)
            let expected = try Splitc.assign(experiment: "b_flow", unit: device, definitions: definitions)
            #expect(both["b_flow"]?["group"] as? String == expected.group)
            #expect(both["b_flow"]?["reason"] as? String == "bucketed" && expected.reason == "bucketed", "\(device)")
            #expect(try await server.assign(#"{"device": "\#(device)"}"#)["b_flow"]?["reason"] as? String == "sticky")

            // Asked one after the other, as an app fetches them: `b_flow` was stored by the first.
            let apart = "apart-\(index)"
            _ = try await server.assign(#"{"device": "\#(apart)", "experiments": ["a_offer"]}"#)
            let later = try await server.assign(#"{"device": "\#(apart)", "experiments": ["b_flow"]}"#)["b_flow"]
            let store = InMemoryAssignmentStore()
            let service = Self.runtime(device: apart, store: store, catalog: [OfferSplitTest.self, FlowSplitTest.self])
            _ = service.fetchSplitTest(OfferSplitTest.self)
            let runtime = service.fetchSplitTest(FlowSplitTest.self)
            #expect(later?["reason"] as? String == "sticky" && runtime.assignment.reason == .sticky, "\(apart)")
            #expect(later?["group"] as? String == runtime.currentGroup.rawValue)
        }
    }
}
