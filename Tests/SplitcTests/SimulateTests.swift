import Foundation
import Testing

@Suite struct SimulateTests {
    private func simulate(units: Int, definitions: [String: String]) throws -> [[String: Any]] {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for (name, contents) in definitions {
            try folder.write("experiments/\(name).yaml", contents)
        }
        let outcome = try folder.splitc("simulate", "--units", String(units), "--format", "json")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return try #require(try outcome.json() as? [[String: Any]])
    }

    @Test func equalWeightsGiveEqualSharesAndAnUnremarkablePValue() throws {
        let result = try simulate(units: 30_000, definitions: ["button_color": Definitions.buttonColor])

        let experiment = try #require(result.first)
        #expect(experiment["experiment"] as? String == "button_color")
        #expect(experiment["units"] as? Int == 30_000)
        #expect(experiment["enrolled"] as? Int == 30_000)
        #expect(experiment["notEnrolled"] as? Int == 0)
        let groups = try #require(experiment["groups"] as? [[String: Any]])
        #expect(groups.map { $0["group"] as? String } == ["red", "blue", "dark_gray"])
        #expect(groups.reduce(0) { $0 + ($1["units"] as? Int ?? 0) } == 30_000)
        for group in groups {
            let expected = try #require(group["expectedShare"] as? Double)
            let observed = try #require(group["observedShare"] as? Double)
            #expect(abs(expected - 1.0 / 3) < 0.001)
            #expect(abs(observed - expected) < 0.02)
        }
        let pValue = try #require(experiment["sampleRatioPValue"] as? Double)
        #expect(pValue > 0.001 && pValue <= 1)
    }

    @Test func trafficEnrolsItsShareAndCountsTheRestAsNotEnrolled() throws {
        let result = try simulate(units: 20_000, definitions: ["profile": Definitions.profileRedesign])

        let experiment = try #require(result.first)
        let enrolled = try #require(experiment["enrolled"] as? Int)
        let notEnrolled = try #require(experiment["notEnrolled"] as? Int)
        #expect(enrolled + notEnrolled == 20_000)
        #expect(abs(Double(enrolled) / 20_000 - 0.8) < 0.02)
    }

    @Test func aResolvedExperimentBucketsNobodyAndHasNoPValue() throws {
        let result = try simulate(units: 1_000, definitions: ["resolved": Definitions.resolved])

        let experiment = try #require(result.first)
        #expect(experiment["enrolled"] as? Int == 0)
        #expect(experiment["notEnrolled"] as? Int == 1_000)
        #expect(experiment["sampleRatioPValue"] is NSNull)
    }

    @Test func everyExperimentIsSimulatedInIdentifierOrder() throws {
        let result = try simulate(
            units: 100,
            definitions: ["button_color": Definitions.buttonColor, "checkout": Definitions.checkoutLayer])

        #expect(result.map { $0["experiment"] as? String }
            == ["button_color", "checkout_button_copy", "checkout_express_pay"])
    }

    @Test func textIsDeterministicAndShowsEachGroup() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/button_color.yaml", Definitions.buttonColor)

        let first = try folder.splitc("simulate", "--units", "5000")
        let second = try folder.splitc("simulate", "--units", "5000")

        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        #expect(first.stdout.contains("sample-ratio p = "))
        for group in ["red", "blue", "dark_gray"] {
            #expect(first.stdout.contains("  \(group) "))
        }
    }

    @Test(arguments: ["0", "-3", "many", "10000001"])
    func anInvalidUnitCountIsAUsageError(units: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/button_color.yaml", Definitions.buttonColor)

        let outcome = try SplitcProcess.run(["simulate", "--units", units], in: folder.url)

        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
    }
}
