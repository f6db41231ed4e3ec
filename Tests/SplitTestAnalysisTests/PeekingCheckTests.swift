import SplitTestAnalysis
import SplitTestStatistics
import Testing

/// The A/A peeking check: p-values read at every look, and the share of runs that ever look
/// significant.
@Suite struct PeekingCheckTests {
    @Test func countsRunsThatEverLookSignificant() {
        let check = PeekingCheck.every(1_000, upTo: 3_000)
        #expect(check.looks == [1_000, 2_000, 3_000])
        #expect(check.firstSignificantLook([0.3, 0.04, 0.2]) == 1)
        #expect(check.firstSignificantLook([nil, 0.05, 0.9]) == nil)
        let runs: [[Double?]] = [[0.3, 0.04, 0.2], [0.5, 0.6, 0.7], [nil, 0.01, nil], [0.2, 0.2, 0.2]]
        #expect(check.everSignificantShare(runs) == 0.5)
        #expect(check.everSignificantShare([]) == nil)
    }

    @Test func readsEachLook() {
        let check = PeekingCheck(looks: [200, 2_000])
        let control = [ProportionStatistic(units: 100, converted: 10), ProportionStatistic(units: 1_000, converted: 100)]
        let treatment = [ProportionStatistic(units: 100, converted: 0), ProportionStatistic(units: 1_000, converted: 140)]
        let tTest = check.pValues(control: control, treatment: treatment, method: .tTest)
        let sequential = check.pValues(control: control, treatment: treatment, method: .sequential())
        // No conversion in the treatment at the first look: nothing to measure.
        #expect(tTest[0] == nil && sequential[0] == nil)
        let t = tTest[1] ?? 1
        let alwaysValid = sequential[1] ?? 0
        // The same data is weaker evidence for a test that stays valid at every look.
        #expect(t < 0.05 && alwaysValid > t)
    }

    /// A small seeded A/A run end to end: the always-valid test never shows more false positives
    /// than Welch's t read at the same looks.
    @Test func sequentialPeeksNoWorseThanTheTTest() throws {
        let check = PeekingCheck.every(500, upTo: 5_000)
        var tTestRuns: [[Double?]] = []
        var sequentialRuns: [[Double?]] = []
        for seed in 0..<40 {
            var generator = SplitMix64(seed: UInt64(seed))
            var groups = [ProportionStatistic(units: 0, converted: 0), ProportionStatistic(units: 0, converted: 0)]
            var control: [ProportionStatistic] = []
            var treatment: [ProportionStatistic] = []
            for unit in 1...check.looks.last! {
                groups[unit % 2].units += 1
                groups[unit % 2].converted += generator.uniform() < 0.1 ? 1 : 0
                if check.looks.contains(unit) {
                    control.append(groups[0])
                    treatment.append(groups[1])
                }
            }
            tTestRuns.append(check.pValues(control: control, treatment: treatment, method: .tTest))
            sequentialRuns.append(check.pValues(control: control, treatment: treatment, method: .sequential()))
        }
        let tTestShare = try #require(check.everSignificantShare(tTestRuns))
        let sequentialShare = try #require(check.everSignificantShare(sequentialRuns))
        #expect(sequentialShare <= tTestShare, "sequential \(sequentialShare), t-test \(tTestShare)")
        #expect(sequentialShare <= 0.05)
    }
}
