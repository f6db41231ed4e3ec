import Foundation
@_spi(Generated) @_spi(Tools) import SplitTesting
@_spi(Tools) import SplitTestAnalysis
import Testing

/// One bandit experiment's update from its totals: the burn-in, the weights in force, the next
/// period, and the next control document.
@Suite struct BanditUpdateTests {
    static let bandit = SplitTestBandit(goal: "signup", minimumWeight: 5, burnIn: 100)

    static func definition(_ bandit: SplitTestBandit = bandit) -> SplitTestDefinition {
        SplitTestDefinition(
            identifier: "onboarding_copy", unitType: .device, salt: "onboarding_copy", groups: ["short", "story", "video"],
            bucketTable: BucketTable(weights: [1, 1, 1]), controlIndex: 0, allocation: .bandit(bandit))
    }

    /// Totals as the accumulator gives them, with the goal `signup` and another goal.
    static func totals(units: [Int], converted: [Int], values: [Double]? = nil, squares: [Double]? = nil) -> ExperimentTotals {
        ExperimentTotals(
            experiment: "onboarding_copy", kind: .experiment, groups: ["short", "story", "video"], weights: nil, control: "short",
            units: units, conflicts: 0,
            goals: [
                GoalTotals(goal: "purchase", converted: [0, 0, 0], valueSum: [0, 0, 0], valueSumOfSquares: [0, 0, 0]),
                GoalTotals(
                    goal: "signup", converted: converted, valueSum: values ?? converted.map(Double.init),
                    valueSumOfSquares: squares ?? converted.map(Double.init)),
            ])
    }

    @Test func theWeightsStayUntilEveryArmHasTheBurnIn() {
        let waiting = BanditUpdate.update(definition: Self.definition(), totals: Self.totals(units: [150, 99, 400], converted: [3, 9, 8]))
        #expect(waiting.outcome == .burnInNotReached(group: "story", units: 99, burnIn: 100))
        #expect(waiting.arms.allSatisfy { $0.newWeight == nil && $0.probabilityBest == nil })
        #expect(waiting.arms.map(\.oldWeight) == [33.34, 33.33, 33.33])
        #expect(BanditUpdate.nextControl(
            after: SplitTestControl(sequence: 4, experiments: [:]), updates: [waiting], sequence: 5, generated: nil) == nil)

        let ready = BanditUpdate.update(definition: Self.definition(), totals: Self.totals(units: [150, 100, 400], converted: [3, 9, 8]))
        guard case .updated(let hundredths, let period) = ready.outcome else {
            Issue.record("100 units in every arm reach a burn-in of 100: \(ready.outcome)")
            return
        }
        #expect(period == 1 && hundredths.reduce(0, +) == 10_000 && hundredths.allSatisfy { $0 >= 500 })
        // story: 9 of 100 against 3 of 150 and 8 of 400: clearly the best.
        #expect(hundredths[1] == hundredths.max() && ready.arms[1].probabilityBest ?? 0 > 0.95)
        #expect(ready.arms.map(\.units) == [150, 100, 400] && ready.arms.map(\.conversions) == [3, 9, 8])
        #expect(abs(ready.arms[1].posteriorMean - 10.0 / 102) < 1e-12)

        let noEvents = BanditUpdate.update(definition: Self.definition(), totals: nil)
        #expect(noEvents.outcome == .burnInNotReached(group: "short", units: 0, burnIn: 100))
    }

    @Test func theWeightsAndPeriodInForceComeFromTheAppliedEntry() throws {
        let current = try Self.definition().applying(.init(weights: ["short": 10, "story": 60, "video": 30], period: 6)).get()
        let update = BanditUpdate.update(definition: current, totals: Self.totals(units: [500, 500, 500], converted: [10, 10, 10]))
        #expect(update.arms.map(\.oldWeight) == [10, 60, 30])
        guard case .updated(let hundredths, let period) = update.outcome else {
            Issue.record("\(update.outcome)")
            return
        }
        #expect(period == 7)
        // Equal arms: a third each, the leftover hundredth to the first.
        #expect(hundredths == [3334, 3333, 3333])
    }

    @Test func aValueBanditRewardsTheMeanValuePerUnit() {
        let bandit = SplitTestBandit(goal: "signup", rewardsValue: true, minimumWeight: 1, burnIn: 10)
        // video converts least but is worth the most per unit.
        let totals = Self.totals(
            units: [1_000, 1_000, 1_000], converted: [300, 300, 100], values: [600, 610, 1_500], squares: [1_500, 1_520, 25_000])
        let update = BanditUpdate.update(definition: Self.definition(bandit), totals: totals)
        #expect(update.arms.map(\.valueMean) == [0.6, 0.61, 1.5])
        #expect(update.arms.map(\.posteriorMean) == [0.6, 0.61, 1.5])
        guard case .updated(let hundredths, _) = update.outcome else {
            Issue.record("\(update.outcome)")
            return
        }
        #expect(hundredths[2] == hundredths.max() && (update.arms[2].probabilityBest ?? 0) > 0.99)
    }

    @Test func theNextControlChangesOnlyTheUpdatedEntries() {
        let update = BanditUpdate.update(definition: Self.definition(), totals: Self.totals(units: [300, 300, 300], converted: [3, 30, 9]))
        let waiting = BanditUpdate.update(
            definition: SplitTestDefinition(
                identifier: "paywall", unitType: .device, salt: "paywall", groups: ["a", "b"], bucketTable: BucketTable(weights: [1, 1]),
                controlIndex: 0, allocation: .bandit(SplitTestBandit(goal: "buy"))),
            totals: nil)
        let current = SplitTestControl(sequence: 40, generated: "then", experiments: [
            "onboarding_copy": .init(status: .running, trafficBuckets: 5_000, force: ["qa": "video"]),
            "button_color": .init(status: .stopped),
            "paywall": .init(status: .running),
        ])
        let next = BanditUpdate.nextControl(after: current, updates: [update, waiting], sequence: 41, generated: "now")
        guard case .updated(let hundredths, _) = update.outcome, let next else {
            Issue.record("an update was expected")
            return
        }
        #expect(next.sequence == 41 && next.generated == "now")
        #expect(next.experiments["button_color"] == current.experiments["button_color"])
        #expect(next.experiments["paywall"] == current.experiments["paywall"])
        let entry = next.experiments["onboarding_copy"]
        #expect(entry?.status == .running && entry?.trafficBuckets == 5_000 && entry?.force == ["qa": "video"])
        #expect(entry?.period == 1)
        #expect(entry?.weights == ["short": Double(hundredths[0]) / 100, "story": Double(hundredths[1]) / 100, "video": Double(hundredths[2]) / 100])
        // The document's entry applies as apps apply it: its weights become exactly these buckets.
        let applied = try? Self.definition().applying(entry ?? .init()).get()
        #expect(applied?.bucketTable.bucketCounts == hundredths && applied?.period == 1)
    }
}
