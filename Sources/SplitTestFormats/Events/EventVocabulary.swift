/// The words of the events the runtime sends and the readout reads, defined once: the runtime's
/// public names (`TrackingEvent`, `JSONLinesTrackingProvider.Field`), the event-file codec
/// (``EventLine``) and the warehouse query all take them from here, so they cannot drift apart.
package enum EventVocabulary {
    /// The event of an exposure: a unit has seen an experiment it is enrolled in.
    package static let exposure = "split_test_exposure"
    /// The event of a goal.
    package static let goal = "split_test_goal"
    /// The event of a holdout: a unit is kept out of the experiments a holdout covers.
    package static let holdout = "split_test_holdout"

    /// The fields of one line of an event file.
    package enum Field {
        /// When the event happened.
        package static let date = "date"
        /// The event's name.
        package static let event = "event"
        /// The event's properties, an object.
        package static let properties = "properties"
        /// The user associated when the event was tracked.
        package static let user = "user"
    }

    /// The names of the events' properties.
    package enum Property {
        /// The experiment's identifier, on an exposure.
        package static let experiment = "experiment"
        /// The group's name, on an exposure.
        package static let group = "group"
        /// The unit exposed, on an exposure or a holdout event.
        package static let unit = "unit"
        /// The goal's name, on a goal.
        package static let goal = "goal"
        /// The goal's value, on a goal.
        package static let value = "value"
        /// The device id, on a goal.
        package static let device = "device"
        /// The signed-in user, on a goal.
        package static let user = "user"
        /// The holdout's name, on a holdout event.
        package static let holdout = "holdout"
        /// The allocation period of the unit's first assignment, on a bandit's exposure.
        package static let period = "period"
        /// The prefix of the property that carries an experiment's group on a goal:
        /// `split_test-<experiment>`.
        package static let groupPrefix = "split_test-"
        /// The prefix of the properties that carry a multivariate experiment's levels on an
        /// exposure: `factor_<factor>`.
        package static let factorPrefix = "factor_"
        /// The prefix of the properties that carry a dimension on an exposure, one per dimension:
        /// `dimension_<attribute>` (the built-in `platform` and `app_version`, and each attribute
        /// declared with `dimension: true`).
        package static let dimensionPrefix = "dimension_"
    }
}
