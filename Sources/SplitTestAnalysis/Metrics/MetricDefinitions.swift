@_spi(Tools) import SplitTesting

/// What the readout needs of the definitions' events and metrics: the declared events (to read
/// and check their lines), the metrics, and which metrics each experiment is judged by.
///
/// ```swift
/// let metrics = MetricDefinitions(
///     events: [purchase], metrics: [revenuePerUser],
///     roles: ["checkout_copy": SplitTestMetricRoles(primary: "revenue_per_user")])
/// var accumulator = EventAccumulator(definitions: definitions, metrics: metrics)
/// ```
@_spi(Tools) public struct MetricDefinitions: Sendable, Hashable {
    /// The declared events.
    public var events: [SplitTestEventDeclaration]
    /// The declared metrics.
    public var metrics: [SplitTestMetric]
    /// The metrics of each experiment, by experiment identifier.
    public var roles: [String: SplitTestMetricRoles]

    /// The events, metrics and roles given.
    public init(events: [SplitTestEventDeclaration] = [], metrics: [SplitTestMetric] = [], roles: [String: SplitTestMetricRoles] = [:]) {
        self.events = events
        self.metrics = metrics
        self.roles = roles
    }

    /// Whether no experiment names a metric: the readout is then what it was before metrics.
    public var isEmpty: Bool { roles.values.allSatisfy(\.isEmpty) }

    /// The metrics `experiment` names that are declared, primary first, then the secondary ones,
    /// then the guardrails, each once, with its role.
    public func judged(_ experiment: String) -> [(metric: SplitTestMetric, role: MetricRole)] {
        guard let roles = roles[experiment] else { return [] }
        let byName = Dictionary(metrics.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return roles.all.compactMap { name in
            byName[name].map { ($0, MetricRole.of(name, in: roles)) }
        }
    }
}

/// The part a metric plays in an experiment's verdict.
public enum MetricRole: String, Sendable, Hashable, CaseIterable {
    /// The metric the experiment is decided on; its p-values are not adjusted.
    case primary
    /// A further metric; its comparisons are adjusted together for multiple comparisons.
    case secondary
    /// A metric that must not move significantly the wrong way; `harm` when it does. Its
    /// p-values are not adjusted: a guardrail is there to catch harm, and an adjustment would
    /// make harm harder to see.
    case guardrail

    /// The role of `metric` in `roles` (a name listed in several takes the first: primary, then
    /// secondary).
    @_spi(Tools) public static func of(_ metric: String, in roles: SplitTestMetricRoles) -> MetricRole {
        if roles.primary == metric { return .primary }
        if roles.secondary.contains(metric) { return .secondary }
        return .guardrail
    }
}
