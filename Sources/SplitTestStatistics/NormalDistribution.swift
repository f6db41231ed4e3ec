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

    /// `P(Z ≤ x)`.
    public static func cdf(_ x: Double) -> Double {
        0.5 * erfc(-x / 2.0.squareRoot())
    }

    /// The density at `x`.
    public static func density(_ x: Double) -> Double {
        exp(-0.5 * x * x) / (2 * Double.pi).squareRoot()
    }

    /// The quantile `z` with `P(Z ≤ z) = probability`, for `probability` in `(0, 1)`: Wichura's
    /// algorithm AS 241 (PPND16), good to about 1e-16 relative.
    public static func quantile(_ probability: Double) -> Double {
        precondition(probability > 0 && probability < 1, "a quantile is asked for 0 < p < 1")
        let q = probability - 0.5
        if abs(q) <= 0.425 {
            let r = 0.180625 - q * q
            return q * polynomial(r, centralNumerator) / polynomial(r, centralDenominator)
        }
        var r = q < 0 ? probability : 1 - probability
        r = (-log(r)).squareRoot()
        let value: Double
        if r <= 5 {
            r -= 1.6
            value = polynomial(r, intermediateNumerator) / polynomial(r, intermediateDenominator)
        } else {
            r -= 5
            value = polynomial(r, tailNumerator) / polynomial(r, tailDenominator)
        }
        return q < 0 ? -value : value
    }

    /// `c₀ + c₁x + c₂x² + …`, by Horner's rule.
    private static func polynomial(_ x: Double, _ coefficients: [Double]) -> Double {
        coefficients.reversed().reduce(0) { $0 * x + $1 }
    }

    private static let centralNumerator = [
        3.387_132_872_796_366_608, 133.141_667_891_784_377_72, 1_971.590_950_306_551_442_7, 13_731.693_765_509_461_125,
        45_921.953_931_549_871_457, 67_265.770_927_008_700_853, 33_430.575_583_588_128_105, 2_509.080_928_730_122_672_7,
    ]
    private static let centralDenominator = [
        1.0, 42.313_330_701_600_911_252, 687.187_007_492_057_908_95, 5_394.196_021_424_751_077_1,
        21_213.794_301_586_595_867, 39_307.895_800_092_710_61, 28_729.085_735_721_942_674, 5_226.495_278_852_545_925_3,
    ]
    private static let intermediateNumerator = [
        1.423_437_110_749_683_577_34, 4.630_337_846_156_545_295_9, 5.769_497_221_460_691_405_5,
        3.647_848_324_763_204_605_04, 1.270_458_252_452_368_382_58, 0.241_780_725_177_450_611_77,
        0.022_723_844_989_269_184_583_3, 7.745_450_142_783_414_076_4e-4,
    ]
    private static let intermediateDenominator = [
        1.0, 2.053_191_626_637_758_821_87, 1.676_384_830_183_803_849_4, 0.689_767_334_985_100_004_55,
        0.148_103_976_427_480_074_59, 0.015_198_666_563_616_457_208_5, 5.475_938_084_995_344_946_07e-4,
        1.050_750_071_644_416_843_61e-9,
    ]
    private static let tailNumerator = [
        6.657_904_643_501_103_777_2, 5.463_784_911_164_114_369_9, 1.784_826_539_917_291_335_8,
        0.296_560_571_828_504_891_23, 0.026_532_189_526_576_123_093, 0.001_242_660_947_388_078_438_1,
        2.711_555_568_743_487_578_88e-5, 2.010_334_399_292_288_132_65e-7,
    ]
    private static let tailDenominator = [
        1.0, 0.599_832_206_555_887_937_69, 0.136_929_880_922_735_805_31, 0.014_875_361_290_850_615_025,
        7.868_691_311_456_132_591e-4, 1.846_318_317_510_054_681_79e-5, 1.421_511_758_316_445_887_6e-7,
        2.044_263_103_389_939_785_64e-15,
    ]
}
