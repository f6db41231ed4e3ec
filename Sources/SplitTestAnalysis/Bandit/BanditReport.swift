@_spi(Generated) import SplitTesting
import SplitTestFormats

/// What `splitc bandit` prints: per bandit experiment, a table of its arms (units, conversions or
/// value mean, posterior mean, probabilities of being the best and the second best, old and new
/// weight), or why its weights stay.
public enum BanditReport {
    /// The text of `updates`, one block per experiment.
    public static func render(_ updates: [BanditUpdate]) -> String {
        updates.map(block).joined(separator: "\n")
    }

    private static func block(_ update: BanditUpdate) -> String {
        typealias F = NumberFormatting
        let bandit = update.bandit
        let reward = bandit.rewardsValue ? "value of \(bandit.goal)" : "conversion to \(bandit.goal)"
        var lines: [String] = []
        switch update.outcome {
        case .updated(_, let period):
            lines.append("\(update.experiment): rewarded by \(reward); period \(period - 1) → \(period)")
        case .burnInNotReached(let group, let units, let burnIn):
            lines.append(
                "\(update.experiment): rewarded by \(reward); burn-in not reached: '\(group)' has \(Counted.phrase(units, "unit")) of the \(burnIn) "
                    + "every group needs, so the weights stay as they are")
        }
        let width = max(5, update.arms.map(\.group.count).max() ?? 0)
        let figure = bandit.rewardsValue ? "value mean" : "conversions"
        lines.append(
            "  " + F.pad("group", width) + F.pad("units", 11, leading: true) + F.pad(figure, 13, leading: true)
                + F.pad("posterior mean", 16, leading: true) + F.pad("P(best)", 9, leading: true)
                + F.pad("P(second best)", 16, leading: true)
                + F.pad("old weight", 12, leading: true) + F.pad("new weight", 12, leading: true))
        for arm in update.arms {
            let observed = bandit.rewardsValue ? F.fixed(arm.valueMean, 4) : String(arm.conversions)
            let mean = bandit.rewardsValue ? F.fixed(arm.posteriorMean, 4) : F.percent(arm.posteriorMean, 3)
            lines.append(
                "  " + F.pad(arm.group, width) + F.pad(String(arm.units), 11, leading: true)
                    + F.pad(observed, 13, leading: true) + F.pad(mean, 16, leading: true)
                    + F.pad(F.percent(arm.probabilityBest, 1), 9, leading: true)
                    + F.pad(F.percent(arm.probabilitySecondBest, 1), 16, leading: true)
                    + F.pad(F.fixed(arm.oldWeight, 2) + "%", 12, leading: true)
                    + F.pad(arm.newWeight.map { F.fixed($0, 2) + "%" } ?? "–", 12, leading: true))
        }
        if case .updated = update.outcome {
            lines.append("  new weight = (P(best) + P(second best)) / 2, at least min_weight, in steps of 0.01")
        }
        return lines.joined(separator: "\n")
    }
}
