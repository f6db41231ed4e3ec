/// The measure of an A/A experiment watched as it runs: look at the p-value after every so many
/// units, and count the runs that ever show `p < α` although the groups do not differ.
///
/// A test made for one look (``EffectMethod/tTest``) shows such a false positive in far more than
/// α of the runs when one looks often; an always-valid one (``EffectMethod/sequential(tuning:)``)
/// in at most α.
///
/// ```swift
/// let check = PeekingCheck.every(1_000, upTo: 20_000)
/// let runs: [[Double?]] = seeds.map { seed in check.pValues(control: …, treatment: …, method: .sequential()) }
/// check.everSignificantShare(runs)  // at most 0.05
/// ```
public struct PeekingCheck: Sendable, Hashable {
    /// The units, both groups together, at which one looks.
    public var looks: [Int]
    /// The level below which a p-value counts as significant.
    public var alpha: Double

    /// A check that looks at `looks` (units, increasing) and calls `p < alpha` significant.
    public init(looks: [Int], alpha: Double = 0.05) {
        precondition(zip(looks, looks.dropFirst()).allSatisfy { $0 < $1 }, "looks come at increasing unit counts")
        precondition(alpha > 0 && alpha < 1, "alpha is a probability strictly between 0 and 1")
        self.looks = looks
        self.alpha = alpha
    }

    /// A look after every `step` units, up to `last`: `step, 2·step, …, last`.
    public static func every(_ step: Int, upTo last: Int, alpha: Double = 0.05) -> PeekingCheck {
        precondition(step > 0 && last >= step, "looks need a positive step and at least one of them")
        return PeekingCheck(looks: Array(stride(from: step, through: last, by: step)), alpha: alpha)
    }

    /// The p-value of the `difference` at each look, from each group's statistic as it stood then
    /// (`control[i]` and `treatment[i]` at `looks[i]`); `nil` at a look with nothing to measure.
    public func pValues<Statistic: UnitStatistic>(
        control: [Statistic], treatment: [Statistic], method: EffectMethod, difference: Difference = .absolute
    ) -> [Double?] {
        precondition(control.count == looks.count && treatment.count == looks.count, "one statistic per group and look")
        return zip(control, treatment).map { control, treatment in
            let effect = Effect.compare(control: control, treatment: treatment, method: method)
            return (difference == .absolute ? effect.absolute : effect.relative)?.pValue
        }
    }

    /// The index of the first look whose p-value is below α; `nil` when none is.
    public func firstSignificantLook(_ pValues: [Double?]) -> Int? {
        pValues.firstIndex { ($0 ?? 1) < alpha }
    }

    /// The share of `runs` (each the p-values at the looks) that show `p < α` at some look; `nil`
    /// for no runs.
    public func everSignificantShare(_ runs: [[Double?]]) -> Double? {
        guard !runs.isEmpty else { return nil }
        let significant = runs.count { firstSignificantLook($0) != nil }
        return Double(significant) / Double(runs.count)
    }
}
