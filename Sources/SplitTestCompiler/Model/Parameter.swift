import SplitTestFormats

/// The Swift type of a group parameter, inferred from the values the groups give it.
public enum ParameterType: String, Hashable, Sendable {
    /// `true` / `false` (YAML 1.2 core schema: `yes`, `no`, `on`, `off` are strings).
    case bool = "Bool"
    /// A whole number.
    case int = "Int"
    /// A number with a fraction or an exponent; an `Int` in one group and a `Double` in
    /// another widen to `Double`.
    case double = "Double"
    /// Any quoted scalar, and any plain scalar that is not one of the above.
    case string = "String"
}

/// One value of a group parameter.
public enum ParameterValue: Hashable, Sendable {
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)

    /// The type this value has on its own.
    public var type: ParameterType {
        switch self {
        case .bool: .bool
        case .int: .int
        case .double: .double
        case .string: .string
        }
    }
}

/// A parameter that every group of an experiment defines (itself or through `defaults:`).
public struct ParameterDeclaration: Hashable, Sendable {
    /// The name in YAML (`corner_radius`).
    public var name: String
    /// The inferred type.
    public var type: ParameterType
    /// Where the name first appears.
    public var location: SourceLocation

    /// Creates a declaration.
    public init(name: String, type: ParameterType, location: SourceLocation) {
        self.name = name
        self.type = type
        self.location = location
    }
}

extension ParameterValue {
    /// The value as a decision service's answer writes it: a double as Foundation's encoder
    /// writes it (a parameter is always finite; JSON cannot write one that is not).
    package var json: JSONValue {
        switch self {
        case .bool(let flag): .bool(flag)
        case .int(let number): .integer(number)
        case .double(let number): number.isFinite ? .number(JSONValue.foundationText(of: number)) : .null
        case .string(let text): .string(text)
        }
    }
}
