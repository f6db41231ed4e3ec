import SplitTestFormats

/// What a service's units have been exposed to: it sends each exposure once, and remembers the
/// groups so that goals can carry them. Units are told apart by their bytes, as bucketing tells
/// them apart: two ids that differ only in their Unicode normalization are exposed once each.
@usableFromInline
final class ExposureLog: ExposureSink {
    private struct Exposure: Hashable, Sendable {
        var experiment: String
        var unit: UTF8Key
        var group: String
    }

    private struct HeldOut: Hashable, Sendable {
        var holdout: String
        var unit: UTF8Key
    }

    private struct State: Sendable {
        var sent: Set<Exposure> = []
        var heldOut: Set<HeldOut> = []
        /// The latest group each unit was exposed to, by unit then experiment.
        var groupsByUnit: [UTF8Key: [String: String]] = [:]
        /// The `factor_<factor>` property names of each multivariate experiment resolved so far.
        var factorProperties: [String: [String]] = [:]
    }

    private let tracking: TrackingClient
    private let state = Locked(State())
    /// The unit's dimensions now, by attribute, for an exposure about to be sent.
    private let dimensions: @Sendable () -> [String: TrackingValue]

    /// A log that sends through `tracking`; every exposure carries what `dimensions` gives when
    /// it is sent.
    init(tracking: TrackingClient, dimensions: @escaping @Sendable () -> [String: TrackingValue] = { [:] }) {
        self.tracking = tracking
        self.dimensions = dimensions
    }

    @usableFromInline
    func recordExposure(experiment: String, group: String, unit: String, period: Int?) {
        let (isFirst, factorProperties) = state.withLock { state -> (Bool, [String]?) in
            guard state.sent.insert(Exposure(experiment: experiment, unit: UTF8Key(unit), group: group)).inserted else {
                return (false, nil)
            }
            state.groupsByUnit[UTF8Key(unit), default: [:]][experiment] = group
            return (true, state.factorProperties.isEmpty ? nil : state.factorProperties[experiment])
        }
        // Tracked outside the lock: providers may be slow and must not serialise other exposures.
        guard isFirst else { return }
        tracking.track(
            TrackingEvent.exposure(
                experiment: experiment, group: group, unit: unit, factorProperties: factorProperties, period: period,
                dimensions: dimensions()))
    }

    // MARK: Multivariate experiments

    /// Makes the exposures of `experiment` carry one `factor_<factor>` property per factor named
    /// in `factors`, so that analytics tools can slice a multivariate experiment by factor. Called
    /// when the experiment is first resolved, before any of its exposures.
    @usableFromInline
    func noteFactorial(factors: [String], experiment: String) {
        state.withLock { state in
            guard state.factorProperties[experiment] == nil else { return }
            state.factorProperties[experiment] = factors.map { TrackingEvent.factorPropertyName(factor: $0) }
        }
    }

    /// Sends the holdout event of `unit` the first time one of the holdout's experiments is hit.
    @usableFromInline
    func recordHoldout(_ holdout: String, unit: String) {
        let isFirst = state.withLock { $0.heldOut.insert(HeldOut(holdout: holdout, unit: UTF8Key(unit))).inserted }
        guard isFirst else { return }
        tracking.track(TrackingEvent(
            TrackingEvent.holdoutIdentifier,
            properties: [TrackingEvent.Property.holdout: .string(holdout), TrackingEvent.Property.unit: .string(unit)]))
    }

    /// The groups `units` have been exposed to, by experiment.
    func exposedGroups(units: [String]) -> [String: String] {
        state.withLock { state in
            units.reduce(into: [:]) { groups, unit in
                groups.merge(state.groupsByUnit[UTF8Key(unit)] ?? [:]) { _, new in new }
            }
        }
    }
}

// What a debug menu reads and resets.
extension ExposureLog {
    /// Whether the exposure of `unit` to `group` of `experiment` was sent in this log's lifetime.
    func wasSent(experiment: String, group: String, unit: String) -> Bool {
        state.withLock { $0.sent.contains(Exposure(experiment: experiment, unit: UTF8Key(unit), group: group)) }
    }

    /// Forgets every exposure and holdout sent, so that each is sent again, as on a fresh install.
    func forgetAll() {
        state.withLock { $0 = State() }
    }
}
