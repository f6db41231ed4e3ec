#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One group's outcome adjusted by a covariate measured before exposure (CUPED): the outcome's
/// statistic (post), the covariate's (pre) on the same units, the sum of their products, and θ.
///
/// The adjusted outcome of a unit is `post − θ·pre`, so
/// - mean: `mean(post) − θ·mean(pre)`;
/// - variance: `var(post) + θ²·var(pre) − 2θ·cov(post, pre)`, with
///   `cov = (Σ post·pre − Σpost·Σpre / n) / (n − 1)`; 0 below 2 units.
///
/// Each variance is the one its kind of statistic defines (for a conversion, `p(1 − p)`), as in
/// GrowthBook's `RegressionAdjustedStatistic`. θ is not the group's own: it is pooled over the
/// control and the treatment, ``pooledTheta(control:treatment:)``, and set with ``adjusted(by:)``.
///
/// ```swift
/// let control = RegressionAdjustedStatistic(
///     post: SampleMeanStatistic(units: 500, sum: 1_010, sumOfSquares: 4_600),
///     pre: SampleMeanStatistic(units: 500, sum: 980, sumOfSquares: 4_300),
///     sumOfProducts: 3_100)
/// let treatment = …
/// let effect = Effect.compare(control: control, treatment: treatment, method: .tTest)
/// ```
public struct RegressionAdjustedStatistic<Outcome: UnitStatistic, Covariate: UnitStatistic>: Sendable, Hashable {
    /// The outcome after exposure.
    public var post: Outcome
    /// The covariate, on the same units: the same goal in the window before exposure.
    public var pre: Covariate
    /// Σ post·pre over the units.
    public var sumOfProducts: Double
    /// The coefficient of the covariate; 0 leaves the outcome unadjusted.
    public var theta: Double

    /// The statistic of `post` adjusted by `pre` (measured on the same units) with coefficient
    /// `theta`.
    public init(post: Outcome, pre: Covariate, sumOfProducts: Double, theta: Double = 0) {
        precondition(post.units == pre.units, "the covariate is measured on the outcome's units")
        self.post = post
        self.pre = pre
        self.sumOfProducts = sumOfProducts
        self.theta = theta
    }

    /// How many units the group has.
    public var units: Int { post.units }

    /// The mean adjusted outcome, `mean(post) − θ·mean(pre)`.
    public var mean: Double { post.mean - theta * pre.mean }

    /// The mean outcome without the adjustment.
    public var unadjustedMean: Double { post.mean }

    /// The sample covariance of post and pre, `(Σ post·pre − Σpost·Σpre / n) / (n − 1)`; 0 below
    /// 2 units.
    public var covariance: Double {
        guard units > 1 else { return 0 }
        return (sumOfProducts - post.sum * pre.sum / Double(units)) / Double(units - 1)
    }

    /// The variance of the adjusted outcome per unit, `var(post) + θ²·var(pre) − 2θ·cov`; 0 below
    /// 2 units.
    public var variance: Double {
        guard units > 1 else { return 0 }
        return post.variance + pow(theta, 2) * pre.variance - 2 * theta * covariance
    }

    /// The same statistic with coefficient `theta`.
    public func adjusted(by theta: Double) -> RegressionAdjustedStatistic {
        var copy = self
        copy.theta = theta
        return copy
    }

    /// What a two-sample test reads from the group: the adjusted mean and variance, and the
    /// unadjusted mean that a relative difference divides by.
    public var groupEstimate: GroupEstimate {
        GroupEstimate(units: units, mean: mean, unadjustedMean: unadjustedMean, variance: variance)
    }

    /// θ for comparing `treatment` with `control`: the slope of post on pre over both groups'
    /// units together, `cov(post, pre) / var(pre)` of the pooled statistics, where each variance
    /// is the one its kind defines (for a conversion `p(1 − p)`, so θ is then the least-squares
    /// slope times `n / (n − 1)`).
    ///
    /// 0 when the pooled pre or the pooled post has no variance (exactly 0): the comparison then
    /// falls back to the unadjusted outcome, as GrowthBook's `compute_theta` does.
    public static func pooledTheta(control: RegressionAdjustedStatistic, treatment: RegressionAdjustedStatistic) -> Double {
        let post = control.post.pooled(with: treatment.post)
        let pre = control.pre.pooled(with: treatment.pre)
        guard pre.variance != 0, post.variance != 0 else { return 0 }
        let pooled = RegressionAdjustedStatistic(
            post: post, pre: pre, sumOfProducts: control.sumOfProducts + treatment.sumOfProducts)
        return pooled.covariance / pooled.pre.variance
    }
}
