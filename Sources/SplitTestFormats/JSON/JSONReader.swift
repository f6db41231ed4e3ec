/// What a reader found wrong in JSON bytes, and where.
package struct JSONSyntaxError: Error, Sendable, Hashable {
    /// The offset of the byte where reading stopped.
    package var offset: Int
    /// Why.
    package var reason: String

    package init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }
}

extension JSONValue {
    /// How deeply arrays and objects may nest; the documents read here need at most 4.
    package static let maximumDepth = 64

    /// The value of `bytes`, which must hold exactly one JSON value (whitespace around it
    /// allowed): a strict RFC 8259 reading in which every input (any bytes, any nesting) ends in a
    /// value or a ``JSONSyntaxError`` at a byte offset, never a trap. Numbers keep the text they
    /// were written with; an object with a member name given twice is an error.
    package init(parsing bytes: [UInt8]) throws(JSONSyntaxError) {
        self = try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
            var reader = TreeReader(tokens: JSONTokenizer(buffer))
            reader.tokens.skipWhitespace()
            let value = try reader.readValue(depth: 0)
            reader.tokens.skipWhitespace()
            guard reader.tokens.position == buffer.count else {
                throw reader.tokens.fail("unexpected \(reader.tokens.describeCurrent()) after the JSON value")
            }
            return value
        }
    }
}

/// The tree front end of the tokenizer: each `read` builds one value, recursing into arrays and
/// objects as deep as ``JSONValue/maximumDepth`` allows.
private struct TreeReader {
    var tokens: JSONTokenizer

    mutating func readValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard let byte = tokens.current else { throw tokens.fail("expected a value; found the end of the document") }
        switch byte {
        case UInt8(ascii: "{"): return try readObject(depth: depth + 1)
        case UInt8(ascii: "["): return try readArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(tokens.text(of: try tokens.scanString(checkingUTF8: true)))
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return try tokens.scanLiteral().map(JSONValue.bool) ?? .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let range = try tokens.scanNumber()
            return .number(String(decoding: UnsafeBufferPointer(rebasing: tokens.bytes[range]), as: UTF8.self))
        default: throw tokens.fail("expected a value; found \(tokens.describeCurrent())")
        }
    }

    private mutating func enter(depth: Int) throws(JSONSyntaxError) {
        guard depth <= JSONValue.maximumDepth else {
            throw tokens.fail("arrays and objects nest more than \(JSONValue.maximumDepth) levels deep")
        }
        tokens.position += 1
        tokens.skipWhitespace()
    }

    private mutating func readObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        try enter(depth: depth)
        var members: [JSONValue.Member] = []
        // Duplicates are found by a scan while the object is small (every object of a payload
        // but `experiments`), and through a set, made when first needed, once it is not.
        var keys: Set<String>?
        if tokens.current == UInt8(ascii: "}") {
            tokens.position += 1
            return .object(members)
        }
        while true {
            guard tokens.current == UInt8(ascii: "\"") else {
                throw tokens.fail("expected a member name in quotes; found \(tokens.describeCurrent())")
            }
            let keyStart = tokens.position
            let key = tokens.text(of: try tokens.scanString(checkingUTF8: true))
            let duplicate: Bool
            if members.count < Self.scannedMembers {
                duplicate = members.contains { $0.key == key }
            } else {
                if keys == nil { keys = Set(members.map(\.key)) }
                duplicate = !keys!.insert(key).inserted
            }
            guard !duplicate else {
                throw JSONSyntaxError(offset: keyStart, reason: "duplicate member \"\(shownInMessage(key))\"")
            }
            try tokens.skipNameSeparator()
            let value = try readValue(depth: depth)
            members.append(JSONValue.Member(key: key, value: value))
            tokens.skipWhitespace()
            guard let next = tokens.current else {
                throw tokens.fail("expected ',' or '}'; found the end of the document")
            }
            switch next {
            case UInt8(ascii: ","):
                tokens.position += 1
                tokens.skipWhitespace()
            case UInt8(ascii: "}"):
                tokens.position += 1
                return .object(members)
            default:
                throw tokens.fail("expected ',' or '}' after an object member; found \(tokens.describeCurrent())")
            }
        }
    }

    /// Up to how many members an object's names are checked for duplicates by a scan.
    private static let scannedMembers = 8

    private mutating func readArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        try enter(depth: depth)
        var items: [JSONValue] = []
        if tokens.current == UInt8(ascii: "]") {
            tokens.position += 1
            return .array(items)
        }
        while true {
            items.append(try readValue(depth: depth))
            tokens.skipWhitespace()
            guard let next = tokens.current else {
                throw tokens.fail("expected ',' or ']'; found the end of the document")
            }
            switch next {
            case UInt8(ascii: ","):
                tokens.position += 1
                tokens.skipWhitespace()
            case UInt8(ascii: "]"):
                tokens.position += 1
                return .array(items)
            default:
                throw tokens.fail("expected ',' or ']' after an array item; found \(tokens.describeCurrent())")
            }
        }
    }
}
