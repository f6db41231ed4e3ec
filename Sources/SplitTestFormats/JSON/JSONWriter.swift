/// Writes JSON values as text: compact with the members of every object sorted by the UTF-8
/// bytes of their names (so that equal values give equal bytes, as signatures need), or
/// pretty-printed in the order written (for people, as the JSON Schema is).
extension JSONValue {
    /// The value as compact JSON bytes, every object's members sorted by their names' UTF-8
    /// bytes (code point order, whatever the locale).
    package var compactSortedBytes: [UInt8] {
        var bytes: [UInt8] = []
        writeCompactSorted(into: &bytes)
        return bytes
    }

    /// The value pretty-printed with two-space indentation, members in the order written,
    /// ending in a newline.
    package var prettyPrinted: String {
        var bytes: [UInt8] = []
        writePretty(into: &bytes, depth: 0)
        bytes.append(0x0A)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func writeCompactSorted(into bytes: inout [UInt8]) {
        switch self {
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (index, member) in sorted.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.writeString(member.key, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                member.value.writeCompactSorted(into: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                item.writeCompactSorted(into: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        default:
            writeScalar(into: &bytes)
        }
    }

    private func writePretty(into bytes: inout [UInt8], depth: Int) {
        func indent(_ depth: Int) { bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth)) }
        switch self {
        case .object(let members):
            guard !members.isEmpty else { return bytes.append(contentsOf: "{}".utf8) }
            bytes.append(contentsOf: "{\n".utf8)
            for (index, member) in members.enumerated() {
                indent(depth + 1)
                Self.writeString(member.key, into: &bytes)
                bytes.append(contentsOf: ": ".utf8)
                member.value.writePretty(into: &bytes, depth: depth + 1)
                bytes.append(contentsOf: (index == members.count - 1 ? "\n" : ",\n").utf8)
            }
            indent(depth)
            bytes.append(UInt8(ascii: "}"))
        case .array(let items):
            guard !items.isEmpty else { return bytes.append(contentsOf: "[]".utf8) }
            bytes.append(contentsOf: "[\n".utf8)
            for (index, item) in items.enumerated() {
                indent(depth + 1)
                item.writePretty(into: &bytes, depth: depth + 1)
                bytes.append(contentsOf: (index == items.count - 1 ? "\n" : ",\n").utf8)
            }
            indent(depth)
            bytes.append(UInt8(ascii: "]"))
        default:
            writeScalar(into: &bytes)
        }
    }

    private func writeScalar(into bytes: inout [UInt8]) {
        switch self {
        case .string(let text): Self.writeString(text, into: &bytes)
        case .number(let text): bytes.append(contentsOf: text.utf8)
        case .bool(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
        case .null: bytes.append(contentsOf: "null".utf8)
        case .object, .array: preconditionFailure("containers are written by the caller")
        }
    }

    /// A JSON string: quotes, backslashes and control characters escaped, the rest as UTF-8.
    private static func writeString(_ text: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
            case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
            case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
            case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
            case 0x00..<0x20:
                let hex = String(byte, radix: 16, uppercase: true)
                bytes.append(contentsOf: ("\\u00" + (hex.count == 1 ? "0" + hex : hex)).utf8)
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
