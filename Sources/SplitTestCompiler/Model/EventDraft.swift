@_spi(Tools) import SplitTesting

/// An `event:` document whose shape is right, before the run's other events are known.
struct EventDraft: Sendable {
    /// The event as the tools read it: its name and typed properties.
    var declaration: SplitTestEventDeclaration
    /// What the definitions say of it and of its properties, and where.
    var details: DeclarationDetails
    /// Where each property's name is written, in the order of `declaration.properties`.
    var propertyLocations: [SourceLocation]
    var fileIndex: Int
}

/// A `metric:` document whose shape is right, before the events it reads are known.
struct MetricDraft: Sendable {
    /// A source as written: the event named, and the property summed when one is.
    struct SourceDraft: Sendable {
        var event: NameReference
        var value: NameReference?
    }

    /// The kind with its sources as written.
    enum KindDraft: Sendable {
        case conversion(NameReference)
        case count(NameReference)
        case sum(SourceDraft)
        case ratio(numerator: SourceDraft, denominator: SourceDraft)
        case quantile(SourceDraft, quantile: Double)
    }

    var name: String
    var kind: KindDraft
    /// The kind as written: `conversion`, `count`, `sum`, `ratio` or `quantile`.
    var kindName: String
    var window: Double?
    var cap: SplitTestMetric.Cap?
    var direction: SplitTestMetric.Direction
    var details: DeclarationDetails
    var fileIndex: Int
}

/// The `metrics:` of an experiment as written: each metric's name and role, with where it is
/// written, before the metrics are known.
struct MetricRolesDraft: Sendable {
    var primary: NameReference?
    var secondary: [NameReference] = []
    var guardrails: [NameReference] = []

    /// Every name written, in the order of the roles.
    var all: [NameReference] { (primary.map { [$0] } ?? []) + secondary + guardrails }
}
