/// Swift literals written straight into the printer: the same spellings as `SwiftLiteral`, with
/// no intermediate `String` for the common values (plain ASCII text, integers).
extension CodePrinter {
    /// Writes `SwiftLiteral.string(value)`.
    mutating func writeStringLiteral(_ value: String) {
        let needsNoEscape = value.withUTF8Bytes { bytes in
            bytes.allSatisfy { byte in
                byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
            }
        }
        guard needsNoEscape else {
            write(SwiftLiteral.string(value))
            return
        }
        write(ascii: UInt8(ascii: "\""))
        write(value)
        write(ascii: UInt8(ascii: "\""))
    }

    /// Writes `SwiftLiteral.int(value)`: five or more digits are grouped in thousands.
    mutating func writeIntLiteral(_ value: Int) {
        if value < 0 { write(ascii: UInt8(ascii: "-")) }
        writeDigits(value.magnitude, grouped: value.magnitude >= 10_000)
    }

    /// Writes `SwiftLiteral.value(value)`.
    mutating func writeLiteral(_ value: ParameterValue) {
        switch value {
        case .bool(let bool): write(bool ? "true" : "false")
        case .int(let int): writeIntLiteral(int)
        case .double(let double): write(SwiftLiteral.double(double))
        case .string(let string): writeStringLiteral(string)
        }
    }
}

extension ParameterValue {
    /// Whether the two values print as the same literal. Stricter than `==`, which equates `0.0`
    /// with `-0.0` and canonically equivalent strings whose literals differ (`é` and `e\u{301}`).
    func hasSameLiteral(as other: ParameterValue) -> Bool {
        switch (self, other) {
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
        case (.string(let a), .string(let b)): a.utf8.elementsEqual(b.utf8)
        default: false
        }
    }
}
