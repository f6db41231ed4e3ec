@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestAnalysis
import Testing

/// A bandit's units by allocation period: read from each exposure's `period`, the smallest a unit's
/// exposures carry, counted per group and goal for bandits only.
@Suite struct PeriodAccumulationTests {
    static let bandit = SplitTestDefinition(
        identifier: "onboarding_copy", unitType: .device, salt: "onboarding_copy", groups: ["short", "story"],
        bucketTable: BucketTable(weights: [1, 1]), controlIndex: 0, allocation: .bandit(SplitTestBandit(goal: "signup")))
    static let plain = SplitTestDefinition(
        identifier: "button_color", unitType: .device, salt: "button_color", groups: ["red", "blue"],
        bucketTable: BucketTable(weights: [1, 1]), controlIndex: 0)

    @Test func theParserReadsAPeriodAndFlagsOneThatIsNoWholeNumber() throws {
        let line = { (period: String) in
            #"{"date":"2026-03-01T12:00:00Z","event":"split_test_exposure","properties":{"experiment":"e","group":"g","unit":"u","period":"#
                + period + "}}"
        }
        #expect(try JSONLineParser.parse(line("3")).get().period == 3)
        #expect(try JSONLineParser.parse(line("0")).get().period == 0)
        #expect(try JSONLineParser.parse(line("null")).get().period == nil)
        for bad in ["-1", "1.5", "\"2\"", "[2]", "{}", "true", "1e10"] {
            let event = try JSONLineParser.parse(line(bad)).get()
            #expect(event.periodIsInvalid && event.period == nil, "\(bad)")
        }
    }

    @Test func unitsCountInThePeriodOfTheirFirstAssignment() {
        var accumulator = EventAccumulator(definitions: [Self.bandit, Self.plain])
        func exposure(_ experiment: String, _ group: String, _ unit: String, period: Int?, at time: Double, line: Int) {
            var event = RawEvent(name: TrackingEvent.exposureIdentifier, time: time, experiment: experiment, group: group, unit: unit)
            event.period = period
            accumulator.addExposure(event, file: "f", line: line)
        }
        exposure("onboarding_copy", "short", "a", period: nil, at: 1, line: 1)  // before any document: period 0
        exposure("onboarding_copy", "story", "b", period: 0, at: 2, line: 2)
        exposure("onboarding_copy", "story", "c", period: 2, at: 3, line: 3)
        exposure("onboarding_copy", "story", "c", period: 2, at: 9, line: 4)
        exposure("onboarding_copy", "short", "d", period: 3, at: 4, line: 5)
        exposure("onboarding_copy", "short", "d", period: 1, at: 5, line: 6)  // the smallest counts
        exposure("onboarding_copy", "short", "e", period: 2, at: 6, line: 7)
        exposure("onboarding_copy", "story", "e", period: 2, at: 7, line: 8)  // a conflict: left out
        exposure("button_color", "red", "a", period: 5, at: 1, line: 9)
        var invalid = RawEvent(name: TrackingEvent.exposureIdentifier, time: 1, experiment: "onboarding_copy", group: "short", unit: "z")
        invalid.periodIsInvalid = true
        accumulator.addExposure(invalid, file: "f", line: 10)
        accumulator.addGoal(RawEvent(name: TrackingEvent.goalIdentifier, time: 10, goal: "signup", value: 2, device: "c"), file: "f", line: 11)
        accumulator.addGoal(RawEvent(name: TrackingEvent.goalIdentifier, time: 10, goal: "signup", value: 3, device: "d"), file: "f", line: 12)

        #expect(accumulator.issues.map(\.line) == [8, 10])
        #expect(accumulator.issues.last?.message.contains("period") == true)
        let totals = accumulator.totals()
        let bandit = totals[1]
        #expect(bandit.experiment == "onboarding_copy" && bandit.units == [2, 2] && bandit.conflicts == 1)
        let periods = bandit.periods ?? []
        #expect(periods.map(\.period) == [0, 1, 2])
        #expect(periods.map(\.units) == [[1, 1], [1, 0], [0, 1]])
        #expect(periods.map { $0.goals.first?.converted ?? [] } == [[0, 0], [1, 0], [0, 1]])
        #expect(periods.map { $0.goals.first?.valueSum ?? [] } == [[0, 0], [3, 0], [0, 2]])
        #expect(periods.map { $0.goals.first?.valueSumOfSquares ?? [] } == [[0, 0], [9, 0], [0, 4]])
        #expect(totals[0].experiment == "button_color" && totals[0].periods == nil, "an experiment that is no bandit has no periods")
    }
}
