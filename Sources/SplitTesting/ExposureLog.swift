/// What a service's units have been exposed to: it sends each exposure once, and remembers the
/// groups so that goals can carry them.
@usableFromInline
final class ExposureLog: ExposureSink {
    private struct Exposure: Hashable, Sendable {
        var experiment: String
        var unit: String
        var group: String
    }

    private struct HeldOut: Hashable, Sendable {
        var holdout: String
        var unit: String
    }

    private struct State: Sendable {
        var sent: Set<Exposure> = []
        var heldOut: Set<HeldOut> = []
        /// The latest group each unit was exposed to, by unit then experiment.
        var groupsByUnit: [String: [String: String]] = [:]
    }

    private let tracking: TrackingClient
    private let state = Locked(State())

    init(tracking: TrackingClient) {
        self.tracking = tracking
    }

    @usableFromInline
    func recordExposure(experiment: String, group: String, unit: String, period: Int?) {
        let isFirst = state.withLock { state in
            guard state.sent.insert(Exposure(experiment: experiment, unit: unit, group: group)).inserted else {
                return false
            }
            state.groupsByUnit[unit, default: [:]][experiment] = group
            return true
        }
        // Tracked outside the lock: providers may be slow and must not serialise other exposures.
        guard isFirst else { return }
        var properties: [String: TrackingValue] = [
            TrackingEvent.Property.experiment: .string(experiment), TrackingEvent.Property.group: .string(group),
            TrackingEvent.Property.unit: .string(unit),
        ]
        if let period { properties[TrackingEvent.Property.period] = .int(period) }
        tracking.track(TrackingEvent(TrackingEvent.exposureIdentifier, properties: properties))
    }

    /// Sends the holdout event of `unit` the first time one of the holdout's experiments is hit.
    @usableFromInline
    func recordHoldout(_ holdout: String, unit: String) {
        let isFirst = state.withLock { $0.heldOut.insert(HeldOut(holdout: holdout, unit: unit)).inserted }
        guard isFirst else { return }
        tracking.track(TrackingEvent(
            TrackingEvent.holdoutIdentifier,
            properties: [TrackingEvent.Property.holdout: .string(holdout), TrackingEvent.Property.unit: .string(unit)]))
    }

    /// The groups `units` have been exposed to, by experiment.
    func exposedGroups(units: [String]) -> [String: String] {
        state.withLock { state in
            units.reduce(into: [:]) { groups, unit in
                groups.merge(state.groupsByUnit[unit] ?? [:]) { _, new in new }
            }
        }
    }
}
