@_spi(Generated) @_spi(Tools) import SplitTesting

/// A custom targeting attribute, declared in an `attributes:` document: what the generated
/// `SplitTestAttributes` gets a property for, and what targeting conditions are checked against.
public struct AttributeDeclaration: Hashable, Sendable {
    /// The type of a custom attribute's values.
    public enum ValueType: String, Hashable, Sendable, CaseIterable {
        /// Text; an enum in Swift when `values` is given. Compared for equality only.
        case string
        /// A whole number; compared with `==`, `!=`, `<`, `<=`, `>`, `>=`.
        case int
        /// A flag: `true` or `false`.
        case bool
    }

    /// `[a-z][a-z0-9_]*`, unique among the declarations and the built-in attributes.
    public var name: String
    /// The type of its values.
    public var type: ValueType
    /// The values a string attribute may take, in declaration order; `nil` for any text.
    public var values: [String]?
    /// Free text for the generated documentation.
    public var description: String?
    /// Where its name is written.
    public var location: SourceLocation
    /// Whether exposures carry the attribute's value (`dimension: true`), so that a readout can
    /// slice by it.
    public var isDimension: Bool

    /// Creates a declaration.
    public init(
        name: String, type: ValueType, values: [String]? = nil, description: String? = nil,
        location: SourceLocation, isDimension: Bool = false
    ) {
        self.isDimension = isDimension
        self.name = name
        self.type = type
        self.values = values
        self.description = description
        self.location = location
    }
}

extension AttributeDeclaration {
    /// The kind of the declared attribute's values.
    @_spi(Tools) public var kind: SplitTestAttributeKind {
        switch type {
        case .string: .string(values: values)
        case .int: .int
        case .bool: .bool
        }
    }

    /// The kind of every attribute a value may be given for: the built-ins and `declarations`.
    @_spi(Tools) public static func kinds(_ declarations: [AttributeDeclaration]) -> [String: SplitTestAttributeKind] {
        SplitTestAttributeKind.table(declared: declarations.lazy.map { ($0.name, $0.kind) })
    }
}
