import SplitTestStatistics

/// Linear contrasts of cell means, for the factor effects of a full factorial: a main effect is
/// the difference of two marginal means (each the unweighted average of its cells' means), and
/// the interaction of two factors is tested on the contrasts of their two-way table of means.
///
/// Each cell is given by its sufficient statistics (units, Σy, Σy²; for a conversion y is 0 or 1,
/// so Σy² = Σy), and a contrast `L` of the cell means has the variance `Σ L_c² s_c² / n_c` with
/// the sample variance `s_c²` (denominator `n_c − 1`). That is exactly what statsmodels computes
/// for `ols("y ~ C(cell) - 1").fit(cov_type="HC2")`: the leverage of a unit in a cell of `n`
/// units is `1/n`, so HC2's `Σ e²/(1 − h)` over the cell's units, divided by `n²`, is `s²/n`.
/// `t_test` then uses the normal distribution (HC2 makes `use_t` false) and `wald_test(R,
/// use_f=False)` the chi-square.
///
/// ```swift
/// let cells = [SampleMeanStatistic(units: 400, sum: 40, sumOfSquares: 40), …]   // conversions per cell
/// let effect = FactorialContrasts.estimate([-0.5, -0.5, 0.5, 0.5], cells: cells)
/// ```
public enum FactorialContrasts {
    /// A contrast's estimate, its standard error, the 95% interval and the two-sided p-value.
    public struct Estimate: Sendable, Hashable {
        /// `Σ L_c · mean_c`.
        public var estimate: Double
        /// `√(Σ L_c² s_c² / n_c)`.
        public var standardError: Double
        /// The lower end of the 95% normal interval; `nil` when the standard error is 0.
        public var ciLow: Double?
        /// The upper end of the 95% normal interval; `nil` when the standard error is 0.
        public var ciHigh: Double?
        /// The two-sided p-value of the z statistic; `nil` when the standard error is 0.
        public var pValue: Double?
    }

    /// A Wald test of several contrasts together: `(Rμ)ᵀ (R V Rᵀ)⁻¹ (Rμ)` against the
    /// chi-square distribution with one degree of freedom per row of `R`.
    public struct WaldTest: Sendable, Hashable {
        /// The statistic.
        public var chiSquare: Double
        /// The degrees of freedom: the number of contrasts.
        public var degreesOfFreedom: Int
        /// The p-value.
        public var pValue: Double
    }

    /// The contrast with `coefficients` (one per cell) of the cells' means; `nil` when a cell it
    /// involves has fewer than 2 units (its variance is unknown) or the figures overflow.
    public static func estimate(_ coefficients: [Double], cells: [SampleMeanStatistic]) -> Estimate? {
        precondition(coefficients.count == cells.count, "one coefficient per cell")
        var estimate = 0.0
        var variance = 0.0
        for (coefficient, cell) in zip(coefficients, cells) where coefficient != 0 {
            guard cell.units >= 2 else { return nil }
            estimate += coefficient * cell.mean
            variance += coefficient * coefficient * cell.nonNegativeVariance / Double(cell.units)
        }
        guard estimate.isFinite, variance.isFinite else { return nil }
        let error = variance.squareRoot()
        guard error > 0 else {
            return Estimate(estimate: estimate, standardError: 0, ciLow: nil, ciHigh: nil, pValue: nil)
        }
        let half = NormalDistribution.quantile975 * error
        return Estimate(
            estimate: estimate, standardError: error, ciLow: estimate - half, ciHigh: estimate + half,
            pValue: NormalDistribution.twoSidedPValue(estimate / error))
    }

    /// The Wald test that every row of `rows` (each one coefficient per cell) is 0; `nil` when a
    /// cell involved has fewer than 2 units, or the contrasts' covariance is singular (nothing
    /// varies where they look).
    public static func wald(_ rows: [[Double]], cells: [SampleMeanStatistic]) -> WaldTest? {
        precondition(!rows.isEmpty && rows.allSatisfy { $0.count == cells.count }, "one coefficient per cell in each row")
        var cellVariances = [Double](repeating: 0, count: cells.count)
        for (index, cell) in cells.enumerated() where rows.contains(where: { $0[index] != 0 }) {
            guard cell.units >= 2 else { return nil }
            cellVariances[index] = cell.nonNegativeVariance / Double(cell.units)
        }
        let values = rows.map { row in zip(row, cells).reduce(0) { $0 + $1.0 * $1.1.mean } }
        // R V Rᵀ, V diagonal.
        var covariance = [[Double]](repeating: [Double](repeating: 0, count: rows.count), count: rows.count)
        for i in rows.indices {
            for j in i..<rows.count {
                var sum = 0.0
                for c in cells.indices where cellVariances[c] != 0 { sum += rows[i][c] * rows[j][c] * cellVariances[c] }
                covariance[i][j] = sum
                covariance[j][i] = sum
            }
        }
        guard let solved = solvePositiveDefinite(covariance, values) else { return nil }
        let statistic = zip(values, solved).reduce(0) { $0 + $1.0 * $1.1 }
        guard statistic.isFinite, statistic >= 0 else { return nil }
        return WaldTest(
            chiSquare: statistic, degreesOfFreedom: rows.count,
            pValue: ChiSquareDistribution.survival(statistic, degreesOfFreedom: rows.count))
    }

    /// `x` with `matrix · x = vector`, by the Cholesky factorisation; `nil` when the matrix is not
    /// positive definite to working precision.
    static func solvePositiveDefinite(_ matrix: [[Double]], _ vector: [Double]) -> [Double]? {
        let size = vector.count
        let scale = matrix.indices.map { matrix[$0][$0] }.max() ?? 0
        guard scale > 0, scale.isFinite else { return nil }
        var lower = [[Double]](repeating: [Double](repeating: 0, count: size), count: size)
        for i in 0..<size {
            for j in 0...i {
                var sum = matrix[i][j]
                for k in 0..<j { sum -= lower[i][k] * lower[j][k] }
                if i == j {
                    // A pivot lost in rounding noise: the contrasts are (nearly) dependent.
                    guard sum > scale * 1e-13 else { return nil }
                    lower[i][i] = sum.squareRoot()
                } else {
                    lower[i][j] = sum / lower[j][j]
                }
            }
        }
        var forward = [Double](repeating: 0, count: size)
        for i in 0..<size {
            var sum = vector[i]
            for k in 0..<i { sum -= lower[i][k] * forward[k] }
            forward[i] = sum / lower[i][i]
        }
        var solution = [Double](repeating: 0, count: size)
        for i in stride(from: size - 1, through: 0, by: -1) {
            var sum = forward[i]
            for k in (i + 1)..<size { sum -= lower[k][i] * solution[k] }
            solution[i] = sum / lower[i][i]
        }
        return solution
    }

    // MARK: The contrasts of a full factorial

    /// The coefficients of level `level` of factor `factor` minus its first level: each marginal
    /// mean is the unweighted average of the cells at that level. `cellLevels[c][f]` is cell
    /// `c`'s level of factor `f`; the design is a full factorial.
    public static func mainEffect(factor: Int, level: Int, cellLevels: [[Int]]) -> [Double] {
        let perLevel = Double(cellLevels.count(where: { $0[factor] == level }))
        return cellLevels.map { levels in
            levels[factor] == level ? 1 / perLevel : levels[factor] == 0 ? -1 / perLevel : 0
        }
    }

    /// The coefficients of the marginal mean of level `level` of factor `factor`: the unweighted
    /// average of its cells' means.
    public static func marginalMean(factor: Int, level: Int, cellLevels: [[Int]]) -> [Double] {
        let perLevel = Double(cellLevels.count(where: { $0[factor] == level }))
        return cellLevels.map { $0[factor] == level ? 1 / perLevel : 0 }
    }

    /// The `(a − 1)(b − 1)` interaction contrasts of factors `first` (`a` levels) and `second`
    /// (`b` levels): for each pair of levels `i > 0`, `j > 0`, `m_ij − m_i0 − m_0j + m_00`, where
    /// `m` is the two-way table of means, each the unweighted average of its cells.
    public static func interaction(first: Int, second: Int, levelCounts: [Int], cellLevels: [[Int]]) -> [[Double]] {
        let perPair = Double(cellLevels.count) / Double(levelCounts[first] * levelCounts[second])
        var rows: [[Double]] = []
        for i in 1..<levelCounts[first] {
            for j in 1..<levelCounts[second] {
                rows.append(cellLevels.map { levels in
                    let a = levels[first]
                    let b = levels[second]
                    let sign: Double =
                        switch (a, b) {
                        case (i, j), (0, 0): 1
                        case (i, 0), (0, j): -1
                        default: 0
                        }
                    return sign / perPair
                })
            }
        }
        return rows
    }
}
