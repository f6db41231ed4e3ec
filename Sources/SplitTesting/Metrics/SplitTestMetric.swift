/// A metric, declared once in the definitions (`metric:` documents): what the readout computes per
/// unit from declared events, and which way is better. Experiments name the metrics they are
/// judged by (``SplitTestMetricRoles``).
///
/// ```yaml
/// metric: revenue_per_user
/// kind: sum
/// event: purchase
/// value: revenue
/// window: 7d
/// cap: { percentile: 99 }
/// direction: increase
/// ```
@_spi(Tools) public struct SplitTestMetric: Sendable, Hashable {
    /// The metric's name, `[a-z][a-z0-9_]*`, unique among metrics.
    public var name: String
    /// What is computed per unit.
    public var kind: Kind
    /// Only events within this many seconds after the unit's first exposure count; `nil`: to the
    /// end of the data.
    public var window: Double?
    /// How per-unit values are capped before the statistics, if at all.
    public var cap: Cap?
    /// Which way is better.
    public var direction: Direction

    /// What a metric computes per unit (and, for a ratio, per group).
    public enum Kind: Sendable, Hashable {
        /// Whether the unit sent the event at least once (0 or 1).
        case conversion(event: String)
        /// How many times the unit sent the event.
        case count(event: String)
        /// The sum of a numeric property over the unit's events.
        case sum(Source)
        /// Σ numerator / Σ denominator over the group's units, each a sum of a property or a count
        /// of events (the delta method gives its interval).
        case ratio(numerator: Source, denominator: Source)
        /// The `quantile` (in (0, 1)) of a numeric property over the group's events.
        case quantile(Source, quantile: Double)
    }

    /// Events of one name, and the numeric property summed (`nil`: each event counts 1).
    public struct Source: Sendable, Hashable {
        /// The event's name.
        public var event: String
        /// The numeric property, or `nil` to count events.
        public var value: String?

        /// Creates a source.
        public init(event: String, value: String? = nil) {
            self.event = event
            self.value = value
        }
    }

    /// A cap on per-unit values.
    public enum Cap: Sendable, Hashable {
        /// At this percentile (in (0, 100)) of the units' values, over all groups.
        case percentile(Double)
        /// At this value.
        case absolute(Double)
    }

    /// Which way of a metric is better.
    public enum Direction: String, Sendable, Hashable {
        /// More is better (revenue, conversion).
        case increase
        /// Less is better (load time, crashes).
        case decrease
    }

    /// Creates a metric.
    public init(name: String, kind: Kind, window: Double? = nil, cap: Cap? = nil, direction: Direction = .increase) {
        self.name = name
        self.kind = kind
        self.window = window
        self.cap = cap
        self.direction = direction
    }

    /// The events the metric reads.
    public var events: [String] {
        switch kind {
        case .conversion(let event), .count(let event): [event]
        case .sum(let source), .quantile(let source, _): [source.event]
        case .ratio(let numerator, let denominator): Array(Set([numerator.event, denominator.event])).sorted()
        }
    }

    /// The kind's name as the definitions write it: `conversion`, `count`, `sum`, `ratio`, `quantile`.
    public var kindName: String {
        switch kind {
        case .conversion: "conversion"
        case .count: "count"
        case .sum: "sum"
        case .ratio: "ratio"
        case .quantile: "quantile"
        }
    }
}

/// The metrics an experiment is judged by (`metrics: { primary, secondary, guardrails }`), by name.
@_spi(Tools) public struct SplitTestMetricRoles: Sendable, Hashable {
    /// The one metric the experiment is decided on; its comparisons are not corrected for
    /// multiple comparisons.
    public var primary: String?
    /// Further metrics, corrected together for multiple comparisons.
    public var secondary: [String]
    /// Metrics that must not move significantly the wrong way (a `harm` verdict when they do).
    public var guardrails: [String]

    /// Creates the roles.
    public init(primary: String? = nil, secondary: [String] = [], guardrails: [String] = []) {
        self.primary = primary
        self.secondary = secondary
        self.guardrails = guardrails
    }

    /// Whether the experiment names no metric (its readout then reports goals, as before).
    public var isEmpty: Bool { primary == nil && secondary.isEmpty && guardrails.isEmpty }

    /// Every metric named, primary first, each once.
    public var all: [String] {
        var seen: Set<String> = []
        return ([primary].compactMap { $0 } + secondary + guardrails).filter { seen.insert($0).inserted }
    }
}
