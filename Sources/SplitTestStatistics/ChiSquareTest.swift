/// Pearson's chi-square tests, for checking that assignment does what its weights promise.
///
/// `splitc simulate` reports a sample-ratio p-value per experiment with
/// ``goodnessOfFit(observed:weights:)``; the assignment quality tests also check that two
/// experiments' groups are unrelated with ``independence(_:)``.
///
/// ```swift
/// let result = ChiSquareTest.goodnessOfFit(observed: [5_012, 4_988], weights: [1, 1])
/// if result.pValue < 0.001 { print("sample ratio mismatch") }
/// ```
public enum ChiSquareTest {
    /// Tests observed counts against expected counts, cell by cell.
    ///
    /// A cell expected to be empty (a group of weight 0) carries no information and is left out,
    /// both from the statistic and from the degrees of freedom (the cells that count, minus 1);
    /// if such a cell is not empty after all, the statistic is infinite and the p-value 0.
    ///
    /// - Precondition: as many expected counts as observed ones; counts non-negative, expected
    ///   counts finite.
    public static func goodnessOfFit(observed: [Int], expected: [Double]) -> ChiSquareResult {
        precondition(observed.count == expected.count, "one expected count per observed count")
        precondition(observed.allSatisfy { $0 >= 0 }, "observed counts are never negative")
        precondition(expected.allSatisfy { $0.isFinite && $0 >= 0 }, "expected counts are finite and non-negative")
        var statistic = 0.0
        var cells = 0
        for (count, expectation) in zip(observed, expected) {
            if expectation > 0 {
                let difference = Double(count) - expectation
                statistic += difference * difference / expectation
                cells += 1
            } else if count > 0 {
                statistic = .infinity
            }
        }
        let degreesOfFreedom = max(0, cells - 1)
        return ChiSquareResult(
            statistic: statistic, degreesOfFreedom: degreesOfFreedom,
            pValue: ChiSquareDistribution.survival(statistic, degreesOfFreedom: degreesOfFreedom))
    }

    /// Tests observed counts against the shares that `weights` promise, scaled to the total
    /// observed: the sample-ratio check of an experiment's groups.
    ///
    /// - Precondition: one weight per count; weights finite, non-negative and not all zero.
    public static func goodnessOfFit(observed: [Int], weights: [Double]) -> ChiSquareResult {
        precondition(observed.count == weights.count, "one weight per observed count")
        precondition(
            weights.allSatisfy { $0.isFinite && $0 >= 0 } && weights.contains { $0 > 0 },
            "weights are finite, non-negative and not all zero")
        let total = Double(observed.reduce(0, +))
        let weightSum = weights.reduce(0, +)
        return goodnessOfFit(observed: observed, expected: weights.map { $0 / weightSum * total })
    }

    /// Tests whether the row and the column of a contingency table are independent: `table[i][j]`
    /// counts the units in row category `i` and column category `j` (for instance the group of
    /// one experiment and the group of another).
    ///
    /// Empty rows and columns carry no information and are left out; the degrees of freedom are
    /// `(rows − 1)(columns − 1)` of what is left. A table with a single non-empty row or column
    /// has 0 degrees of freedom and p-value 1.
    ///
    /// - Precondition: every row has the same number of cells, and no count is negative.
    public static func independence(_ table: [[Int]]) -> ChiSquareResult {
        let columnCount = table.first?.count ?? 0
        precondition(table.allSatisfy { $0.count == columnCount }, "a contingency table is rectangular")
        precondition(table.allSatisfy { $0.allSatisfy { $0 >= 0 } }, "contingency counts are never negative")
        let rowTotals = table.map { Double($0.reduce(0, +)) }
        let columnTotals = (0..<columnCount).map { column in Double(table.reduce(0) { $0 + $1[column] }) }
        let total = rowTotals.reduce(0, +)
        let rows = rowTotals.indices.filter { rowTotals[$0] > 0 }
        let columns = columnTotals.indices.filter { columnTotals[$0] > 0 }
        var statistic = 0.0
        for row in rows {
            for column in columns {
                let expected = rowTotals[row] * columnTotals[column] / total
                let difference = Double(table[row][column]) - expected
                statistic += difference * difference / expected
            }
        }
        let degreesOfFreedom = max(0, rows.count - 1) * max(0, columns.count - 1)
        return ChiSquareResult(
            statistic: statistic, degreesOfFreedom: degreesOfFreedom,
            pValue: ChiSquareDistribution.survival(statistic, degreesOfFreedom: degreesOfFreedom))
    }
}
