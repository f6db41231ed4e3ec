@_spi(Tools) import SplitTestAnalysis
import SplitTestStatistics
import Testing

/// The A/A experiment watched every day: 200 seeded runs of two identical groups (10%
/// conversion), looked at after every 1,000 units up to 20,000. Read with Welch's t at every
/// look, far more than 5% of the runs show p < 0.05 at some look; read with the sequential test
/// (`--sequential`, tuned for 5,000 units), at most 5% do.
@Suite struct PeekingSimulationTests {
    static let check = PeekingCheck.every(1_000, upTo: 20_000)
    static let seeds: [UInt64] = Array(1...200)

    /// The statistics of control and treatment at each look of one A/A run: every unit drawn into
    /// a group by a fair coin, and converting with probability 0.1 whatever its group.
    static func run(seed: UInt64) -> (control: [ProportionStatistic], treatment: [ProportionStatistic]) {
        var generator = SplitMix64(seed: seed)
        var groups = [(units: 0, converted: 0), (units: 0, converted: 0)]
        var control: [ProportionStatistic] = []
        var treatment: [ProportionStatistic] = []
        var next = 0
        for unit in 1...check.looks[check.looks.count - 1] {
            let group = generator.next() & 1 == 0 ? 0 : 1
            groups[group].units += 1
            if generator.uniform() < 0.1 { groups[group].converted += 1 }
            if unit == check.looks[next] {
                control.append(ProportionStatistic(units: groups[0].units, converted: groups[0].converted))
                treatment.append(ProportionStatistic(units: groups[1].units, converted: groups[1].converted))
                next += 1
            }
        }
        return (control, treatment)
    }

    @Test func peekingInflatesWelchsTButNotTheSequentialTest() throws {
        var tTestRuns: [[Double?]] = []
        var sequentialRuns: [[Double?]] = []
        for seed in Self.seeds {
            let (control, treatment) = Self.run(seed: seed)
            tTestRuns.append(Self.check.pValues(control: control, treatment: treatment, method: .tTest))
            sequentialRuns.append(Self.check.pValues(control: control, treatment: treatment, method: .sequential()))
        }
        let tTest = try #require(Self.check.everSignificantShare(tTestRuns))
        let sequential = try #require(Self.check.everSignificantShare(sequentialRuns))
        // One look at 20,000 units keeps Welch's t at about 5%: the inflation is the peeking's.
        let lastLook = Double(tTestRuns.count { ($0.last ?? nil).map { $0 < 0.05 } ?? false }) / Double(tTestRuns.count)
        print("peeking simulation: \(tTestRuns.count) A/A runs, ever p < 0.05 with Welch's t \(tTest), with the sequential test \(sequential); Welch's t at the last look alone \(lastLook)")
        #expect(sequential <= 0.05, "sequential: \(sequential) of runs ever significant")
        #expect(tTest >= 0.15 && tTest >= 3 * max(sequential, lastLook), "t-test: \(tTest), sequential \(sequential), last look alone \(lastLook)")
        #expect(lastLook <= 0.1, "t-test at the last look alone: \(lastLook)")
    }

    /// The p-values above are the readout's: `ReadoutBuilder` gives the same for the same totals.
    @Test func theReadoutReadsTheSameEffect() throws {
        let (control, treatment) = Self.run(seed: 7)
        for (index, method) in [EffectMethod.tTest, .sequential()].enumerated() {
            let totals = ExperimentTotals(
                experiment: "aa", kind: .experiment, groups: ["control", "treatment"], weights: [1, 1], control: "control",
                units: [control[19].units, treatment[19].units], conflicts: 0,
                goals: [GoalTotals(goal: "buy", converted: [control[19].converted, treatment[19].converted], valueSum: [0, 0], valueSumOfSquares: [0, 0])])
            let readout = ReadoutBuilder.readout(totals, effects: EffectSettings(method: method))
            let effect = try #require(readout.goals[0].groups[1].vsControl?.effect)
            let peeked = Self.check.pValues(control: control, treatment: treatment, method: method)[19]
            #expect(effect.absolute?.pValue == peeked && effect.method == method, "method \(index)")
        }
    }
}
