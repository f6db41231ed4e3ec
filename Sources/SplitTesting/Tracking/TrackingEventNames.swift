import SplitTestFormats

extension TrackingEvent {
    /// The names of the properties that the runtime's events carry. `splitc analyze` and the
    /// warehouse query read events by these same names, so an analytics adapter that renames
    /// nothing keeps the readout working.
    ///
    /// ```swift
    /// if event.identifier == TrackingEvent.exposureIdentifier,
    ///     let group = event.properties[TrackingEvent.Property.group]?.stringValue { … }
    /// ```
    package enum Property {
        /// The experiment's identifier, on an exposure.
        package static let experiment = EventVocabulary.Property.experiment
        /// The group's name, on an exposure.
        package static let group = EventVocabulary.Property.group
        /// The unit (device id or user id) exposed, on an exposure or a holdout event.
        package static let unit = EventVocabulary.Property.unit
        /// The goal's name, on a goal.
        package static let goal = EventVocabulary.Property.goal
        /// The goal's value, on a goal when one is given.
        package static let value = EventVocabulary.Property.value
        /// The device id, on a goal.
        package static let device = EventVocabulary.Property.device
        /// The signed-in user, on a goal while one is signed in.
        package static let user = EventVocabulary.Property.user
        /// The holdout's name, on a holdout event.
        package static let holdout = EventVocabulary.Property.holdout
        /// The allocation period in force when the unit was first assigned (0 before any control
        /// document set one), on an exposure of a bandit experiment: the readout weighs periods
        /// by it and checks each period's split against that period's weights.
        package static let period = EventVocabulary.Property.period
        /// The prefix of the property that carries an experiment's group on a goal, and of the
        /// analytics user property: `split_test-<experiment>`.
        package static let groupPrefix = EventVocabulary.Property.groupPrefix
        /// The prefix of the properties that carry a multivariate experiment's levels on an
        /// exposure, one per factor: `factor_<factor>`, e.g. `factor_headline: urgent`.
        package static let factorPrefix = EventVocabulary.Property.factorPrefix
        /// The prefix of the properties that carry the unit's dimensions on an exposure, one per
        /// dimension: `dimension_<attribute>`, e.g. `dimension_platform: ios`, for the built-in
        /// `platform` and `app_version` and each attribute declared with `dimension: true`; a
        /// readout slices by them.
        package static let dimensionPrefix = EventVocabulary.Property.dimensionPrefix
    }

    /// The name of the exposure property that carries the value of the dimension `attribute`:
    /// `dimension_<attribute>`.
    package static func dimensionPropertyName(attribute: String) -> String {
        Property.dimensionPrefix + attribute
    }

    /// The name of the exposure property that carries the level of `factor` of a multivariate
    /// experiment: `factor_<factor>`.
    package static func factorPropertyName(factor: String) -> String {
        Property.factorPrefix + factor
    }
}

extension JSONLinesTrackingProvider {
    /// The names of the fields of one line of the file; `splitc analyze` reads lines by these
    /// same names.
    package enum Field {
        /// When the event happened, ISO 8601 in UTC.
        package static let date = EventVocabulary.Field.date
        /// The event's identifier, e.g. ``TrackingEvent/exposureIdentifier``.
        package static let event = EventVocabulary.Field.event
        /// The event's properties, an object.
        package static let properties = EventVocabulary.Field.properties
        /// The user associated when the event was tracked, if any.
        package static let user = EventVocabulary.Field.user
    }
}
