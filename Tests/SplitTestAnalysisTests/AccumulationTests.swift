import SplitTestAnalysis
@_spi(Generated) import SplitTesting
import Testing

/// Reading lines and counting units on small, hand-checked inputs: a unit counts from its first
/// exposure, a unit in two groups is a conflict, a goal counts at or after the first exposure.
@Suite struct AccumulationTests {
    static func parse(_ line: String) throws -> RawEvent {
        try JSONLineParser.parse(line).get()
    }

    @Test func parserReadsTheRuntimesLinesAndFlatExports() throws {
        let nested = try Self.parse(
            #"{"date":"2026-03-01T12:00:00Z","event":"split_test_goal","properties":{"device":"d\u00f8\n","goal":"buy","value":3.5,"extra":{"a":[1,{"b":"}"}]}},"user":"u1"}"#)
        #expect(nested.name == "split_test_goal" && nested.goal == "buy" && nested.value == 3.5)
        #expect(nested.device == "dø\n" && nested.user == "u1")
        #expect(nested.time == 1_772_366_400)
        let flat = try Self.parse(
            #"{"event": "split_test_exposure", "date": "2026-03-01 13:00:00.5+01:00", "experiment": "e", "group": "g", "unit": "x"}"#)
        #expect(flat.experiment == "e" && flat.group == "g" && flat.unit == "x" && flat.time == 1_772_366_400.5)
        let notANumber = try Self.parse(#"{"date":"2026-03-01T12:00:00Z","event":"split_test_goal","properties":{"goal":"g","value":"nan"}}"#)
        #expect(notANumber.valueIsInvalid)
        for value in [#"{"amount":3}"#, "[3]", "true"] {
            let odd = try Self.parse(#"{"date":"2026-03-01T12:00:00Z","event":"split_test_goal","properties":{"goal":"g","value":\#(value)}}"#)
            #expect(odd.valueIsInvalid && odd.value == nil, "\(value)")
        }
        for bad in ["", "{", "[]", #"{"event":"x"}"#, #"{"event":"x","date":"yesterday"}"#, #"{"a":1}{"#, #"{"a":"\q"}"#] {
            #expect(throws: JSONLineParser.Problem.self, "\(bad)") { try JSONLineParser.parse(bad).get() }
        }
    }

    @Test func goalsCountFromTheFirstExposureWhateverTheLineOrder() {
        var accumulator = EventAccumulator()
        // Pass 1 sees every exposure before pass 2 sees any goal, so a goal written earlier in
        // the file but later in time is credited; one earlier in time is not.
        accumulator.addExposure(RawEvent(name: TrackingEvent.exposureIdentifier, time: 10, experiment: "e", group: "control", unit: "a"), file: "f", line: 3)
        accumulator.addExposure(RawEvent(name: TrackingEvent.exposureIdentifier, time: 10, experiment: "e", group: "treatment", unit: "b"), file: "f", line: 4)
        accumulator.addExposure(RawEvent(name: TrackingEvent.exposureIdentifier, time: 5, experiment: "e", group: "control", unit: "a"), file: "f", line: 5)
        accumulator.addGoal(RawEvent(name: TrackingEvent.goalIdentifier, time: 6, goal: "buy", value: 2, device: "a"), file: "f", line: 1)
        accumulator.addGoal(RawEvent(name: TrackingEvent.goalIdentifier, time: 9, goal: "buy", value: 3, device: "b"), file: "f", line: 2)
        accumulator.addGoal(RawEvent(name: TrackingEvent.goalIdentifier, time: 11, goal: "buy", value: 4, device: "x", user: "b"), file: "f", line: 6)
        let totals = accumulator.totals()
        #expect(totals.count == 1)
        #expect(totals[0].groups == ["control", "treatment"])
        #expect(totals[0].units == [1, 1])
        #expect(totals[0].goals[0].converted == [1, 1])
        #expect(totals[0].goals[0].valueSum == [2, 4])
        #expect(accumulator.issues.map(\.line) == [2])
        #expect(accumulator.issues.first?.kind == .preExposureGoal)
    }

    @Test func holdoutIsComparedWithTheExposedUnitsOfItsExperiments() throws {
        // The holdout covers the experiments whose definitions name it: "covered", not "other".
        func definition(_ identifier: String, holdout: SplitTestHoldout?) -> SplitTestDefinition {
            SplitTestDefinition(
                identifier: identifier, unitType: .device, salt: identifier, groups: ["control", "treatment"],
                bucketTable: BucketTable(weights: [1, 1]), controlIndex: 0, holdout: holdout)
        }
        var accumulator = EventAccumulator(definitions: [
            definition("covered", holdout: SplitTestHoldout(name: "q1", unitType: .device, buckets: 500)),
            definition("other", holdout: nil),
        ])
        for (index, unit) in ["a", "b", "c"].enumerated() {
            accumulator.addExposure(RawEvent(name: TrackingEvent.exposureIdentifier, time: 1, experiment: "covered", group: "control", unit: unit), file: "f", line: index + 1)
        }
        accumulator.addExposure(RawEvent(name: TrackingEvent.exposureIdentifier, time: 1, experiment: "other", group: "control", unit: "z"), file: "f", line: 4)
        for (index, unit) in ["h1", "h2", "a"].enumerated() {
            accumulator.addExposure(RawEvent(name: TrackingEvent.holdoutIdentifier, time: 0, unit: unit, holdout: "q1"), file: "f", line: 5 + index)
        }
        accumulator.addGoal(RawEvent(name: TrackingEvent.goalIdentifier, time: 2, goal: "buy", value: 1, device: "h1"), file: "f", line: 8)
        accumulator.addGoal(RawEvent(name: TrackingEvent.goalIdentifier, time: 2, goal: "buy", value: 5, device: "b"), file: "f", line: 9)
        let holdout = try #require(accumulator.totals().first { $0.kind == .holdout })
        #expect(holdout.experiment == "q1" && holdout.groups == ["holdout", "exposed"] && holdout.control == "holdout")
        #expect(holdout.units == [2, 2], "a is in both: a conflict; z's experiment is not covered")
        #expect(holdout.conflicts == 1)
        #expect(holdout.goals[0].converted == [1, 1] && holdout.goals[0].valueSum == [1, 5])
    }
}
