/// The value of one targeting attribute: a string (also enum cases), a number, a flag or a version.
///
/// What the generated `SplitTestAttributes` hands the service; apps set attributes through that
/// typed struct, so this is behind `@_spi(Generated)`.
@_spi(Generated) public enum SplitTestAttributeValue: Sendable, Hashable, CustomStringConvertible {
    /// Text, e.g. a platform, a region or a plan; compared for equality only.
    case string(String)
    /// A whole number; compared numerically with ints and doubles.
    case int(Int)
    /// A number with a fraction; compared numerically with ints and doubles.
    case double(Double)
    /// A flag; compared for equality only.
    case bool(Bool)
    /// A version, compared by numeric components.
    case version(SplitTestVersion)

    /// The value as written in a definition or in `--attributes` JSON.
    public var description: String {
        switch self {
        case .string(let value): value
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .bool(let value): String(value)
        case .version(let value): value.description
        }
    }

    /// The value as a number, when it is one.
    var number: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        case .string, .bool, .version: nil
        }
    }

    /// Whether two values are the same attribute value: numbers compare numerically, versions
    /// by components, and values of different kinds never match.
    func matches(_ other: Self) -> Bool {
        switch (self, other) {
        case (.version(let left), .version(let right)): left == right
        case (.string(let left), .string(let right)): left == right
        case (.bool(let left), .bool(let right)): left == right
        default:
            if let left = number, let right = other.number { left == right } else { false }
        }
    }
}
