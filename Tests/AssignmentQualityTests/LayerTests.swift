@_spi(Generated) @_spi(Tools) import SplitTesting
import Testing

/// Experiments that own disjoint slices of one layer never share a unit, and each receives its
/// slice's share of the units.
@Suite("Layers")
struct LayerTests {
    static let unitCount = 200_000
    /// Three experiments in one layer, with a gap between the second and the third.
    static let slices = [0..<2_000, 2_000..<4_500, 6_000..<10_000]

    static func rules(salt: String, slice: Range<Int>) -> SplitTestDefinition {
        SplitTestDefinition.sample(
            salt: salt, bucketUpperBounds: BucketTable(weights: [1, 1]).upperBounds, controlIndex: 0,
            layer: SplitTestLayer(name: UnitSample.layerName, buckets: slice))
    }

    @Test("experiments of one layer with disjoint slices never share a unit")
    func slicesAreExclusive() {
        let experiments = Self.slices.enumerated().map { index, slice in Self.rules(salt: "layered_\(index)", slice: slice) }
        let memberships = ParallelChunks.map(count: Self.unitCount) { index in
            let unit = SyntheticUnits.id(index)
            return experiments.map { $0.resolve(unit: unit).reason.isEnrolled }
        }
        let shared = memberships.count { $0.count(where: { $0 }) > 1 }
        #expect(shared == 0)

        for (index, slice) in Self.slices.enumerated() {
            let share = Double(memberships.count { $0[index] }) / Double(Self.unitCount)
            #expect(abs(share - Double(slice.count) / 10_000) <= 0.003, "slice \(slice): \(share)")
        }
        let inGap = Double(memberships.count { !$0.contains(true) }) / Double(Self.unitCount)
        #expect(abs(inGap - 0.15) <= 0.003, "units in no experiment: \(inGap)")
    }

    @Test("a unit's layer slice agrees with the shared sample's layer bucket")
    func agreesWithSample() {
        let rules = Self.rules(salt: UnitSample.salt, slice: Self.slices[1])
        let sample = UnitSample.shared.layerBuckets
        let mismatches = (0..<20_000).count { index in
            rules.isEnrolled(unit: SyntheticUnits.id(index)) != Self.slices[1].contains(Int(sample[index]))
        }
        #expect(mismatches == 0)
    }

    @Test("over a million units each tenth of the layer holds a tenth of them")
    func layerIsUniform() {
        var counts = Array(repeating: 0, count: 10)
        for bucket in UnitSample.shared.layerBuckets { counts[Int(bucket) / 1_000] += 1 }
        let total = Double(UnitSample.shared.layerBuckets.count)
        #expect(counts.allSatisfy { abs(Double($0) / total - 0.1) <= 0.003 })
    }
}
