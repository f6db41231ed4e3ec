/// Writes JSON values as text, the one writer of the package, in the few styles its outputs
/// have always had: compact with every object's members sorted by the UTF-8 bytes of their
/// names (so that equal values give equal bytes, as signatures need), pretty-printed in the order
/// written (for people: the JSON Schema, the readout), and the styles Foundation's encoders wrote
/// for the event lines, the store file and the diagnostics, kept byte for byte.
extension JSONValue {
    /// The value as compact JSON bytes, every object's members sorted by their names' UTF-8
    /// bytes (code point order, whatever the locale).
    package var compactSortedBytes: [UInt8] { bytes(style: .canonical) }

    /// The value pretty-printed with two-space indentation, members in the order written,
    /// ending in a newline.
    package var prettyPrinted: String {
        var bytes = bytes(style: .readable)
        bytes.append(0x0A)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The value as JSON bytes in `style`, without a final newline.
    package func bytes(style: JSONWritingStyle) -> [UInt8] {
        var writer = JSONWriter(style: style)
        writer.write(self, depth: 0)
        return writer.bytes
    }

    /// The value as JSON text in `style`, without a final newline.
    package func text(style: JSONWritingStyle) -> String {
        String(decoding: bytes(style: style), as: UTF8.self)
    }
}

/// How ``JSONValue/bytes(style:)`` lays out and escapes a value.
package struct JSONWritingStyle: Sendable, Hashable {
    /// Whether every object's members are sorted by the UTF-8 bytes of their names (else they
    /// are written in their order).
    package var sortsMembers: Bool
    /// Whether arrays and objects are written one item to a line, indented by two spaces per level.
    package var indents: Bool
    /// What separates a member's name from its value: `":"`, `": "` or `" : "`.
    package var nameSeparator: String
    /// Whether an empty array or object, when indenting, spans lines (`[\n\n  ]`, as Foundation
    /// writes it) rather than being written `[]`.
    package var emptyContainersSpanLines: Bool
    /// Whether backspace and form feed are escaped as `\b` and `\f` (else as `\u0008`, `\u000C`).
    package var namesBackspaceAndFormFeed: Bool
    /// Whether the hexadecimal digits of a `\u` escape are lowercase.
    package var lowercaseHexadecimal: Bool
    /// Whether `/` is escaped as `\/`.
    package var escapesSlash: Bool

    package init(
        sortsMembers: Bool, indents: Bool, nameSeparator: String, emptyContainersSpanLines: Bool = false,
        namesBackspaceAndFormFeed: Bool = false, lowercaseHexadecimal: Bool = false, escapesSlash: Bool = false
    ) {
        self.sortsMembers = sortsMembers
        self.indents = indents
        self.nameSeparator = nameSeparator
        self.emptyContainersSpanLines = emptyContainersSpanLines
        self.namesBackspaceAndFormFeed = namesBackspaceAndFormFeed
        self.lowercaseHexadecimal = lowercaseHexadecimal
        self.escapesSlash = escapesSlash
    }

    /// Compact, members sorted: the bytes signatures and fingerprints are computed over.
    package static let canonical = JSONWritingStyle(sortsMembers: true, indents: false, nameSeparator: ":")
    /// Indented, in order, `"name": value`: the JSON Schema.
    package static let readable = JSONWritingStyle(sortsMembers: false, indents: true, nameSeparator: ": ")
    /// As ``readable`` with lowercase `\u` escapes: the readout of `splitc analyze --format json`.
    package static let report = JSONWritingStyle(
        sortsMembers: false, indents: true, nameSeparator: ": ", lowercaseHexadecimal: true)
    /// Compact, members sorted, Foundation's escapes without `\/`: the lines of an event file.
    package static let foundationCompact = JSONWritingStyle(
        sortsMembers: true, indents: false, nameSeparator: ":", namesBackspaceAndFormFeed: true, lowercaseHexadecimal: true)
    /// Indented, members sorted, `"name" : value`, Foundation's escapes without `\/`: the JSON
    /// that `splitc` prints (diagnostics, assignments, simulations).
    package static let foundationPretty = JSONWritingStyle(
        sortsMembers: true, indents: true, nameSeparator: " : ", emptyContainersSpanLines: true,
        namesBackspaceAndFormFeed: true, lowercaseHexadecimal: true)
}

/// The writer behind ``JSONValue/bytes(style:)``.
private struct JSONWriter {
    let style: JSONWritingStyle
    var bytes: [UInt8] = []

    init(style: JSONWritingStyle) {
        self.style = style
    }

    mutating func write(_ value: JSONValue, depth: Int) {
        switch value {
        case .object(let members):
            let ordered = style.sortsMembers ? members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } : members
            writeContainer(ordered, open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), depth: depth) { writer, member in
                writer.writeString(member.key)
                writer.bytes.append(contentsOf: writer.style.nameSeparator.utf8)
                writer.write(member.value, depth: depth + 1)
            }
        case .array(let items):
            writeContainer(items, open: UInt8(ascii: "["), close: UInt8(ascii: "]"), depth: depth) { writer, item in
                writer.write(item, depth: depth + 1)
            }
        case .string(let text): writeString(text)
        case .number(let text): bytes.append(contentsOf: text.utf8)
        case .bool(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
        case .null: bytes.append(contentsOf: "null".utf8)
        }
    }

    private mutating func writeContainer<Item>(
        _ items: [Item], open: UInt8, close: UInt8, depth: Int, item writeItem: (inout JSONWriter, Item) -> Void
    ) {
        bytes.append(open)
        guard style.indents else {
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                writeItem(&self, item)
            }
            return bytes.append(close)
        }
        guard !items.isEmpty else {
            if style.emptyContainersSpanLines {
                bytes.append(contentsOf: "\n\n".utf8)
                indent(depth)
            }
            return bytes.append(close)
        }
        bytes.append(0x0A)
        for (index, item) in items.enumerated() {
            indent(depth + 1)
            writeItem(&self, item)
            if index < items.count - 1 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(0x0A)
        }
        indent(depth)
        bytes.append(close)
    }

    private mutating func indent(_ depth: Int) {
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    /// A JSON string: quotes, backslashes and control characters escaped (and `/` if the style
    /// says so), the rest as UTF-8.
    private mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "/") where style.escapesSlash: bytes.append(contentsOf: #"\/"#.utf8)
            case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
            case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
            case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
            case 0x08 where style.namesBackspaceAndFormFeed: bytes.append(contentsOf: #"\b"#.utf8)
            case 0x0C where style.namesBackspaceAndFormFeed: bytes.append(contentsOf: #"\f"#.utf8)
            case 0x00..<0x20:
                let hex = String(byte, radix: 16, uppercase: !style.lowercaseHexadecimal)
                bytes.append(contentsOf: ("\\u00" + (hex.count == 1 ? "0" + hex : hex)).utf8)
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
