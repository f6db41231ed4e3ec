import Foundation
import SplitTestFormats

/// Something to tell analytics: an identifier and typed properties.
///
/// The runtime sends three kinds (``exposureIdentifier``, ``goalIdentifier`` and
/// ``holdoutIdentifier``); apps may
/// send their own through the same ``TrackingClient``.
///
/// ```swift
/// tracking.track(TrackingEvent("purchase", properties: ["sku": "pro_yearly", "price": 39.99]))
/// ```
public struct TrackingEvent: Sendable, Hashable {
    /// The identifier of an exposure: the unit has seen an experiment it is enrolled in.
    /// Properties: `experiment`, `group`, `unit`; for a multivariate experiment, whose group is
    /// a cell, also `factor_<factor>` set to the cell's level of each factor.
    public static let exposureIdentifier = EventVocabulary.exposure
    /// The identifier of a goal sent by ``SplitTestingService/trackGoal(_:value:)``.
    /// Properties: `goal`, `value` when given, `device` (the device id), `user` while a user is
    /// signed in, and `split_test-<experiment>` set to the group for every experiment the device
    /// or the user has been exposed to.
    public static let goalIdentifier = EventVocabulary.goal
    /// The identifier of a holdout event: the unit is kept out of the experiments a holdout
    /// covers, and was about to see one of them. Properties: `holdout`, `unit`. Sent once per
    /// holdout and unit for a service's lifetime.
    public static let holdoutIdentifier = EventVocabulary.holdout

    /// What happened, e.g. `split_test_exposure`.
    public var identifier: String
    /// Details, by name.
    public var properties: [String: TrackingValue]
    /// When it happened.
    public var date: Date

    /// Creates an event; `date` defaults to now.
    public init(_ identifier: String, properties: [String: TrackingValue] = [:], date: Date = Date()) {
        self.identifier = identifier
        self.properties = properties
        self.date = date
    }

    /// The name of the property (and of the analytics user property) that carries the group of
    /// `experiment`: `split_test-<experiment>`.
    package static func groupPropertyName(experiment: String) -> String {
        Property.groupPrefix + experiment
    }
}

/// A property value of a ``TrackingEvent``.
public enum TrackingValue: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral
{
    /// Text.
    case string(String)
    /// A whole number.
    case int(Int)
    /// A number with a fraction; not-a-number and infinities are written as strings in JSON.
    case double(Double)
    /// A flag.
    case bool(Bool)

    /// A string value.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer value.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// A double value.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A Boolean value.
    public init(booleanLiteral value: Bool) { self = .bool(value) }

    /// The string, if this is one.
    package var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The number as a `Double`, if this is an `int` or a `double`.
    package var doubleValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        case .string, .bool: nil
        }
    }
}

extension TrackingValue: CustomStringConvertible {
    /// The value as analytics shows it: `discounted`, `3`, `3.99`, `true`.
    public var description: String {
        switch self {
        case .string(let value): value
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .bool(let value): String(value)
        }
    }
}
