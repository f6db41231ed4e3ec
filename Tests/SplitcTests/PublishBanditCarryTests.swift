import Foundation
@_spi(Tools) import SplitTesting
@_spi(Tools) import SplitTestingRemote
import Testing
import TestTools

/// `splitc publish --control CURRENT`: a bandit's weights and period, which `splitc bandit` wrote
/// into the document in force, are carried into the next document, so that publishing a change
/// to another experiment does not start the bandit over.
@Suite struct PublishBanditCarryTests {
    static let definitions = """
        identifier: onboarding_copy
        type: device
        groups: [short, story, video]
        allocation:
          bandit:
            goal: signup
        ---
        identifier: button_color
        type: device
        groups: [red, blue]
        status: stopped

        """

    /// A document in force: the bandit on period 3's weights, `button_color` running.
    static func writeCurrent(in folder: TemporaryFolder, weights: [String: Double] = ["short": 20, "story": 30.5, "video": 49.5]) throws {
        let control = SplitTestControl(sequence: 7, experiments: [
            "onboarding_copy": .init(status: .running, trafficBuckets: 10_000, force: [:], weights: weights, period: 3),
            "button_color": .init(status: .running, trafficBuckets: 10_000, force: [:]),
        ])
        try folder.write("current.json", String(decoding: ControlEnvelope(payload: control.payloadJSON(), signature: nil).data, as: UTF8.self))
    }

    static func published(_ folder: TemporaryFolder, _ path: String) throws -> SplitTestControl {
        try ControlEnvelope(data: try folder.read(path)).control(verifiedWith: nil)
    }

    @Test func theBanditKeepsItsWeightsAndPeriodAndTheRestComesFromTheDefinitions() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/defs.yaml", Self.definitions)
        try Self.writeCurrent(in: folder)
        let outcome = try folder.splitc("publish", "--control", "current.json", "--output", "next.json", "--sequence", "8")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("splitc: note: bandit 'onboarding_copy' keeps the weights of period 3 from 'current.json'"))
        let next = try Self.published(folder, "next.json")
        #expect(next.sequence == 8)
        #expect(next.experiments["onboarding_copy"] == .init(
            status: .running, trafficBuckets: 10_000, force: [:], weights: ["short": 20, "story": 30.5, "video": 49.5], period: 3))
        // Every other entry is the definitions', as without --control.
        #expect(next.experiments["button_color"] == .init(status: .stopped, trafficBuckets: 10_000, force: [:]))
    }

    @Test func withoutControlTheBanditStartsOverAndTheNoteSaysHowToCarryIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/defs.yaml", Self.definitions)
        let outcome = try folder.splitc("publish", "--output", "next.json", "--sequence", "8")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("pass that document as --control to carry them forward"))
        let entry = try #require(try Self.published(folder, "next.json").experiments["onboarding_copy"])
        #expect(entry.weights == nil && entry.period == nil)
    }

    @Test func weightsThatNoLongerFitTheDefinitionAreNotCarried() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/defs.yaml", Self.definitions)
        try Self.writeCurrent(in: folder, weights: ["short": 50, "long": 50])
        let outcome = try folder.splitc("publish", "--control", "current.json", "--output", "next.json", "--sequence", "8")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(
            "splitc: warning: bandit 'onboarding_copy': the weights in 'current.json' no longer fit its definition "
                + "(group 'long' is not one of its groups); it is published with its compiled weights (period 0)"))
        let entry = try #require(try Self.published(folder, "next.json").experiments["onboarding_copy"])
        #expect(entry.weights == nil && entry.period == nil)
    }

    @Test func theSequenceMustGrowPastTheDocumentInForce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/defs.yaml", Self.definitions)
        try Self.writeCurrent(in: folder)
        let stale = try folder.splitc("publish", "--control", "current.json", "--output", "next.json", "--sequence", "7")
        #expect(stale.status == 2)
        #expect(stale.stderr.contains("--sequence 7 is not greater than 7, the sequence of 'current.json'"))
        #expect(!folder.exists("next.json"))
        // The default sequence is past both the clock and the document in force.
        let fresh = try folder.splitc("publish", "--control", "current.json", "--output", "next.json")
        #expect(fresh.status == 0, "\(fresh.stderr)")
        #expect(try Self.published(folder, "next.json").sequence > 7)
    }

    @Test func aRejectedCurrentDocumentIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/defs.yaml", Self.definitions)
        try folder.write("current.json", "{\"format\": 1, \"payload\": \"bm90IGpzb24=\"}")
        let outcome = try folder.splitc("publish", "--control", "current.json", "--output", "next.json")
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("control document 'current.json' is rejected"))
        #expect(!folder.exists("next.json"))
    }
}
