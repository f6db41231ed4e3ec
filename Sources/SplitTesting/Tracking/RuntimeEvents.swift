import Foundation

/// The events the runtime sends, built in one place, so that the tools that write events as an
/// app would (`splitc simulate --events`) write exactly what an app writes.
extension TrackingEvent {
    /// An exposure of `unit` to `group` of `experiment`.
    ///
    /// - Parameters:
    ///   - factorProperties: for a multivariate experiment, whose group is a cell, the
    ///     `factor_<factor>` property names in factor order: each is set to the cell's level of
    ///     that factor. A group that is not a cell of that many levels adds none.
    ///   - period: for an experiment that tracks allocation periods (a bandit), the period in
    ///     force when the unit was first assigned.
    ///   - dimensions: the unit's dimensions, by attribute: each becomes `dimension_<attribute>`.
    package static func exposure(
        experiment: String, group: String, unit: String, factorProperties: [String]? = nil, period: Int? = nil,
        dimensions: [String: TrackingValue] = [:], date: Date = Date()
    ) -> TrackingEvent {
        var properties: [String: TrackingValue] = [
            Property.experiment: .string(experiment), Property.group: .string(group), Property.unit: .string(unit),
        ]
        for (attribute, value) in dimensions { properties[dimensionPropertyName(attribute: attribute)] = value }
        if let factorProperties {
            let levels = group.split(separator: SplitTestFactorialDesign.levelSeparator, omittingEmptySubsequences: false)
            if levels.count == factorProperties.count {
                for (name, level) in zip(factorProperties, levels) { properties[name] = .string(String(level)) }
            }
        }
        if let period { properties[Property.period] = .int(period) }
        return TrackingEvent(exposureIdentifier, properties: properties, date: date)
    }

    /// A goal of the device `device` (and of `user` while one is signed in), crediting `groups`:
    /// the group of every experiment they have been exposed to, by experiment.
    package static func goal(
        _ goal: String, value: Double?, device: String, user: String?, groups: [String: String], date: Date = Date()
    ) -> TrackingEvent {
        var properties: [String: TrackingValue] = [Property.goal: .string(goal), Property.device: .string(device)]
        if let user { properties[Property.user] = .string(user) }
        if let value { properties[Property.value] = .double(value) }
        for (experiment, group) in groups {
            properties[groupPropertyName(experiment: experiment)] = .string(group)
        }
        return TrackingEvent(goalIdentifier, properties: properties, date: date)
    }

    /// A declared event of the device `device` (and of `user` while one is signed in): the shape
    /// of a goal under the event's own name, its declared `properties` beside the units and the
    /// groups `groups` of every experiment they have been exposed to, by experiment.
    package static func declared(
        _ name: String, properties: [String: TrackingValue], device: String, user: String?, groups: [String: String],
        date: Date = Date()
    ) -> TrackingEvent {
        var all = properties
        all[Property.device] = .string(device)
        if let user { all[Property.user] = .string(user) }
        for (experiment, group) in groups {
            all[groupPropertyName(experiment: experiment)] = .string(group)
        }
        return TrackingEvent(name, properties: all, date: date)
    }
}
