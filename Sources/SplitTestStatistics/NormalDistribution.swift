#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The standard normal distribution.
public enum NormalDistribution {
    /// The 0.975 quantile, the half-width of a 95% interval in standard errors.
    public static let quantile975 = 1.959963984540054

    /// `P(Z > |z|) · 2`: the two-sided p-value of a z statistic.
    public static func twoSidedPValue(_ z: Double) -> Double {
        min(1, erfc(abs(z) / 2.0.squareRoot()))
    }
}
