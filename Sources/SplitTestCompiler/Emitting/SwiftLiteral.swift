/// Swift literals for values that came from YAML, spelled so that they compile to exactly the
/// value written and print the same on every machine.
enum SwiftLiteral {
    /// A string literal. Quotes, backslashes and control characters are escaped, and every
    /// scalar that is not plainly visible (format characters such as bidirectional overrides,
    /// separators other than the space, unassigned or private-use code points, combining marks
    /// that would attach to the opening quote) is written as `\u{…}`.
    static func string(_ value: String) -> String {
        let needsNoEscape = value.utf8.allSatisfy { byte in
            byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
        }
        if needsNoEscape { return "\"" + value + "\"" }
        return quoted(value, escaping: { $0 == "\0" ? "\\0" : nil }) { scalar in
            "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }

    /// A string literal of the languages whose escapes Swift shares (Swift, Kotlin, TypeScript):
    /// quotes, backslashes and line breaks escaped, then each scalar `escaping` spells, then the
    /// plainly visible ones as they are and every other as `invisible` spells it.
    static func quoted(
        _ value: String, escaping: (Unicode.Scalar) -> String?, invisible: (Unicode.Scalar) -> String
    ) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if let escaped = escaping(scalar) {
                    result += escaped
                } else if isPlainlyVisible(scalar) {
                    result.unicodeScalars.append(scalar)
                } else {
                    result += invisible(scalar)
                }
            }
        }
        return result + "\""
    }

    /// An integer literal; five or more digits are grouped in thousands (`10_000`).
    static func int(_ value: Int) -> String {
        let digits = String(value.magnitude)
        guard digits.count > 4 else { return String(value) }
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { grouped += "_" }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    /// A floating-point literal that reads back as the same `Double` and is never mistaken for an
    /// integer (`1.0`, `2.5`, `1e-07`); infinities and NaN, which have no literal, by name, and
    /// subnormals by their bits.
    static func double(_ value: Double) -> String {
        if value.isNaN { return "Double.nan" }
        if value.isInfinite { return value < 0 ? "-Double.infinity" : "Double.infinity" }
        // Swift warns that a subnormal literal "underflows and loses precision", even when it is
        // exact; the bit pattern says the same value without a warning.
        if value.isSubnormal { return "Double(bitPattern: 0x" + String(value.bitPattern, radix: 16, uppercase: true) + ")" }
        // `description` is the shortest spelling that round-trips, and always has a `.` or an `e`.
        return value.description
    }

    /// The literal of a parameter value.
    static func value(_ value: ParameterValue) -> String {
        switch value {
        case .bool(let bool): bool ? "true" : "false"
        case .int(let int): self.int(int)
        case .double(let double): self.double(double)
        case .string(let string): self.string(string)
        }
    }

    /// Whether `scalar` is printed as itself inside a string literal: a visible character that
    /// cannot attach to the opening quote or change how the line displays. The Kotlin and
    /// TypeScript literals escape the same scalars.
    static func isPlainlyVisible(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value >= 0x20 && scalar.value != 0x7F }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber,
             .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation,
             .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }
}
