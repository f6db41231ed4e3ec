/// A treatment's effect against the control on one goal, absolute and relative, by one method,
/// with CUPED's figures when a pre-exposure covariate adjusted it.
///
/// The readout computes one for the conversion indicator per unit (``ProportionStatistic``) and
/// one for the value per exposed unit (``SampleMeanStatistic``):
///
/// ```swift
/// let effect = Effect.compare(
///     control: ProportionStatistic(units: 1_000, converted: 100),
///     treatment: ProportionStatistic(units: 1_000, converted: 130),
///     method: .sequential())
/// effect.relative?.estimate  // 0.3
/// ```
public struct Effect: Sendable, Hashable {
    /// The test that produced the estimates.
    public var method: EffectMethod
    /// θ and the variance reduction when the outcome was adjusted by its pre-exposure covariate;
    /// `nil` without CUPED.
    public var cuped: CUPEDAdjustment?
    /// Treatment mean minus control mean; `nil` when there is nothing to measure (a control mean
    /// of 0, a group without variance or with fewer than 2 units).
    public var absolute: EffectEstimate?
    /// The absolute difference over the control's unadjusted mean; `nil` when ``absolute`` is.
    public var relative: EffectEstimate?

    /// An effect made of its parts.
    public init(method: EffectMethod, cuped: CUPEDAdjustment?, absolute: EffectEstimate?, relative: EffectEstimate?) {
        self.method = method
        self.cuped = cuped
        self.absolute = absolute
        self.relative = relative
    }

    /// The 1 − α of every interval: 95%.
    public static let alpha = 0.05

    /// Compares `treatment` with `control` without a covariate.
    public static func compare<Statistic: UnitStatistic>(
        control: Statistic, treatment: Statistic, method: EffectMethod
    ) -> Effect {
        estimate(control: control.groupEstimate, treatment: treatment.groupEstimate, method: method, cuped: nil)
    }

    /// Compares two groups already reduced to what a test reads: for estimates that are not
    /// means of one sample, such as a bandit's period-weighted rates (whose `variance` is then the
    /// estimate's variance times its units).
    public static func compare(control: GroupEstimate, treatment: GroupEstimate, method: EffectMethod) -> Effect {
        estimate(control: control, treatment: treatment, method: method, cuped: nil)
    }

    /// Compares `treatment` with `control`, each adjusted by its pre-exposure covariate with θ
    /// pooled over both groups (``RegressionAdjustedStatistic/pooledTheta(control:treatment:)``;
    /// the θ the statistics carry is ignored). When that θ is 0 the comparison is the unadjusted
    /// one, with a variance reduction of 0.
    public static func compare<Outcome, Covariate>(
        control: RegressionAdjustedStatistic<Outcome, Covariate>,
        treatment: RegressionAdjustedStatistic<Outcome, Covariate>,
        method: EffectMethod
    ) -> Effect {
        let theta = RegressionAdjustedStatistic.pooledTheta(control: control, treatment: treatment)
        let unadjusted = (control: control.post.groupEstimate, treatment: treatment.post.groupEstimate)
        let adjusted =
            theta == 0
            ? unadjusted
            : (control: control.adjusted(by: theta).groupEstimate, treatment: treatment.adjusted(by: theta).groupEstimate)
        let cuped = CUPEDAdjustment(
            theta: theta,
            varianceReduction: CUPEDAdjustment.varianceReduction(
                adjusted: differenceVariance(adjusted.control, adjusted.treatment),
                unadjusted: differenceVariance(unadjusted.control, unadjusted.treatment)))
        return estimate(control: adjusted.control, treatment: adjusted.treatment, method: method, cuped: cuped)
    }

    /// The variance of the absolute difference of the means, `σ₁²/n₁ + σ₀²/n₀`.
    static func differenceVariance(_ control: GroupEstimate, _ treatment: GroupEstimate) -> Double {
        treatment.variance / Double(treatment.units) + control.variance / Double(control.units)
    }

    private static func estimate(
        control: GroupEstimate, treatment: GroupEstimate, method: EffectMethod, cuped: CUPEDAdjustment?
    ) -> Effect {
        func test(_ difference: Difference) -> EffectEstimate? {
            switch method {
            case .tTest:
                TwoSidedTTest.test(control: control, treatment: treatment, difference: difference, alpha: alpha)
            case .sequential(let tuning):
                SequentialTwoSidedTTest.test(
                    control: control, treatment: treatment, difference: difference, alpha: alpha, tuning: tuning)
            }
        }
        return Effect(method: method, cuped: cuped, absolute: test(.absolute), relative: test(.relative))
    }
}

/// Which test an ``Effect`` comes from.
public enum EffectMethod: Sendable, Hashable {
    /// Welch's t-test, ``TwoSidedTTest``: valid for one look at the end of the experiment.
    case tTest
    /// The always-valid confidence sequence, ``SequentialTwoSidedTTest``, tuned for `tuning` units:
    /// valid however often one looks.
    case sequential(tuning: Double = SequentialTwoSidedTTest.defaultTuning)

    /// The method's name in the JSON readout: `t` or `sequential`.
    public var name: String {
        switch self {
        case .tTest: "t"
        case .sequential: "sequential"
        }
    }
}

/// What CUPED did to a comparison: the pooled θ, and how much of the variance of the absolute
/// difference it removed.
public struct CUPEDAdjustment: Sendable, Hashable {
    /// The coefficient of the pre-exposure covariate, pooled over the control and the treatment;
    /// 0 when the comparison fell back to the unadjusted outcome.
    public var theta: Double
    /// `1 − v_adjusted / v_unadjusted`, the variances of the absolute difference with and without
    /// the adjustment: 0.25 removes a quarter of the variance and makes the interval `√0.75` as
    /// wide. `nil` when either variance is 0 or less (with a conversion's `p(1 − p)` and a
    /// covariance over `n − 1`, the adjusted one can come out negative in tiny groups), where the
    /// test has nothing to measure either.
    public var varianceReduction: Double?

    /// The figures of one adjusted comparison.
    public init(theta: Double, varianceReduction: Double?) {
        self.theta = theta
        self.varianceReduction = varianceReduction
    }

    /// `1 − adjusted / unadjusted`, or `nil` unless both variances are positive and finite.
    static func varianceReduction(adjusted: Double, unadjusted: Double) -> Double? {
        guard unadjusted > 0, unadjusted.isFinite, adjusted > 0, adjusted.isFinite else { return nil }
        return 1 - adjusted / unadjusted
    }
}
