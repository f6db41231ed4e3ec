@_spi(Generated) @_spi(Tools) import SplitTesting
import Testing

/// Raising an experiment's traffic only adds units: nobody enrolled at 10% is dropped or moved
/// to another group at 50% or 100%.
@Suite("Traffic ramp")
struct TrafficRampTests {
    /// Units resolved through the public rules at each traffic; fewer than the statistical
    /// checks, since every resolution hashes again.
    static let unitCount = 200_000
    static let weights: [Double] = [10, 20, 70]

    static func rules(trafficPercent: Int) -> SplitTestDefinition {
        SplitTestDefinition.sample(
            salt: UnitSample.salt, bucketUpperBounds: BucketTable(weights: weights).upperBounds,
            controlIndex: 0, trafficBuckets: trafficPercent * 100)
    }

    /// Each unit's group at traffic 10, 50 and 100, or nil where it is not enrolled.
    struct Ramp: Sendable {
        var groups: [Int?]
    }

    static let ramps: [Ramp] = {
        let levels = [10, 50, 100].map(rules(trafficPercent:))
        return ParallelChunks.map(count: unitCount) { index in
            let unit = SyntheticUnits.id(index)
            return Ramp(groups: levels.map { rules in
                let resolution = rules.resolve(unit: unit)
                return resolution.reason.isEnrolled ? resolution.groupIndex : nil
            })
        }
    }()

    @Test("an enrolled unit stays enrolled, in the same group, as traffic rises; enrolled sets are nested")
    func rampKeepsUnits() {
        var moved = 0
        var dropped = 0
        for ramp in Self.ramps {
            for (lower, higher) in zip(ramp.groups, ramp.groups.dropFirst()) {
                guard let lower else { continue }
                if let higher { if higher != lower { moved += 1 } } else { dropped += 1 }
            }
        }
        #expect(moved == 0)
        #expect(dropped == 0)
    }

    @Test("each traffic level enrols its share of units, and at 100% everyone")
    func enrolledShares() {
        let total = Double(Self.ramps.count)
        for (level, percent) in [10, 50, 100].enumerated() {
            let enrolled = Double(Self.ramps.count { $0.groups[level] != nil })
            #expect(abs(enrolled / total - Double(percent) / 100) <= 0.003, "traffic \(percent)%: \(enrolled / total)")
        }
        #expect(Self.ramps.allSatisfy { $0.groups[2] != nil })
    }

    @Test("resolution at full traffic agrees with the shared sample's group buckets")
    func agreesWithSample() {
        let rules = Self.rules(trafficPercent: 100)
        let sample = UnitSample.shared.groupBuckets
        let mismatches = Self.ramps.indices.count { index in
            Self.ramps[index].groups[2] != rules.bucketTable.groupIndex(forBucket: Int(sample[index]))
        }
        #expect(mismatches == 0)
    }

    @Test("units outside the traffic are served the control and not enrolled")
    func outsideTrafficGetsControl() {
        let rules = SplitTestDefinition.sample(
            salt: UnitSample.salt, bucketUpperBounds: BucketTable(weights: Self.weights).upperBounds,
            controlIndex: 2, trafficBuckets: 1_000)
        let outside = (0..<2_000).map { rules.resolve(unit: SyntheticUnits.id($0)) }.filter { !$0.reason.isEnrolled }
        #expect(outside.count > 1_500)
        #expect(outside.allSatisfy { $0.groupIndex == 2 && $0.reason == .notEnrolled && $0.bucket == nil })
    }
}
