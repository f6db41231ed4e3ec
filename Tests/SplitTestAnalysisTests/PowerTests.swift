import SplitTestAnalysis
import SplitTestStatistics
@_spi(Generated) import SplitTesting
import Testing

/// The tests say what they should on simulated data: few false alarms, real effects found.
@Suite struct PowerTests {
    /// 1,000 A/A experiments of 10,000 units at a 10% rate: about 5% come out significant at 0.05.
    @Test func falsePositiveRateOfAnAATestIsNearFivePercent() throws {
        var generator = SplitMix64(seed: 20_260_301)
        var significant = 0
        let runs = 1_000
        for _ in 0..<runs {
            var units = [0, 0]
            var converted = [0, 0]
            for _ in 0..<10_000 {
                let group = generator.next() & 1 == 0 ? 0 : 1
                units[group] += 1
                if generator.uniform() < 0.1 { converted[group] += 1 }
            }
            let comparison = try #require(ProportionComparison.compare(
                control: converted[0], controlUnits: units[0], treatment: converted[1], treatmentUnits: units[1]))
            if (comparison.pValue ?? 1) < 0.05 { significant += 1 }
        }
        let rate = Double(significant) / Double(runs)
        #expect(rate >= 0.03 && rate <= 0.07, "false-positive rate \(rate)")
    }

    /// A planted lift from 10% to 12% on 100,000 units is found.
    @Test func plantedLiftIsFound() throws {
        var generator = SplitMix64(seed: 7)
        var accumulator = EventAccumulator()
        let treated = (0..<100_000).map { _ in generator.next() & 1 == 1 }
        for index in treated.indices {
            accumulator.addExposure(
                RawEvent(name: TrackingEvent.exposureIdentifier, time: 0, experiment: "lift", group: treated[index] ? "bigger" : "control",
                    unit: "unit-\(index)"),
                file: "memory", line: index + 1)
        }
        for index in treated.indices {
            if generator.uniform() < (treated[index] ? 0.12 : 0.10) {
                accumulator.addGoal(
                    RawEvent(name: TrackingEvent.goalIdentifier, time: 1, goal: "purchase", value: 1, device: "unit-\(index)"),
                    file: "memory", line: index + 1)
            }
        }
        let readout = ReadoutBuilder.readout(try #require(accumulator.totals().first))
        let bigger = try #require(readout.goals.first?.groups.first { $0.group == "bigger" }?.vsControl)
        #expect((bigger.pValue ?? 1) < 1e-6)
        // Found: the interval excludes 0, and the estimate is within 4 standard errors (±0.008) of
        // the planted 0.02.
        #expect((bigger.ciLow ?? 0) > 0, "\(bigger)")
        #expect(abs((bigger.difference ?? 0) - 0.02) < 0.008, "\(bigger)")
        #expect((bigger.probabilityToBeatControl ?? 0) > 0.999)
        #expect(!readout.srm.flagged)
    }

    /// A 51/49 split where the weights promise 50/50 is flagged on 100,000 units; a fair split is not.
    @Test func plantedSampleRatioMismatchIsFlaggedAndBalancedIsNot() {
        for (share, flagged) in [(0.51, true), (0.50, false)] {
            var generator = SplitMix64(seed: 11)
            var accumulator = EventAccumulator(definitions: [
                SplitTestDefinition(
                    identifier: "split", unitType: .device, salt: "split", groups: ["control", "treatment"],
                    bucketTable: BucketTable(weights: [50, 50]), controlIndex: 0)
            ])
            for index in 0..<100_000 {
                let group = generator.uniform() < share ? "control" : "treatment"
                accumulator.addExposure(
                    RawEvent(name: TrackingEvent.exposureIdentifier, time: 0, experiment: "split", group: group, unit: "u\(index)"),
                    file: "memory", line: index + 1)
            }
            let readout = ReadoutBuilder.readout(accumulator.totals()[0])
            #expect(readout.srm.flagged == flagged, "share \(share): p = \(readout.srm.pValue)")
        }
    }
}
