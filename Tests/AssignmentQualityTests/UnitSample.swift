@_spi(Generated) @_spi(Tools) import SplitTesting

/// One pass over the synthetic units, shared by every statistical check: each unit's buckets for
/// the draws the checks compare, computed once, because hashing a million ids several times
/// over is what makes a debug build slow.
struct UnitSample: Sendable {
    /// The salt of the main experiment.
    static let salt = "quality_main"
    /// The salt of an unrelated second experiment.
    static let otherSalt = "quality_other"
    /// The main experiment's salt after a reshuffle.
    static let changedSalt = "quality_main_v2"
    /// The layer the main experiment is placed in.
    static let layerName = "quality_layer"

    /// Group buckets under ``salt``.
    let groupBuckets: [UInt16]
    /// Group buckets under ``otherSalt``.
    let otherGroupBuckets: [UInt16]
    /// Group buckets under ``changedSalt``.
    let changedGroupBuckets: [UInt16]
    /// Traffic buckets under ``salt``.
    let trafficBuckets: [UInt16]
    /// Layer buckets in ``layerName``.
    let layerBuckets: [UInt16]

    /// The sample over ``SyntheticUnits/count`` units, computed on first use and then shared.
    static let shared = UnitSample(count: SyntheticUnits.count)

    init(count: Int) {
        let draws = ParallelChunks.map(count: count) { index in
            let unit = SyntheticUnits.id(index)
            return Draws(
                group: Self.bucket(Self.salt, unit, .group),
                otherGroup: Self.bucket(Self.otherSalt, unit, .group),
                changedGroup: Self.bucket(Self.changedSalt, unit, .group),
                traffic: Self.bucket(Self.salt, unit, .traffic),
                layer: Self.bucket(Self.layerName, unit, .layer))
        }
        groupBuckets = draws.map(\.group)
        otherGroupBuckets = draws.map(\.otherGroup)
        changedGroupBuckets = draws.map(\.changedGroup)
        trafficBuckets = draws.map(\.traffic)
        layerBuckets = draws.map(\.layer)
    }

    private struct Draws: Sendable {
        var group, otherGroup, changedGroup, traffic, layer: UInt16
    }

    private static func bucket(_ salt: String, _ unit: String, _ purpose: Bucketing.Purpose) -> UInt16 {
        UInt16(Bucketing.bucket(salt: salt, unit: unit, purpose: purpose))
    }

    /// How many of the units each group of `rules` receives, given each unit's bucket.
    static func groupCounts(of buckets: [UInt16], rules: SplitTestDefinition) -> [Int] {
        // Bucket → group once for the 10,000 buckets, not once per unit.
        let groupOfBucket = (0..<Bucketing.bucketCount).map { rules.bucketTable.groupIndex(forBucket: $0) }
        var counts = Array(repeating: 0, count: rules.groups.count)
        for bucket in buckets { counts[groupOfBucket[Int(bucket)]] += 1 }
        return counts
    }
}

extension SplitTestDefinition {
    /// A running definition whose groups own `bucketUpperBounds`, as the quality tests resolve
    /// synthetic units through it.
    static func sample(
        salt: String, bucketUpperBounds: [Int], controlIndex: Int, trafficBuckets: Int = 10_000,
        layer: SplitTestLayer? = nil
    ) -> SplitTestDefinition {
        SplitTestDefinition(
            identifier: "quality", unitType: .device, salt: salt,
            groups: bucketUpperBounds.indices.map { "group_\($0)" }, bucketTable: BucketTable(upperBounds: bucketUpperBounds),
            controlIndex: controlIndex, trafficBuckets: trafficBuckets, layer: layer)
    }
}
