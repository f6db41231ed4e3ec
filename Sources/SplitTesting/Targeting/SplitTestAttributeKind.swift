/// The kind of value an attribute holds, built-in or declared: what a condition on it may say,
/// and what a value given for it by name (a decision service's request, `splitc assign
/// --attributes`, a test document) must be.
@_spi(Tools) public enum SplitTestAttributeKind: Hashable, Sendable {
    /// `app_version`, `os_version`: dot-separated numbers, compared by component.
    case version
    /// `platform`: one of ``SplitTestAttributeValues``' platform names.
    case platform
    /// `region`: an ISO 3166-1 alpha-2 code, two upper-case letters.
    case region
    /// A declared string, limited to `values` when given.
    case string(values: [String]?)
    /// A declared whole number.
    case int
    /// A declared flag.
    case bool

    /// Whether comparisons (`>= 5.2`) apply: versions and numbers are ordered.
    public var isOrdered: Bool {
        switch self {
        case .version, .int: true
        case .platform, .region, .string, .bool: false
        }
    }

    /// The kind in a message's words: "a version", "a string".
    public var described: String {
        switch self {
        case .version: "a version"
        case .platform: "a platform"
        case .region: "a region code"
        case .string: "a string"
        case .int: "an int"
        case .bool: "a bool"
        }
    }

    /// The built-in attributes by name, in the order the documentation lists them: every unit has
    /// them without a declaration.
    public static let builtIns: [(name: String, kind: SplitTestAttributeKind)] =
        SplitTestAttributeValues.builtInNames.map { name in
            switch name {
            case SplitTestAttributeValues.platform: (name, .platform)
            case SplitTestAttributeValues.region: (name, .region)
            default: (name, .version)
            }
        }

    /// The kind of the built-in attribute `name`, if it is one.
    public static func builtIn(named name: String) -> SplitTestAttributeKind? {
        builtIns.first { $0.name == name }?.kind
    }

    /// The kind of every attribute a value may be given for: the built-ins, then `declared`.
    public static func table(declared: some Sequence<(name: String, kind: SplitTestAttributeKind)>) -> [String: SplitTestAttributeKind] {
        var kinds: [String: SplitTestAttributeKind] = [:]
        for (name, kind) in builtIns { kinds[name] = kind }
        for (name, kind) in declared { kinds[name] = kind }
        return kinds
    }

    /// Whether `text` is an ISO 3166-1 alpha-2 code as targeting writes it: two upper-case letters.
    public static func isRegionCode(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 2 && bytes.allSatisfy { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
    }
}
