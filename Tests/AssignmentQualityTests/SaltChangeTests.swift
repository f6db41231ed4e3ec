@_spi(Generated) @_spi(Tools) import SplitTesting
import Testing

/// Changing an experiment's salt reshuffles everyone: a unit's new group is independent of its
/// old one, so a share `1 − Σ pᵢ²` of the units lands in a different group.
@Suite("Salt change")
struct SaltChangeTests {
    enum Colour: String, SplitTestGroup {
        case red, green, blue
    }

    @Test("the share of units that change group is 1 − Σ pᵢ²", arguments: GroupShareTests.weightVectors)
    func reshuffleShare(weights: [Double]) {
        let bounds = BucketTable(weights: weights).upperBounds
        let rules = SplitTestDefinition.sample(salt: UnitSample.salt, bucketUpperBounds: bounds, controlIndex: 0)
        let sample = UnitSample.shared
        let groupOfBucket = (0..<Bucketing.bucketCount).map(rules.bucketTable.groupIndex(forBucket:))
        let changed = zip(sample.groupBuckets, sample.changedGroupBuckets).count { old, new in
            groupOfBucket[Int(old)] != groupOfBucket[Int(new)]
        }
        let shares = BucketTable.bucketCounts(forWeights: weights).map { Double($0) / Double(Bucketing.bucketCount) }
        let expected = 1 - shares.reduce(0) { $0 + $1 * $1 }
        let observed = Double(changed) / Double(sample.groupBuckets.count)
        #expect(abs(observed - expected) <= 0.003, "\(weights): \(observed) changed, expected \(expected)")
    }

    @Test("a definition with another salt moves units, a renamed one with the same salt moves none")
    func definitionsFollowTheirSalt() {
        func definition(_ identifier: String, salt: String) -> SplitTestDefinition {
            SplitTestDefinition(
                identifier: identifier, groups: Colour.self, unitType: .device, salt: salt,
                bucketUpperBounds: BucketTable(weights: [1, 1, 1]).upperBounds, control: .red)
        }
        let original = definition("colour", salt: UnitSample.salt)
        // Renaming an experiment but keeping its salt keeps every unit where it was: the salt,
        // not the identifier, is what is hashed.
        let same = definition("colour_renamed", salt: UnitSample.salt)
        let changed = definition("colour", salt: UnitSample.changedSalt)
        let units = (0..<30_000).map(SyntheticUnits.id)
        let unmoved = units.count { original.bucketedGroupIndex(forUnit: $0) == same.bucketedGroupIndex(forUnit: $0) }
        let moved = units.count { original.bucketedGroupIndex(forUnit: $0) != changed.bucketedGroupIndex(forUnit: $0) }
        #expect(unmoved == units.count)
        // 1 − 3 × (1/3)² = 2/3 of the units, give or take about 0.3 points (a binomial
        // standard deviation is 0.27 points at this size, so 1.2 points is over 4 of them).
        #expect(abs(Double(moved) / Double(units.count) - 2.0 / 3.0) <= 0.012)
    }
}
