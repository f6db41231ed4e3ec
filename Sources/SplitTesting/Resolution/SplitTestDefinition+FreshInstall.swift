import Foundation

/// Resolution by the definition alone, as on a fresh install: no stored group and no override.
/// Every path goes through ``Resolver``, the one resolution order.
extension SplitTestDefinition {
    /// The current time as resolution reads it: seconds since 1970.
    @_spi(Tools) public static var currentTime: Double { Date().timeIntervalSince1970 }

    /// What a unit with `attributes` gets on a fresh install at `time`. Each experiment required
    /// is resolved the same way for the same unit, after `adjusting` its compiled definition (the
    /// tools apply the environment and control document there). With no attributes set, a
    /// targeted experiment serves its control, `notTargeted`.
    @_spi(Tools) public func resolve(
        unit: String?, attributes: SplitTestAttributeValues = SplitTestAttributeValues(),
        time: Double = SplitTestDefinition.currentTime,
        adjusting: (SplitTestDefinition) -> SplitTestDefinition = { $0 }
    ) -> Resolution {
        resolve(units: ResolutionUnits(either: unit), attributes: attributes, time: time, adjusting: adjusting)
    }

    /// ``resolve(unit:attributes:time:adjusting:)`` with a unit of each type: a test case's user
    /// for user-level experiments, its device for device-level ones, prerequisites included.
    @_spi(Tools) public func resolve(
        units: ResolutionUnits, attributes: SplitTestAttributeValues, time: Double,
        adjusting: (SplitTestDefinition) -> SplitTestDefinition
    ) -> Resolution {
        Resolver.resolve(
            self, units: units, attributes: attributes, time: time, storedAssignment: { _, _ in nil },
            override: { _ in nil }, definitionInForce: { adjusting($0.definition) })
    }

    /// Whether `unit` falls within the experiment's layer slice and traffic.
    package func isEnrolled(unit: String) -> Bool {
        if let layer {
            let bucket = Bucketing.bucket(salt: layer.name, unit: unit, purpose: .layer)
            guard layer.buckets.contains(bucket) else { return false }
        }
        if trafficBuckets < Bucketing.bucketCount {
            return Bucketing.bucket(salt: salt, unit: unit, purpose: .traffic) < trafficBuckets
        }
        return true
    }

    /// The group a unit is bucketed into, ignoring traffic, layers, overrides and stored groups.
    package func bucketedGroupIndex(forUnit unit: String) -> Int {
        bucketTable.groupIndex(forBucket: Bucketing.bucket(salt: salt, unit: unit, purpose: .group))
    }
}

extension SplitTest {
    /// The group a unit is bucketed into, ignoring traffic, layers, overrides and stored groups.
    package static func bucketedGroup(forUnit unit: String) -> Group {
        Group.allCases[definition.bucketedGroupIndex(forUnit: unit)]
    }
}
