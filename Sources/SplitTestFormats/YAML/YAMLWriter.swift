/// Writes a JSON value as a YAML document a person can read: block mappings and sequences, keys
/// in their order, plain scalars where YAML reads them back as the same string, JSON's double
/// quotes where it would not, and text of several lines as a literal block. What it writes reads
/// back as the value it was given (YAML 1.2 is a superset of JSON).
///
/// ```swift
/// let text = YAMLWriter.document(["openapi": "3.1.0", "paths": [:]])
/// ```
package enum YAMLWriter {
    /// `value` as a YAML document ending in a newline.
    package static func document(_ value: JSONValue) -> String {
        var lines: [String] = []
        switch value {
        case .object(let members) where !members.isEmpty:
            for member in members { writeMember(member.value, head: scalar(member.key) + ":", indent: 0, into: &lines) }
        case .array(let items) where !items.isEmpty:
            for item in items { writeItem(item, indent: 0, into: &lines) }
        default:
            lines.append(flat(value))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A mapping's member whose key (with its colon, indented) is `head`, at `indent`.
    private static func writeMember(_ value: JSONValue, head: String, indent: Int, into lines: inout [String]) {
        let inner = String(repeating: " ", count: indent + 2)
        switch value {
        case .object(let members) where !members.isEmpty:
            lines.append(head)
            for member in members {
                writeMember(member.value, head: inner + scalar(member.key) + ":", indent: indent + 2, into: &lines)
            }
        case .array(let items) where !items.isEmpty:
            lines.append(head)
            for item in items { writeItem(item, indent: indent + 2, into: &lines) }
        case .string(let text) where isLiteralBlock(text):
            // The indentation is given (2), so that a first line that starts with spaces reads back.
            lines.append(head + (text.hasSuffix("\n") ? " |2" : " |2-"))
            let body = text.hasSuffix("\n") ? text.dropLast() : Substring(text)
            for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
                lines.append(line.isEmpty ? "" : inner + line)
            }
        default:
            lines.append(head + " " + flat(value))
        }
    }

    /// One item of a block sequence, its dash at `indent`.
    private static func writeItem(_ item: JSONValue, indent: Int, into lines: inout [String]) {
        let pad = String(repeating: " ", count: indent)
        switch item {
        case .object(let members) where !members.isEmpty:
            for (position, member) in members.enumerated() {
                let head = pad + (position == 0 ? "- " : "  ") + scalar(member.key) + ":"
                writeMember(member.value, head: head, indent: indent + 2, into: &lines)
            }
        case .array(let inner) where !inner.isEmpty:
            lines.append(pad + "-")
            for nested in inner { writeItem(nested, indent: indent + 2, into: &lines) }
        default:
            lines.append(pad + "- " + flat(item))
        }
    }

    /// A value written on one line: a scalar, or an empty mapping or sequence.
    private static func flat(_ value: JSONValue) -> String {
        switch value {
        case .object: "{}"
        case .array: "[]"
        case .string(let text): scalar(text)
        case .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        }
    }

    /// Whether `text` is written as a literal block: lines of printable text, ending in at most
    /// one newline.
    private static func isLiteralBlock(_ text: String) -> Bool {
        text.contains("\n") && !text.hasSuffix("\n\n") && !text.hasPrefix("\n")
            && !text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F || $0 == "\u{FEFF}" }
            && !text.split(separator: "\n").contains { $0.hasSuffix(" ") }
    }

    /// `text` as a scalar that reads back as that string: plain when YAML's core schema would
    /// read it plainly as the same string, otherwise in JSON's double quotes.
    package static func scalar(_ text: String) -> String {
        needsQuotes(text) ? JSONValue.string(text).text(style: .foundationCompact) : text
    }

    private static func needsQuotes(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return true }
        // Words and numbers the core schema (or YAML 1.1 readers) take for something else.
        let lowered = text.lowercased()
        if ["null", "~", "true", "false", "yes", "no", "on", "off", "y", "n"].contains(lowered) { return true }
        if Double(text) != nil || text.hasPrefix(".") || lowered.hasPrefix("0x") || lowered.hasPrefix("0o") { return true }
        if text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || $0 == ":" || $0 == "_" || $0 == "-" }) { return true }
        // Characters that start something else, or that YAML reads specially anywhere.
        if "-?:,[]{}#&*!|>'\"%@` \t".unicodeScalars.contains(first) || last == " " || last == "\t" { return true }
        if text.contains(": ") || text.contains(" #") || text.hasSuffix(":") { return true }
        return text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{FEFF}" }
    }
}
