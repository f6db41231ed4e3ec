/// How a readout computes each comparison's ``Effect``s: by which test, and whether adjusted by
/// the pre-exposure covariate (CUPED).
///
/// ```swift
/// let settings = EffectSettings(method: .sequential(), cuped: true)
/// let readouts = ReadoutBuilder.readouts(accumulator.totals(), effects: settings)
/// ```
public struct EffectSettings: Sendable, Hashable {
    /// Welch's t-test (one look) or the always-valid sequential test.
    public var method: EffectMethod
    /// Whether to adjust each outcome by its pre-exposure covariate; a goal read without one
    /// (``GoalTotals/covariates`` `nil`) is compared unadjusted, with no CUPED figures.
    public var cuped: Bool

    /// Whether the effects replace the plain comparison in the readouts' tables: with CUPED or
    /// the sequential test, an unadjusted p-value beside the adjusted one would give two answers
    /// to one question. CUPED does not apply to a bandit's period-weighted figures.
    func replacesPlainComparison(periodWeighted: Bool) -> Bool {
        if cuped && !periodWeighted { return true }
        if case .sequential = method { return true }
        return false
    }

    /// Settings with the given method, CUPED off unless asked for.
    public init(method: EffectMethod = .tTest, cuped: Bool = false) {
        self.method = method
        self.cuped = cuped
    }
}
