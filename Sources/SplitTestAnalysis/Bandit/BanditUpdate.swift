@_spi(Generated) @_spi(Tools) import SplitTesting

/// One bandit experiment's update: its arms as the events left them, and the weights of the next
/// period, or why the weights stay.
///
/// Units count from their first exposure, over every period (a unit keeps its group and its
/// period; conflicts are left out, as in the readout); a unit converts when the goal comes at or
/// after its first exposure. Each arm's posterior (``ArmPosterior``) gives its chances of being the
/// best and the second best (``TopTwoThompson``), and their mean, floored at `min_weight` and
/// rounded to 0.01 percent (``BanditWeights``), is the arm's next weight.
public struct BanditUpdate: Sendable, Hashable {
    /// One arm: a group of the experiment.
    public struct Arm: Sendable, Hashable {
        /// The group's name.
        public var group: String
        /// Units exposed, over every period.
        public var units: Int
        /// Units that reached the goal after their first exposure.
        public var conversions: Int
        /// The goal's mean value per exposed unit (0 for a unit without it); `nil` without units.
        public var valueMean: Double?
        /// The mean of the arm's posterior: the expected conversion rate, or value per unit.
        public var posteriorMean: Double
        /// P(this arm is the best); `nil` when the weights stay (burn-in not reached).
        public var probabilityBest: Double?
        /// P(this arm is the second best); `nil` when the weights stay. The new weight is the mean
        /// of the two, before the floor and the rounding.
        public var probabilitySecondBest: Double?
        /// The weight in force, in percent: the control document's, or else the compiled one.
        public var oldWeight: Double
        /// The next weight, in percent (steps of 0.01); `nil` when the weights stay.
        public var newWeight: Double?
    }

    /// What the update decided.
    public enum Outcome: Sendable, Hashable {
        /// New weights (hundredths of a percent per arm, summing to 10,000) for `period`.
        case updated(hundredths: [Int], period: Int)
        /// Some arm has fewer units than the burn-in: the weights stay as they are.
        case burnInNotReached(group: String, units: Int, burnIn: Int)
    }

    /// The experiment's identifier.
    public var experiment: String
    /// The bandit's settings.
    @_spi(Tools) public var bandit: SplitTestBandit
    /// The arms, in the definition's group order.
    public var arms: [Arm]
    /// The new weights, or why there are none.
    public var outcome: Outcome

    /// The update of `definition`, a bandit, from its `totals` (`nil` when the events have none of
    /// its units) and the `definition` with the current document's entry applied, whose bucket
    /// table holds the weights in force and whose period the next one follows.
    public static func update(definition current: SplitTestDefinition, totals: ExperimentTotals?) -> BanditUpdate {
        guard let bandit = current.allocation.bandit else {
            preconditionFailure("an update is computed for a bandit's definition")
        }
        let groups = current.groups
        let oldWeights = current.bucketTable.bucketCounts.map { BucketTable.percent(buckets: $0) }
        let goal = totals?.goals.first { $0.goal == bandit.goal }
        var units = [Int](repeating: 0, count: groups.count)
        var converted = units
        var valueSum = [Double](repeating: 0, count: groups.count)
        var valueSquares = valueSum
        if let totals {
            for (index, group) in groups.enumerated() {
                guard let position = totals.groups.firstIndex(of: group) else { continue }
                units[index] = totals.units[position]
                converted[index] = goal?.converted[position] ?? 0
                valueSum[index] = goal?.valueSum[position] ?? 0
                valueSquares[index] = goal?.valueSumOfSquares[position] ?? 0
            }
        }
        var arms = groups.indices.map { index in
            Arm(
                group: groups[index], units: units[index], conversions: converted[index],
                valueMean: units[index] > 0 ? valueSum[index] / Double(units[index]) : nil,
                posteriorMean: 0, probabilityBest: nil, oldWeight: oldWeights[index], newWeight: nil)
        }
        let posteriors = groups.indices.map { index -> ArmPosterior? in
            if bandit.rewardsValue {
                return units[index] > 0
                    ? .value(units: units[index], sum: valueSum[index], sumOfSquares: valueSquares[index]) : nil
            }
            return .conversion(converted: converted[index], units: units[index])
        }
        for index in arms.indices { arms[index].posteriorMean = posteriors[index]?.mean ?? 0 }
        if let fewest = arms.indices.min(by: { units[$0] < units[$1] }), units[fewest] < bandit.burnIn {
            return BanditUpdate(
                experiment: current.identifier, bandit: bandit, arms: arms,
                outcome: .burnInNotReached(group: groups[fewest], units: units[fewest], burnIn: bandit.burnIn))
        }
        let chances = TopTwoThompson.chances(posteriors.map { posterior in
            guard let posterior else { preconditionFailure("past the burn-in every arm has units") }
            return posterior
        })
        let hundredths = BanditWeights.hundredths(shares: chances.weights, minimumBuckets: bandit.minimumWeightBuckets)
        for index in arms.indices {
            arms[index].probabilityBest = chances.best[index]
            arms[index].probabilitySecondBest = chances.second[index]
            arms[index].newWeight = BucketTable.percent(buckets: hundredths[index])
        }
        return BanditUpdate(
            experiment: current.identifier, bandit: bandit, arms: arms,
            outcome: .updated(hundredths: hundredths, period: current.period + 1))
    }

    /// `current` with each updated experiment's `weights` and `period` in its entry (other
    /// fields and entries unchanged) and `sequence`; `nil` when no update changes anything.
    @_spi(Tools) public static func nextControl(
        after current: SplitTestControl, updates: [BanditUpdate], sequence: Int, generated: String?
    ) -> SplitTestControl? {
        precondition(sequence > current.sequence, "a new document's sequence is greater")
        var next = current
        var changed = false
        for update in updates {
            guard case .updated(let hundredths, let period) = update.outcome else { continue }
            var entry = next.experiments[update.experiment] ?? SplitTestControl.Entry()
            entry.weights = Dictionary(
                uniqueKeysWithValues: zip(update.arms.map(\.group), hundredths.map { BucketTable.percent(buckets: $0) }))
            entry.period = period
            next.experiments[update.experiment] = entry
            changed = true
        }
        guard changed else { return nil }
        next.sequence = sequence
        next.generated = generated
        return next
    }
}
