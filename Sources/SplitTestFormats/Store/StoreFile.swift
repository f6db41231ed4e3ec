/// The file of a file assignment store: a JSON object whose values are strings, pretty-printed
/// in the layout Foundation's `JSONSerialization` wrote it (`"name" : "value"`, `\/`), with its
/// names sorted by their UTF-8 bytes. The order is for people reading the file, not for the
/// reader, which takes any order: files written before, in Foundation's locale order, read the same.
/// Byte order costs one comparison of bytes per pair, which matters because a shared store writes
/// the whole file while it holds the lock that other processes wait for.
///
/// Names are told apart by their bytes (``UTF8Key``), as the store tells its keys apart: two
/// names that differ only in their Unicode normalization are two entries, read and written as such.
package enum StoreFile {
    /// What a file holds.
    package enum Contents: Sendable, Equatable {
        /// A JSON object of strings.
        case values([UTF8Key: String])
        /// Not a JSON object of strings: `salvaged` holds the members whose values are strings
        /// when the file is an object with other values too, nothing when it is no JSON object.
        case corrupt(salvaged: [UTF8Key: String])
    }

    /// The contents of `bytes` (UTF-8, a byte order mark allowed), read as Foundation's
    /// `JSONSerialization` read them: a name given twice keeps its last value, and an object or
    /// array may end in a comma. An empty file is for the caller to judge: here it is no JSON object.
    package static func decode(_ bytes: [UInt8]) -> Contents {
        bytes.withUnsafeBufferPointer { buffer in
            var tokens = JSONTokenizer(buffer)
            if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { tokens.position = 3 }
            var values: [UTF8Key: String] = [:]
            // Names whose (last) value is not a string.
            var others: Set<UTF8Key> = []
            do throws(JSONSyntaxError) {
                tokens.skipWhitespace()
                guard tokens.current == UInt8(ascii: "{") else { return .corrupt(salvaged: [:]) }
                tokens.position += 1
                tokens.skipWhitespace()
                if tokens.current == UInt8(ascii: "}") {
                    tokens.position += 1
                } else {
                    while true {
                        guard tokens.current == UInt8(ascii: "\"") else { return .corrupt(salvaged: [:]) }
                        let name = UTF8Key(tokens.text(of: try tokens.scanString(checkingUTF8: true)))
                        try tokens.skipNameSeparator()
                        if tokens.current == UInt8(ascii: "\"") {
                            values[name] = tokens.text(of: try tokens.scanString(checkingUTF8: true))
                            others.remove(name)
                        } else {
                            try tokens.skipValue(allowingTrailingCommas: true)
                            values[name] = nil
                            others.insert(name)
                        }
                        tokens.skipWhitespace()
                        guard let next = tokens.current else { return .corrupt(salvaged: [:]) }
                        tokens.position += 1
                        if next == UInt8(ascii: "}") { break }
                        guard next == UInt8(ascii: ",") else { return .corrupt(salvaged: [:]) }
                        tokens.skipWhitespace()
                        // Foundation's reader allowed a comma before the closing brace.
                        if tokens.current == UInt8(ascii: "}") {
                            tokens.position += 1
                            break
                        }
                    }
                }
                tokens.skipWhitespace()
                guard tokens.position == buffer.count else { return .corrupt(salvaged: [:]) }
            } catch {
                return .corrupt(salvaged: [:])
            }
            return others.isEmpty ? .values(values) : .corrupt(salvaged: values)
        }
    }

    /// The file for `values`.
    package static func encode(_ values: [UTF8Key: String]) -> [UInt8] {
        let members = values.sorted { $0.key.string.utf8.lexicographicallyPrecedes($1.key.string.utf8) }
            .map { JSONValue.Member(key: $0.key.string, value: .string($0.value)) }
        return JSONValue.object(members).bytes(style: .storeFile)
    }
}

extension JSONWritingStyle {
    /// Indented, `"name" : value`, Foundation's escapes with `\/`: the store file.
    package static let storeFile = JSONWritingStyle(
        sortsMembers: false, indents: true, nameSeparator: " : ", emptyContainersSpanLines: true,
        namesBackspaceAndFormFeed: true, lowercaseHexadecimal: true, escapesSlash: true)
}
