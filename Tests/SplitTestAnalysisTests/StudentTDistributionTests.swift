import Foundation
import SplitTestStatistics
import Testing
import TestTools

/// Student's t distribution and the incomplete beta function under it against SciPy, from one
/// degree of freedom to a trillion: Welch's degrees of freedom reach the millions in a large
/// experiment, where forming `ln Γ` of half of them and `ln x` of an `x` rounded near 1 used to
/// cost eight digits. `Scripts/check_student_t.py` recomputes every figure.
@Suite struct StudentTDistributionTests {
    static let degrees: [Double] = [1, 2.5, 7, 19.5, 30, 100, 1_000, 10_000, 100_000, 1_500_000, 20_000_000, 1e9, 1e12]
    static let statistics: [Double] = [1e-3, 0.1, 0.5, 1, 1.7, 1.96, 2.5, 4, 8, 20, 40]
    static let probabilities: [Double] = [0.6, 0.9, 0.975, 0.995, 0.9995, 0.999_999]

    /// `I_x(a, b)` where `x` and `1 − x` are both exact in binary, so that SciPy's `betainc(a, b,
    /// x)` sees the same argument: every branch of the log-beta (both arguments small, one large,
    /// both large) and of the function (the continued fraction on either side, the expansion for
    /// a large `a` with `b` of 1/4, 1/2 and 1).
    static let betaArguments: [(a: Double, b: Double, complement: Double)] = [
        (0.5, 0.5, 0.25), (3, 4.5, 0.5), (12, 0.5, 0.125), (50, 60, 0.5), (800, 1_000, 0.5625), (999, 0.5, 0x1p-9),
        (5e5, 0.5, 0x1p-20), (5e5, 0.5, 0x1p-18), (7.5e5, 0.5, 0x1p-19), (1e7, 0.5, 0x1p-23), (1e7, 0.5, 0x1p-25),
        (2e8, 0.5, 0x1p-27), (2e4, 1, 0x1p-14), (3e6, 0.25, 0x1p-20), (1e7, 3, 0x1p-22), (5e3, 0.5, 0.75),
    ]

    @Test(.requires(.scipy)) func matchesSciPyAtEveryDegreeOfFreedom() throws {
        try Oracle.scipy.require()
        var cases: [[String: Any]] = []
        for degrees in Self.degrees {
            for t in Self.statistics {
                cases.append([
                    "kind": "p_value", "degrees": degrees, "t": t,
                    "swift": StudentTDistribution.twoSidedPValue(t, degreesOfFreedom: degrees),
                ])
            }
            for probability in Self.probabilities {
                cases.append([
                    "kind": "quantile", "degrees": degrees, "probability": probability,
                    "swift": StudentTDistribution.upperQuantile(probability, degreesOfFreedom: degrees),
                ])
            }
        }
        for (a, b, complement) in Self.betaArguments {
            cases.append([
                "kind": "beta", "a": a, "b": b, "x": 1 - complement,
                "swift": IncompleteBeta.regularized(a: a, b: b, x: 1 - complement, complement: complement),
            ])
        }
        let folder = try ExternalProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("cases.json")
        try JSONSerialization.data(withJSONObject: cases).write(to: input)
        let outcome = try ExternalProcess.python("check_student_t.py", [input.path])
        #expect(outcome.status == 0, "python3 -m pip install scipy\n\(outcome.stdout)\(outcome.stderr)")
        #expect(outcome.stdout.contains("\(cases.count) cases, 0 mismatches"), "\(outcome.stdout)\(outcome.stderr)")
    }

    /// Without a reference: at a billion degrees of freedom the t distribution is the normal one
    /// to about 10⁻⁹ (its tails differ by `O(1/ν)`), so a 95% quantile far from 1.959964 or a
    /// p-value at 1.96 far from the normal's means digits were lost.
    @Test func approachesTheNormalDistribution() {
        let quantile = StudentTDistribution.upperQuantile(0.975, degreesOfFreedom: 1e9)
        #expect(abs(quantile - NormalDistribution.quantile975) < 1e-8, "\(quantile)")
        let p = StudentTDistribution.twoSidedPValue(1.96, degreesOfFreedom: 1e9)
        #expect(abs(p - NormalDistribution.twoSidedPValue(1.96)) < 1e-9, "\(p)")
    }
}
