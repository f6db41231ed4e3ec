/// TypeScript literals for parameter values.
enum TypeScriptLiteral {
    /// A string literal.
    static func string(_ value: String) -> String {
        UTF16StringLiteral.quoted(value, escapingDollar: false)
    }

    /// A literal of a parameter value. Numbers are JavaScript doubles: every `Double` reads back
    /// as itself, and so does every integer up to 2^53 in magnitude; a larger one is written
    /// exactly and read as the nearest double.
    static func value(_ value: ParameterValue) -> String {
        switch value {
        case .bool(let bool): bool ? "true" : "false"
        case .int(let int): String(int)
        case .double(let double): self.double(double)
        case .string(let string): self.string(string)
        }
    }

    /// A number literal that reads back as the same double (the shortest spelling that
    /// round-trips); infinities and NaN by name.
    static func double(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        return value.description
    }

    /// The TypeScript type of a parameter.
    static func type(_ type: ParameterType) -> String {
        switch type {
        case .string: "string"
        case .int, .double: "number"
        case .bool: "boolean"
        }
    }
}
