import SplitTestFormats

/// The names an event or its properties cannot take, because event lines and the generated enum
/// already use them.
enum EventRules {
    /// The prefix of the runtime's own events; a declared event cannot start with it, so that no
    /// reader mistakes one for an exposure, a goal or a holdout.
    static let reservedEventPrefix = "split_test"
    /// The runtime's own events, for messages.
    static let runtimeEvents = [EventVocabulary.exposure, EventVocabulary.goal, EventVocabulary.holdout]

    /// Whether `name` is one of the runtime's events, or could be mistaken for one.
    static func isReservedEventName(_ name: String) -> Bool {
        name.hasPrefix(reservedEventPrefix)
    }

    /// The fields of an event line and the properties the runtime's events carry: a typed
    /// event's line carries `device` and `user` beside its declared properties, and the readers
    /// of event files (the readout, a flat export, the warehouse query) read the others by name on
    /// any line, so a declared property of one of these names would be read as something else.
    static let reservedPropertyNames: Set<String> = [
        EventVocabulary.Field.date, EventVocabulary.Field.event, EventVocabulary.Field.properties,
        EventVocabulary.Field.user, EventVocabulary.Property.experiment, EventVocabulary.Property.group,
        EventVocabulary.Property.unit, EventVocabulary.Property.goal, EventVocabulary.Property.value,
        EventVocabulary.Property.device, EventVocabulary.Property.user, EventVocabulary.Property.holdout,
        EventVocabulary.Property.period,
    ]

    /// The members of the generated events enum besides its cases: an event's case cannot take
    /// one of these names.
    static let reservedCaseNames = SwiftNaming.reservedMemberNames.union(["name", "properties"])

    /// The names the generated events enum and its value enums cannot take: the types the
    /// generated file names unqualified.
    static let reservedTypeNames = NameRules.reservedTypeNames.union(SwiftNaming.keywords).union([
        "Swift", "Optional", "Sendable", "Hashable", "CaseIterable", "Type", "Protocol",
        "SplitTestEvent", "SplitTestEvents", "TrackingValue",
    ])

    /// The Swift enum of the values of `property` of `event`: `purchase`, `currency` →
    /// `PurchaseCurrency`.
    static func valuesTypeName(event: String, property: String) -> String {
        SwiftNaming.upperCamelCase(event) + SwiftNaming.upperCamelCase(property)
    }
}
