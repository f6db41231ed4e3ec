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
        var reader = Reader(bytes: bytes)
        reader.skipWhitespace()
        let value = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        guard reader.position == bytes.count else {
            throw JSONSyntaxError(offset: reader.position, reason: "unexpected \(reader.describeCurrent()) after the JSON value")
        }
        self = value
    }
}

/// A cursor over the bytes; each `read` consumes one construct or throws where it fails.
private struct Reader {
    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func fail(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: position, reason: reason)
    }

    func describeCurrent() -> String {
        guard position < bytes.count else { return "the end of the document" }
        let byte = bytes[position]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    mutating func readValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard position < bytes.count else { throw fail("expected a value; found the end of the document") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try readObject(depth: depth + 1)
        case UInt8(ascii: "["): return try readArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): try readLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try readLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try readLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readNumber())
        default: throw fail("expected a value; found \(describeCurrent())")
        }
    }

    private mutating func readLiteral(_ word: StaticString) throws(JSONSyntaxError) {
        let start = position
        let length = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { expected in
            bytes.count - start >= length && bytes[start..<start + length].elementsEqual(expected)
        }
        guard matches else { throw fail("expected a value; found \(describeCurrent())") }
        position += length
    }

    private mutating func enter(depth: Int) throws(JSONSyntaxError) {
        guard depth <= JSONValue.maximumDepth else {
            throw fail("arrays and objects nest more than \(JSONValue.maximumDepth) levels deep")
        }
        position += 1
        skipWhitespace()
    }

    private mutating func readObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        try enter(depth: depth)
        var members: [JSONValue.Member] = []
        // Duplicates are found by a scan while the object is small (every object of a payload
        // but `experiments`), and through a set, made when first needed, once it is not.
        var keys: Set<String>?
        if position < bytes.count && bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw fail("expected a member name in quotes; found \(describeCurrent())")
            }
            let keyStart = position
            let key = try readString()
            let duplicate: Bool
            if members.count < Self.scannedMembers {
                duplicate = members.contains { $0.key == key }
            } else {
                if keys == nil { keys = Set(members.map(\.key)) }
                duplicate = !keys!.insert(key).inserted
            }
            guard !duplicate else {
                throw JSONSyntaxError(offset: keyStart, reason: "duplicate member \"\(Self.shown(key))\"")
            }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw fail("expected ':' after a member name; found \(describeCurrent())")
            }
            position += 1
            skipWhitespace()
            let value = try readValue(depth: depth)
            members.append(JSONValue.Member(key: key, value: value))
            skipWhitespace()
            guard position < bytes.count else { throw fail("expected ',' or '}'; found the end of the document") }
            switch bytes[position] {
            case UInt8(ascii: ","):
                position += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                position += 1
                return .object(members)
            default:
                throw fail("expected ',' or '}' after an object member; found \(describeCurrent())")
            }
        }
    }

    /// Up to how many members an object's names are checked for duplicates by a scan.
    private static let scannedMembers = 8

    private mutating func readArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        try enter(depth: depth)
        var items: [JSONValue] = []
        if position < bytes.count && bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(items)
        }
        while true {
            items.append(try readValue(depth: depth))
            skipWhitespace()
            guard position < bytes.count else { throw fail("expected ',' or ']'; found the end of the document") }
            switch bytes[position] {
            case UInt8(ascii: ","):
                position += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                position += 1
                return .array(items)
            default:
                throw fail("expected ',' or ']' after an array item; found \(describeCurrent())")
            }
        }
    }

    /// A string from its opening quote: escapes decoded, UTF-8 checked. A string without escapes
    /// (every name and value of a payload, in practice) is made from its bytes in one step.
    private mutating func readString() throws(JSONSyntaxError) -> String {
        position += 1
        var runStart = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "\\") {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = try Self.text(of: bytes[runStart..<position], at: runStart)
                position += 1
                return text
            }
            if byte < 0x20 {
                throw fail("a string holds a control character (byte 0x\(String(byte, radix: 16, uppercase: true))); escape it")
            }
            position += 1
        }
        guard position < bytes.count else { throw fail("a string is not closed before the end of the document") }
        // An escape: the string is gathered as UTF-8, each run between escapes checked on its own.
        var utf8: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                try Self.check(bytes[runStart..<position], at: runStart)
                utf8.append(contentsOf: bytes[runStart..<position])
                position += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try Self.check(bytes[runStart..<position], at: runStart)
                utf8.append(contentsOf: bytes[runStart..<position])
                UTF8.encode(try readEscape()) { utf8.append($0) }
                runStart = position
            case 0x00..<0x20:
                throw fail("a string holds a control character (byte 0x\(String(byte, radix: 16, uppercase: true))); escape it")
            default:
                position += 1
            }
        }
        throw fail("a string is not closed before the end of the document")
    }

    /// The text of `run`, which must be UTF-8.
    private static func text(of run: ArraySlice<UInt8>, at offset: Int) throws(JSONSyntaxError) -> String {
        let text = String(decoding: run, as: UTF8.self)
        // Decoding replaces what is not UTF-8; ASCII never needs it.
        guard run.allSatisfy({ $0 < 0x80 }) || text.utf8.elementsEqual(run) else {
            throw JSONSyntaxError(offset: offset, reason: "a string holds bytes that are not UTF-8")
        }
        return text
    }

    /// Checks that `run` is UTF-8.
    private static func check(_ run: ArraySlice<UInt8>, at offset: Int) throws(JSONSyntaxError) {
        guard !run.allSatisfy({ $0 < 0x80 }) else { return }
        _ = try text(of: run, at: offset)
    }

    /// One escape from its backslash.
    private mutating func readEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        position += 1
        guard position < bytes.count else { throw fail("a string is not closed before the end of the document") }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try readHex4()
            if (0xD800..<0xDC00).contains(first) {
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                else { throw fail("a \\u escape of a high surrogate is not followed by its low surrogate") }
                position += 2
                let second = try readHex4()
                guard (0xDC00..<0xE000).contains(second) else {
                    throw fail("a \\u escape of a high surrogate is not followed by its low surrogate")
                }
                let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                return Unicode.Scalar(value) ?? "\u{FFFD}"
            }
            guard let scalar = Unicode.Scalar(first) else {
                throw fail("a \\u escape is a lone low surrogate")
            }
            return scalar
        default:
            position -= 1
            throw fail("unknown escape '\\\(describeCurrent())' in a string")
        }
    }

    private mutating func readHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count, let digit = Self.hexValue(bytes[position]) else {
                throw fail("a \\u escape needs four hexadecimal digits")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// A number's text, checked against the grammar `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func readNumber() throws(JSONSyntaxError) -> String {
        let start = position
        func isDigit(_ index: Int) -> Bool {
            index < bytes.count && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")
        }
        func digits() -> Int {
            let from = position
            while isDigit(position) { position += 1 }
            return position - from
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard isDigit(position) else { throw fail("a number needs a digit after '-'") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            guard !isDigit(position) else { throw fail("a number must not start with 0 followed by digits") }
        } else {
            _ = digits()
        }
        if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw fail("a number needs a digit after '.'") }
        }
        if position < bytes.count && (bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E")) {
            position += 1
            if position < bytes.count && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")) {
                position += 1
            }
            guard digits() > 0 else { throw fail("a number needs a digit in its exponent") }
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    static func shown(_ text: String) -> String {
        text.count <= 40 ? text : text.prefix(37) + "..."
    }
}
