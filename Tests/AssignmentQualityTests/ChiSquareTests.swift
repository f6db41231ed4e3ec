import SplitTestStatistics
import Testing

/// Whether `actual` is within `tolerance` of `expected`, relative to the larger magnitude.
func isClose(_ actual: Double, _ expected: Double, relative tolerance: Double = 1e-9) -> Bool {
    if actual == expected { return true }
    return abs(actual - expected) <= tolerance * max(abs(actual), abs(expected))
}

/// Reference values made with SciPy 1.17.1: `scipy.stats.chi2.sf(x, df)`,
/// `scipy.special.gammainc` / `gammaincc`, `scipy.stats.chisquare(observed, expected)` and
/// `scipy.stats.chi2_contingency(table, correction=False)`, printed with `repr`.
@Suite("Chi-square statistics")
struct ChiSquareTests {
    static let survivalReferences: [(statistic: Double, degreesOfFreedom: Int, pValue: Double)] = [
        (3.84, 1, 0.05004352124870519),
        (0.5, 1, 0.47950012218695337),
        (1e-6, 1, 0.9992021155721779),
        (10.0, 2, 0.006737946999085468),
        (7.81, 3, 0.05010605635000589),
        (18.3, 10, 0.050109061411462506),
        (2.0, 10, 0.9963401531726563),
        (124.3, 100, 0.050266398300158416),
        (80.0, 100, 0.9296649333406051),
        (1074.7, 1000, 0.04995483964657737),
        (900.0, 1000, 0.9892827619087102),
        (10000.0, 10000, 0.49811936596618267),
        (10300.0, 10000, 0.017638117447345406),
        (9700.0, 10000, 0.98374920482229),
        (12000.0, 10000, 1.1470065524601128e-40),
        (200.0, 1, 2.0884875837625688e-45),
        (700.0, 1, 2.990226975124623e-154),
        (1400.0, 1, 2.1010145162644003e-306),
    ]

    @Test("the chi-square survival function matches SciPy from df 1 to 10,000 and deep in the tail",
          arguments: survivalReferences.indices)
    func survivalMatchesReference(index: Int) {
        let reference = Self.survivalReferences[index]
        let pValue = ChiSquareDistribution.survival(reference.statistic, degreesOfFreedom: reference.degreesOfFreedom)
        #expect(isClose(pValue, reference.pValue, relative: 1e-8), "χ² = \(reference.statistic), df = \(reference.degreesOfFreedom): \(pValue) vs \(reference.pValue)")
    }

    @Test("huge statistics give 0, not NaN or infinity; a zero statistic gives 1")
    func extremes() {
        #expect(ChiSquareDistribution.survival(1e6, degreesOfFreedom: 1) == 0)
        #expect(ChiSquareDistribution.survival(1e6, degreesOfFreedom: 10_000) == 0)
        #expect(ChiSquareDistribution.survival(1e300, degreesOfFreedom: 3) == 0)
        #expect(ChiSquareDistribution.survival(.infinity, degreesOfFreedom: 2) == 0)
        #expect(ChiSquareDistribution.survival(0, degreesOfFreedom: 5) == 1)
        #expect(ChiSquareDistribution.survival(0, degreesOfFreedom: 10_000) == 1)
        #expect(ChiSquareDistribution.survival(12.5, degreesOfFreedom: 0) == 1)
    }

    @Test("the survival function never increases with the statistic, and stays within [0, 1]")
    func monotone() {
        for degreesOfFreedom in [1, 2, 7, 150, 10_000] {
            var previous = 1.0
            for step in 0...400 {
                let statistic = Double(step) * Double(degreesOfFreedom) / 100
                let pValue = ChiSquareDistribution.survival(statistic, degreesOfFreedom: degreesOfFreedom)
                #expect((0...1).contains(pValue) && pValue <= previous + 1e-15, "df \(degreesOfFreedom), χ² \(statistic)")
                previous = pValue
            }
        }
    }

    @Test("the incomplete gamma functions match SciPy and add up to 1")
    func incompleteGamma() {
        let references: [(a: Double, x: Double, lower: Double, upper: Double)] = [
            (0.5, 0.1, 0.34527915398142317, 0.6547208460185768),
            (2.5, 1.0, 0.15085496391539038, 0.8491450360846096),
            (5000.0, 4990.0, 0.4455940887896612, 0.5544059112103388),
            (5000.0, 5100.0, 0.9206711189223811, 0.07932888107761896),
            (0.001, 0.001, 0.9936876467088603, 0.006312353291139709),
        ]
        for reference in references {
            let lower = IncompleteGamma.regularizedLower(a: reference.a, x: reference.x)
            let upper = IncompleteGamma.regularizedUpper(a: reference.a, x: reference.x)
            #expect(isClose(lower, reference.lower, relative: 1e-8), "P(\(reference.a), \(reference.x)) = \(lower)")
            #expect(isClose(upper, reference.upper, relative: 1e-8), "Q(\(reference.a), \(reference.x)) = \(upper)")
            #expect(abs(lower + upper - 1) < 1e-12)
        }
    }

    @Test("goodness of fit matches SciPy's chisquare")
    func goodnessOfFit() {
        let references: [(observed: [Int], expected: [Double], statistic: Double, pValue: Double)] = [
            ([5012, 4988], [5000, 5000], 0.0576, 0.8103302566044083),
            ([30, 14, 34, 45, 57, 20], [30, 30, 30, 40, 40, 30], 20.249999999999996, 0.0011216612884561176),
            ([502, 1003, 1495], [500, 1000, 1500], 0.033666666666666664, 0.9833075555712142),
            ([5210, 4790], [5000, 5000], 17.64, 2.6691498031812692e-05),
        ]
        for reference in references {
            let result = ChiSquareTest.goodnessOfFit(observed: reference.observed, expected: reference.expected)
            #expect(isClose(result.statistic, reference.statistic))
            #expect(result.degreesOfFreedom == reference.observed.count - 1)
            #expect(isClose(result.pValue, reference.pValue, relative: 1e-8))
        }
    }

    @Test("weights are scaled to the observed total; zero-weight cells are left out unless filled")
    func goodnessOfFitByWeights() {
        // The same as chisquare([103, 298, 599], [100, 300, 600]): 0.105, p 0.9488543210558013.
        let scaled = ChiSquareTest.goodnessOfFit(observed: [103, 298, 599], weights: [10, 30, 60])
        #expect(isClose(scaled.statistic, 0.105))
        #expect(isClose(scaled.pValue, 0.9488543210558013, relative: 1e-8))

        let withEmptyGroup = ChiSquareTest.goodnessOfFit(observed: [103, 0, 298, 599], weights: [10, 0, 30, 60])
        #expect(withEmptyGroup.degreesOfFreedom == 2)
        #expect(isClose(withEmptyGroup.pValue, scaled.pValue))

        let filledEmptyGroup = ChiSquareTest.goodnessOfFit(observed: [103, 1, 298, 599], weights: [10, 0, 30, 60])
        #expect(filledEmptyGroup.statistic == .infinity)
        #expect(filledEmptyGroup.pValue == 0)

        let singleGroup = ChiSquareTest.goodnessOfFit(observed: [0, 42], weights: [0, 1])
        #expect(singleGroup.degreesOfFreedom == 0 && singleGroup.pValue == 1)
    }

    @Test("independence matches SciPy's chi2_contingency without continuity correction")
    func independence() {
        let small = ChiSquareTest.independence([[10, 20, 30], [20, 20, 20]])
        #expect(isClose(small.statistic, 5.333333333333334))
        #expect(small.degreesOfFreedom == 2)
        #expect(isClose(small.pValue, 0.0694834512228015, relative: 1e-8))

        let dependent = ChiSquareTest.independence([[120, 90, 40], [110, 95, 45], [50, 70, 80]])
        #expect(isClose(dependent.statistic, 48.81684491978609))
        #expect(dependent.degreesOfFreedom == 4)
        #expect(isClose(dependent.pValue, 6.375797504824564e-10, relative: 1e-8))
    }

    @Test("empty rows and columns are skipped, degenerate tables give p-value 1")
    func independenceSkipsEmptyCategories() {
        let padded = ChiSquareTest.independence([[10, 0, 20, 30], [0, 0, 0, 0], [20, 0, 20, 20]])
        #expect(padded.degreesOfFreedom == 2)
        #expect(isClose(padded.statistic, 5.333333333333334))
        #expect(isClose(padded.pValue, 0.0694834512228015, relative: 1e-8))

        let oneRow = ChiSquareTest.independence([[0, 0], [7, 9]])
        #expect(oneRow.degreesOfFreedom == 0 && oneRow.pValue == 1)
        let empty = ChiSquareTest.independence([[0, 0], [0, 0]])
        #expect(empty.degreesOfFreedom == 0 && empty.pValue == 1 && empty.statistic == 0)
        #expect(ChiSquareTest.independence([]).pValue == 1)
    }
}
