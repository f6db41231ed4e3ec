import SplitTestCompiler
import SplitTestStatistics
@_spi(Generated) @_spi(Tools) import SplitTesting
import Testing

/// Every group receives its weight's share of a million units, no more than chance allows.
@Suite("Group shares over a million units")
struct GroupShareTests {
    static let weightVectors: [[Double]] = [
        [1, 1],
        [1, 1, 1],
        [1, 1, 1, 1],
        [10, 20, 70],
        [1, 99],
        [1, 0, 1, 2],
        [0, 3, 1],
    ]

    @Test("each group's share is within 0.3 points of its weight, and the sample ratio fits",
          arguments: weightVectors)
    func sharesFollowWeights(weights: [Double]) {
        let rules = SplitTestDefinition.sample(
            salt: UnitSample.salt, bucketUpperBounds: BucketTable(weights: weights).upperBounds,
            controlIndex: 0)
        let counts = UnitSample.groupCounts(of: UnitSample.shared.groupBuckets, rules: rules)
        let total = Double(counts.reduce(0, +))
        let weightSum = weights.reduce(0, +)
        for (index, weight) in weights.enumerated() {
            let share = Double(counts[index]) / total
            #expect(abs(share - weight / weightSum) <= 0.003, "group \(index) of \(weights): share \(share)")
            if weight == 0 { #expect(counts[index] == 0, "a zero-weight group receives no units") }
        }
        // The buckets each group owns are what the weights compile to; they are the exact promise.
        let promised = BucketTable.bucketCounts(forWeights: weights).map(Double.init)
        let fit = ChiSquareTest.goodnessOfFit(observed: counts, weights: promised)
        #expect(fit.degreesOfFreedom == weights.filter { $0 > 0 }.count - 1)
        #expect(fit.pValue >= 0.001, "sample ratio mismatch for \(weights): χ² \(fit.statistic), p \(fit.pValue)")
    }

    @Test("the 10,000 group buckets are filled uniformly")
    func bucketsAreUniform() {
        var counts = Array(repeating: 0, count: Bucketing.bucketCount)
        for bucket in UnitSample.shared.groupBuckets { counts[Int(bucket)] += 1 }
        let fit = ChiSquareTest.goodnessOfFit(
            observed: counts, weights: Array(repeating: 1, count: Bucketing.bucketCount))
        #expect(fit.degreesOfFreedom == 9_999)
        #expect(fit.pValue >= 0.001, "bucket histogram: χ² \(fit.statistic), p \(fit.pValue)")
    }

    @Test("synthetic unit ids are distinct and UUID-shaped")
    func unitsAreDistinct() {
        let ids = (0..<100_000).map(SyntheticUnits.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.utf8.count == 36 && $0.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12] })
    }
}
