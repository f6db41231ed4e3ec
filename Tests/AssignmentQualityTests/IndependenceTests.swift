import SplitTestCompiler
import SplitTestStatistics
@_spi(Generated) @_spi(Tools) import SplitTesting
import Testing

/// The draws made for one unit (its group in two experiments, its traffic enrolment, its place
/// in a layer) are unrelated: knowing one tells nothing about another.
@Suite("Independence of the draws")
struct IndependenceTests {
    /// A contingency table: `rows[unit]` × `columns[unit]`, each a category index.
    static func table(rows: [Int], rowCount: Int, columns: [Int], columnCount: Int) -> [[Int]] {
        var table = Array(repeating: Array(repeating: 0, count: columnCount), count: rowCount)
        for (row, column) in zip(rows, columns) { table[row][column] += 1 }
        return table
    }

    /// Each unit's group under `weights`, from its group bucket, through the runtime's rules.
    static func groups(_ buckets: [UInt16], weights: [Double]) -> [Int] {
        let rules = SplitTestDefinition.sample(
            salt: UnitSample.salt, bucketUpperBounds: BucketTable(weights: weights).upperBounds,
            controlIndex: 0)
        let groupOfBucket = (0..<Bucketing.bucketCount).map(rules.bucketTable.groupIndex(forBucket:))
        return buckets.map { groupOfBucket[Int($0)] }
    }

    /// The tenth of the 10,000 buckets a bucket falls in.
    static func deciles(_ buckets: [UInt16]) -> [Int] {
        buckets.map { Int($0) / 1_000 }
    }

    @Test("two experiments' groups are independent")
    func experimentsAreIndependent() {
        let sample = UnitSample.shared
        let main = Self.groups(sample.groupBuckets, weights: [1, 1, 1, 1])
        let other = Self.groups(sample.otherGroupBuckets, weights: [10, 20, 70])
        let result = ChiSquareTest.independence(Self.table(rows: main, rowCount: 4, columns: other, columnCount: 3))
        #expect(result.degreesOfFreedom == 6)
        #expect(result.pValue >= 0.001, "χ² \(result.statistic), p \(result.pValue)")

        // Finer: the deciles of the two group buckets.
        let fine = ChiSquareTest.independence(
            Self.table(rows: Self.deciles(sample.groupBuckets), rowCount: 10,
                       columns: Self.deciles(sample.otherGroupBuckets), columnCount: 10))
        #expect(fine.degreesOfFreedom == 81)
        #expect(fine.pValue >= 0.001, "χ² \(fine.statistic), p \(fine.pValue)")
    }

    @Test("traffic enrolment is independent of the group (same key, another seed)")
    func trafficIsIndependentOfGroup() {
        let sample = UnitSample.shared
        let groups = Self.groups(sample.groupBuckets, weights: [1, 1, 1])
        let result = ChiSquareTest.independence(
            Self.table(rows: Self.deciles(sample.trafficBuckets), rowCount: 10, columns: groups, columnCount: 3))
        #expect(result.degreesOfFreedom == 18)
        #expect(result.pValue >= 0.001, "χ² \(result.statistic), p \(result.pValue)")

        // The same at a traffic of 10%: enrolled or not, against the group.
        let enrolled = sample.trafficBuckets.map { $0 < 1_000 ? 1 : 0 }
        let tenPercent = ChiSquareTest.independence(
            Self.table(rows: enrolled, rowCount: 2, columns: groups, columnCount: 3))
        #expect(tenPercent.pValue >= 0.001, "χ² \(tenPercent.statistic), p \(tenPercent.pValue)")
    }

    @Test("the place in a layer is independent of the group")
    func layerIsIndependentOfGroup() {
        let sample = UnitSample.shared
        let groups = Self.groups(sample.groupBuckets, weights: [10, 20, 70])
        let result = ChiSquareTest.independence(
            Self.table(rows: Self.deciles(sample.layerBuckets), rowCount: 10, columns: groups, columnCount: 3))
        #expect(result.degreesOfFreedom == 18)
        #expect(result.pValue >= 0.001, "χ² \(result.statistic), p \(result.pValue)")
    }

    @Test("a contingency table of dependent draws is rejected, so the checks above can fail")
    func dependenceIsDetected() {
        let sample = UnitSample.shared
        let groups = Self.groups(sample.groupBuckets, weights: [1, 1])
        // The decile of the very bucket that decides the group: fully dependent.
        let result = ChiSquareTest.independence(
            Self.table(rows: Self.deciles(sample.groupBuckets), rowCount: 10, columns: groups, columnCount: 2))
        #expect(result.pValue < 1e-100)
    }
}
