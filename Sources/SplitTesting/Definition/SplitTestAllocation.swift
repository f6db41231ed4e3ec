/// How an experiment's groups share its units: by the weights its definition compiles, or by a
/// bandit whose weights follow the rewards.
///
/// A bandit's weights come from control documents (`splitc bandit` writes them); they apply to
/// units not yet assigned only, so that no unit's experience changes under it. Read it in a debug
/// menu, for example:
///
/// ```swift
/// if let bandit = OnboardingCopySplitTest.definition.allocation.bandit {
///     print("rewarded by \(bandit.goal), at least \(bandit.minimumWeight)% per group")
/// }
/// ```
@_spi(Generated) public enum SplitTestAllocation: Sendable, Hashable {
    /// The weights the definition compiles, changed only by hand.
    case fixed
    /// Weights that `splitc bandit` moves towards the groups that bring the most rewards.
    case bandit(SplitTestBandit)

    /// The bandit, when the allocation is one.
    public var bandit: SplitTestBandit? {
        if case .bandit(let bandit) = self { bandit } else { nil }
    }
}

/// A bandit's settings: what rewards a group, the least weight any group keeps, and how many
/// units every group needs before the weights first move.
///
/// Generated code creates it from `allocation: { bandit: { goal, value, min_weight, burn_in } }`:
///
/// ```swift
/// SplitTestBandit(goal: "signup", minimumWeight: 1, burnIn: 100)
/// ```
@_spi(Generated) public struct SplitTestBandit: Sendable, Hashable {
    /// The goal whose conversions (or values) reward a group.
    public let goal: String
    /// Whether the goal's value per exposed unit is the reward, rather than conversion to it.
    public let rewardsValue: Bool
    /// The least weight of any group, in hundredths of a percent (`min_weight × 100`): the same
    /// unit as the buckets, 1 to 5,000.
    package let minimumWeightBuckets: Int
    /// The units every group must have before the weights move from the compiled ones.
    public let burnIn: Int

    /// The least weight of any group, in percent, in steps of 0.01.
    public var minimumWeight: Double { BucketTable.percent(buckets: minimumWeightBuckets) }

    /// Creates a bandit's settings; generated code calls this with values the compiler validated.
    ///
    /// - Parameters:
    ///   - goal: the goal that rewards a group.
    ///   - rewardsValue: whether the goal's value, rather than conversion to it, is the reward.
    ///   - minimumWeight: the least weight of any group, in percent: more than 0, at most 50, in
    ///     steps of 0.01.
    ///   - burnIn: the units every group needs before the weights move; at least 1.
    public init(goal: String, rewardsValue: Bool = false, minimumWeight: Double = 1, burnIn: Int = 100) {
        let buckets = BucketTable.buckets(percent: minimumWeight) ?? 0
        precondition(
            buckets >= 1 && buckets <= Bucketing.bucketCount / 2,
            "the minimum weight of a bandit is more than 0 and at most 50 percent, in steps of 0.01")
        precondition(burnIn >= 1, "a bandit's burn-in is at least one unit")
        self.goal = goal
        self.rewardsValue = rewardsValue
        self.minimumWeightBuckets = buckets
        self.burnIn = burnIn
    }
}
