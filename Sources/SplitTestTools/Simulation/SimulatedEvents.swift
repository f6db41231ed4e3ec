@_spi(Tools) import SplitTestCompiler
import Foundation
import SplitTestStatistics
@_spi(Generated) @_spi(Tools) import SplitTesting

/// A goal that simulated units reach, each with the probability of its group.
public struct SimulatedGoal: Sendable, Hashable {
    /// The goal's name, as `trackGoal` is called with it.
    public var name: String
    /// The probability that a unit of a group reaches the goal, by group name; groups not named
    /// never do.
    public var rates: [String: Double]

    /// A goal named `name` reached at `rates`.
    public init(name: String, rates: [String: Double]) {
        self.name = name
        self.rates = rates
    }
}

/// The events an app would send for simulated units, so that `splitc analyze` can be tried
/// without an app: every enrolled unit's exposure, then, for each exposure, the goal with the
/// probability of the unit's group.
public enum SimulatedEvents {
    /// One event, and the user signed in when it is sent (the unit of a user-level experiment).
    public typealias Event = (event: TrackingEvent, user: String?)

    /// Resolves `unitCount` synthetic units (as ``Simulation/run(_:unitCount:attributes:)``) and
    /// hands each event to `body`, unit by unit, so that memory does not grow with the units.
    ///
    /// Unit `i`'s exposures happen `i` seconds after `start`, and its goals a minute after them.
    /// The goals are drawn from a generator seeded with `seed`, so a run is reproducible. A goal
    /// joins the units of every experiment its unit is in, as an app's goal does.
    @_spi(Tools) public static func generate(
        _ experiments: [Experiment], unitCount: Int, attributes: SplitTestAttributeValues = SplitTestAttributeValues(),
        goal: SimulatedGoal?, start: Date, seed: UInt64 = 2_026, body: (Event) throws -> Void
    ) rethrows {
        var generator = SplitMix64(seed: seed)
        let factorProperties = experiments.map { experiment in
            experiment.definition.factorial.map { $0.factors.map { TrackingEvent.factorPropertyName(factor: $0.name) } }
        }
        for index in 0..<unitCount {
            let unit = Simulation.unitID(index)
            let exposed = start.addingTimeInterval(Double(index))
            var groups: [String: String] = [:]
            var enrolments: [(group: String, isUser: Bool)] = []
            for (position, experiment) in experiments.enumerated() {
                let definition = experiment.definition
                let resolution = definition.resolve(unit: unit, attributes: attributes)
                guard resolution.reason == .bucketed else { continue }
                let group = definition.groups[resolution.groupIndex]
                let isUser = definition.unitType == .user
                groups[experiment.identifier] = group
                enrolments.append((group, isUser))
                let period: Int? = if case .bandit = definition.allocation { 0 } else { nil }
                try body((
                    TrackingEvent.exposure(
                        experiment: experiment.identifier, group: group, unit: unit,
                        factorProperties: factorProperties[position], period: period, date: exposed),
                    isUser ? unit : nil))
            }
            guard let goal else { continue }
            for enrolment in enrolments {
                let rate = goal.rates[enrolment.group] ?? 0
                guard rate > 0, generator.uniform() < rate else { continue }
                let user = enrolment.isUser ? unit : nil
                try body((
                    TrackingEvent.goal(
                        goal.name, value: nil, device: unit, user: user, groups: groups,
                        date: exposed.addingTimeInterval(60)),
                    user))
            }
        }
    }
}
