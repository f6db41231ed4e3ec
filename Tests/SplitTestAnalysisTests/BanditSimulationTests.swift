import Foundation
@_spi(Tools) import SplitTestAnalysis
@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestStatistics
import Testing

/// The bandit over 20 periods of 10,000 new units with four arms converting at 3.0%, 3.0%, 3.3%
/// and 4.0%, each claim with fixed seeds: it finds the best arm, it converts more than an even
/// split, its period-weighted readout stays honest when the base rate drifts (where the pooled one
/// does not), and its split is checked against each period's weights.
@Suite struct BanditSimulationTests {
    static let rates = [0.030, 0.030, 0.033, 0.040]

    @Test func theBestArmEndsWithTheLargestWeightAndConversionsBeatAnEvenSplit() {
        var best = 0
        var banditConversions = 0
        var evenConversions = 0
        for seed in UInt64(1)...20 {
            let bandit = BanditSimulation(seed: seed) { _, arm in Self.rates[arm] }
            let weights = bandit.finalWeights
            if weights.indices.allSatisfy({ $0 == 3 || weights[$0] < weights[3] }) { best += 1 }
            banditConversions += bandit.conversions
            evenConversions += BanditSimulation(seed: seed, bandit: false) { _, arm in Self.rates[arm] }.conversions
            #expect(bandit.controls.count == 20, "burn-in reached after the first period, a document after every period")
        }
        #expect(best >= 19, "the 4.0% arm had the largest weight in \(best) of 20 runs")
        // An even split converts 3.325% of 200,000 units; the bandit sends most units to the better arms.
        #expect(banditConversions > evenConversions, "\(banditConversions / 20) against \(evenConversions / 20) per run")
        #expect(Double(banditConversions) / 20 > 7_000, "\(banditConversions / 20) per run (an even split: \(evenConversions / 20))")
    }

    /// The base rate climbs 0.15 points a period while the bandit moves units to the best arm, so
    /// the best arm's units come late (at high rates) and the control's early: pooled counts see a
    /// difference far above the true one; each period's own difference is the true one.
    static let drifting = (UInt64(101)...200).map { seed in
        BanditSimulation(seed: seed) { period, arm in rates[arm] + 0.0015 * Double(period) }
    }

    @Test func thePeriodWeightedIntervalCoversTheTrueDifferenceUnderDriftAndThePooledOneDoesNot() throws {
        let truth = Self.rates[3] - Self.rates[0]
        var weightedCovers = 0
        var pooledCovers = 0
        let runs = Self.drifting.count
        for simulation in Self.drifting {
            let totals = simulation.totals
            let readout = ReadoutBuilder.readout(totals)
            let weighted = try #require(readout.goals.first?.groups[3].vsControl)
            if let low = weighted.ciLow, let high = weighted.ciHigh, low <= truth && truth <= high { weightedCovers += 1 }
            let pooled = try #require(ProportionComparison.compare(
                control: totals.goals[0].converted[0], controlUnits: totals.units[0],
                treatment: totals.goals[0].converted[3], treatmentUnits: totals.units[3]))
            if pooled.ciLow <= truth && truth <= pooled.ciHigh { pooledCovers += 1 }
        }
        #expect((90...99).contains(weightedCovers), "the period-weighted 95% interval covered the truth in \(weightedCovers) of \(runs) runs")
        #expect(pooledCovers < 50, "the pooled interval covered it in \(pooledCovers) of \(runs) runs")
    }

    /// The honest runs are the drifting ones: a rate that drifts changes the weights, never how
    /// units are bucketed by them.
    @Test func thePeriodAwareSplitCheckPassesHonestRunsAndCatchesACorruptedPeriod() {
        var flaggedHonest = 0
        var flaggedCorrupted = 0
        var smallest = 1.0
        let runs = Self.drifting.count
        for (offset, honest) in Self.drifting.enumerated() {
            let seed = UInt64(201 + offset)
            let history = AllocationHistory(controls: honest.controls, definitions: [BanditSimulation.definition()])
            let srm = ReadoutBuilder.readout(honest.totals, history: history).srm
            #expect(srm.notComputed == nil)
            if srm.flagged { flaggedHonest += 1 }
            smallest = min(smallest, srm.pValue)
            // Period 12's units bucketed by even weights, not the document's.
            let corrupted = BanditSimulation(seed: seed, corrupted: 12) { _, arm in Self.rates[arm] }
            let corruptedHistory = AllocationHistory(controls: corrupted.controls, definitions: [BanditSimulation.definition()])
            if ReadoutBuilder.readout(corrupted.totals, history: corruptedHistory).srm.flagged { flaggedCorrupted += 1 }
        }
        #expect(flaggedHonest <= 1, "honest runs flagged at p < 0.001: \(flaggedHonest) of \(runs)")
        #expect(flaggedCorrupted == runs, "runs with a corrupted period flagged: \(flaggedCorrupted) of \(runs)")
    }

    @Test func theSamplersDrawTheirDistributions() {
        var generator = SplitMix64(seed: 9)
        let draws = (0..<4_000).map { _ in BanditSimulation.binomial(1_000, 0.03, using: &generator) }
        let mean = Double(draws.reduce(0, +)) / 4_000
        let variance = draws.reduce(0) { $0 + (Double($1) - mean) * (Double($1) - mean) } / 3_999
        #expect(abs(mean - 30) < 0.5 && abs(variance - 29.1) < 3, "\(mean) \(variance)")
        let high = (0..<4_000).map { _ in BanditSimulation.binomial(100, 0.9, using: &generator) }
        #expect(abs(Double(high.reduce(0, +)) / 4_000 - 90) < 0.2)
        let split = BanditSimulation.multinomial(1_000_000, buckets: [100, 4_900, 5_000, 0], using: &generator)
        #expect(split.reduce(0, +) == 1_000_000 && split[3] == 0 && abs(split[0] - 10_000) < 500 && abs(split[1] - 490_000) < 2_500)
    }
}
