/// Swift literals written straight into the printer: the same spellings as `SwiftLiteral`, with
/// no intermediate `String` for the common values (plain ASCII text, integers).
extension CodePrinter {
    /// Writes `SwiftLiteral.string(value)`.
    mutating func writeStringLiteral(_ value: String) {
        // The text is written as it is and checked in place; the rare text that needs escaping
        // is taken back and spelled by `SwiftLiteral`.
        let mark = position
        write("\"")
        write(value)
        guard Self.isLiteralBody(written(since: mark + 1)) else {
            rewind(to: mark)
            write(SwiftLiteral.string(value))
            return
        }
        write("\"")
    }

    /// Whether every byte is printable ASCII other than a quote or a backslash: text that is its
    /// own string literal between quotes.
    private static func isLiteralBody(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let bytes = text.baseAddress else { return true }
        // An index loop over a pointer, which a debug build runs without generic calls.
        let count = text.count
        var index = 0
        while index < count {
            let byte = bytes[index]
            // Control characters, DEL and non-ASCII, `"`, `\`.
            if byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C { return false }
            index += 1
        }
        return true
    }

    /// Writes `SwiftLiteral.int(value)`: five or more digits are grouped in thousands.
    mutating func writeIntLiteral(_ value: Int) {
        if value < 0 { write("-") }
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
        // `==` first: it rejects most pairs faster than comparing the bytes one by one.
        case (.string(let a), .string(let b)): a == b && a.utf8.elementsEqual(b.utf8)
        default: false
        }
    }
}
