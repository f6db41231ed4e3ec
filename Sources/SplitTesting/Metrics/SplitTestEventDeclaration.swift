/// An event an app sends, declared once in the definitions (`event:` documents): its name and its
/// typed properties. The compiler checks metrics against it and generates a typed enum case for
/// it; the readout and the decision service read event lines by it.
///
/// ```yaml
/// event: purchase
/// properties:
///   revenue: { type: double }
///   currency: { values: [usd, eur, gbp] }
/// ```
@_spi(Tools) public struct SplitTestEventDeclaration: Sendable, Hashable {
    /// The event's name, `[a-z][a-z0-9_]*`, unique among events: the `event` of its lines.
    public var name: String
    /// Its properties, in declaration order.
    public var properties: [Property]

    /// One declared property of an event.
    public struct Property: Sendable, Hashable {
        /// The property's name in event lines.
        public var name: String
        /// The type of its values.
        public var type: PropertyType

        /// Creates a property.
        public init(name: String, type: PropertyType) {
            self.name = name
            self.type = type
        }
    }

    /// The type of a declared property's values.
    public enum PropertyType: Sendable, Hashable {
        /// Any text.
        case string
        /// A whole number.
        case int
        /// A number.
        case double
        /// `true` or `false`.
        case bool
        /// One of these strings (`values:`), an enum in generated code.
        case values([String])

        /// Whether a metric may sum, divide or take quantiles of it.
        public var isNumeric: Bool {
            switch self {
            case .int, .double: true
            case .string, .bool, .values: false
            }
        }
    }

    /// Creates a declaration.
    public init(name: String, properties: [Property]) {
        self.name = name
        self.properties = properties
    }

    /// The declared property named `name`.
    public func property(named name: String) -> Property? {
        properties.first { $0.name == name }
    }
}
