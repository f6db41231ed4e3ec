@_spi(Generated) import SplitTesting

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

    /// Creates a declaration.
    public init(
        name: String, type: ValueType, values: [String]? = nil, description: String? = nil,
        location: SourceLocation
    ) {
        self.name = name
        self.type = type
        self.values = values
        self.description = description
        self.location = location
    }
}

/// The kind of value an attribute holds, built-in or declared: what a condition on it may say.
enum AttributeKind: Hashable, Sendable {
    /// `app_version`, `os_version`: dot-separated numbers, compared by component.
    case version
    /// `platform`: one of `BuiltInAttributes.platforms`.
    case platform
    /// `region`: an ISO 3166-1 alpha-2 code, two upper-case letters.
    case region
    /// A declared string, limited to `values` when given.
    case string(values: [String]?)
    /// A declared whole number.
    case int
    /// A declared flag.
    case bool

    /// The kind of a declared attribute.
    init(_ declaration: AttributeDeclaration) {
        switch declaration.type {
        case .string: self = .string(values: declaration.values)
        case .int: self = .int
        case .bool: self = .bool
        }
    }

    /// Whether comparisons (`>= 5.2`) apply: versions and numbers are ordered.
    var isOrdered: Bool {
        switch self {
        case .version, .int: true
        case .platform, .region, .string, .bool: false
        }
    }

    /// The kind in a message's words: "a version", "a string".
    var described: String {
        switch self {
        case .version: "a version"
        case .platform: "a platform"
        case .region: "a region code"
        case .string: "a string"
        case .int: "an int"
        case .bool: "a bool"
        }
    }
}

/// The attributes every unit has without a declaration: the runtime's built-ins, by the names
/// the runtime sets them under.
enum BuiltInAttributes {
    /// The values of `platform`.
    static let platforms = SplitTestAttributeValues.platformNames

    /// The built-ins by name, in the order the documentation lists them.
    static let kinds: [(name: String, kind: AttributeKind)] = SplitTestAttributeValues.builtInNames.map { name in
        switch name {
        case SplitTestAttributeValues.platform: (name, .platform)
        case SplitTestAttributeValues.region: (name, .region)
        default: (name, .version)
        }
    }

    /// The names of the built-ins.
    static let names = SplitTestAttributeValues.builtInNames

    /// The kind of the built-in `name`, if it is one.
    static func kind(of name: String) -> AttributeKind? {
        kinds.first { $0.name == name }?.kind
    }

    /// Whether `text` is an ISO 3166-1 alpha-2 code as targeting writes it: two upper-case letters.
    static func isRegionCode(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 2 && bytes.allSatisfy { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
    }
}
