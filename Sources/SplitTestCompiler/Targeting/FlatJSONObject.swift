/// A JSON object whose values are scalars, read strictly from untrusted bytes (a command line's
/// `--attributes`): no nesting, so no recursion; every string valid UTF-8; every problem a message.
///
/// Numbers keep the text they were written with, so that `5.10` stays the version `5.10`
/// rather than the number `5.1`.
struct FlatJSONObject: Sendable {
    /// One value of the object.
    enum Value: Sendable, Equatable {
        case string(String)
        /// A number, as written.
        case number(String)
        case bool(Bool)
        case null
    }

    /// What is wrong with the bytes.
    struct Failure: Error, Equatable {
        var message: String
    }

    /// The members, in the order written.
    private(set) var members: [(key: String, value: Value)] = []

    /// The most bytes read: attributes are a handful of short values.
    static let maximumByteCount = 65_536

    /// Reads `bytes` as one JSON object of scalar values.
    init(_ bytes: [UInt8]) throws(Failure) {
        guard bytes.count <= Self.maximumByteCount else {
            throw Failure(message: "the JSON is \(bytes.count) bytes; at most \(Self.maximumByteCount) are read")
        }
        var reader = Reader(bytes: bytes)
        reader.skipSpace()
        guard reader.take(UInt8(ascii: "{")) else {
            throw Failure(message: "expected a JSON object such as {\"plan\": \"pro\"} at \(reader.place)")
        }
        reader.skipSpace()
        var seen = Set<String>()
        if !reader.take(UInt8(ascii: "}")) {
            while true {
                reader.skipSpace()
                let keyPlace = reader.place
                guard reader.peek == UInt8(ascii: "\"") else {
                    throw Failure(message: "expected an attribute name in quotes at \(reader.place)")
                }
                let key = try reader.string()
                guard seen.insert(key).inserted else {
                    throw Failure(message: "attribute '\(key)' is given twice (at \(keyPlace))")
                }
                reader.skipSpace()
                guard reader.take(UInt8(ascii: ":")) else {
                    throw Failure(message: "expected ':' after \"\(key)\" at \(reader.place)")
                }
                reader.skipSpace()
                members.append((key, try reader.value(for: key)))
                reader.skipSpace()
                if reader.take(UInt8(ascii: ",")) { continue }
                if reader.take(UInt8(ascii: "}")) { break }
                throw Failure(message: "expected ',' or '}' at \(reader.place)")
            }
        }
        reader.skipSpace()
        guard reader.isAtEnd else {
            throw Failure(message: "unexpected text after the object at \(reader.place)")
        }
    }

    /// A cursor over the bytes.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var isAtEnd: Bool { index >= bytes.count }
        var peek: UInt8? { isAtEnd ? nil : bytes[index] }
        /// "character N", 1-based, for messages.
        var place: String { isAtEnd ? "the end" : "character \(index + 1)" }

        mutating func skipSpace() {
            while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            index += 1
            return true
        }

        mutating func value(for key: String) throws(Failure) -> Value {
            guard let byte = peek else { throw Failure(message: "expected the value of '\(key)' at the end") }
            switch byte {
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                throw Failure(message: "the value of '\(key)' must be a string, a number, true, false or null, not a list or an object")
            default:
                throw Failure(message: "expected the value of '\(key)' at \(place)")
            }
        }

        private mutating func literal(_ word: StaticString, _ value: Value) throws(Failure) -> Value {
            let start = place
            let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            for byte in expected {
                guard take(byte) else { throw Failure(message: "unexpected text at \(start)") }
            }
            return value
        }

        /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, as written.
        private mutating func number() throws(Failure) -> String {
            let start = index
            let startPlace = place
            _ = take(UInt8(ascii: "-"))
            guard let first = peek, isDigit(first) else { throw Failure(message: "malformed number at \(startPlace)") }
            index += 1
            if first != UInt8(ascii: "0") { skipDigits() }
            if take(UInt8(ascii: ".")) {
                guard let digit = peek, isDigit(digit) else { throw Failure(message: "malformed number at \(startPlace)") }
                skipDigits()
            }
            if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
                if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
                guard let digit = peek, isDigit(digit) else { throw Failure(message: "malformed number at \(startPlace)") }
                skipDigits()
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        private mutating func skipDigits() {
            while let byte = peek, isDigit(byte) { index += 1 }
        }

        private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

        /// A string in quotes, with its escapes; the cursor is on the opening quote.
        mutating func string() throws(Failure) -> String {
            let startPlace = place
            index += 1
            var utf8: [UInt8] = []
            while true {
                guard let byte = peek else { throw Failure(message: "unterminated string from \(startPlace)") }
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    guard let text = String(validating: utf8, as: UTF8.self) else {
                        throw Failure(message: "the string at \(startPlace) is not valid UTF-8")
                    }
                    return text
                case UInt8(ascii: "\\"):
                    try escape(into: &utf8)
                case 0..<0x20:
                    throw Failure(message: "a control character in the string at \(startPlace); escape it")
                default:
                    utf8.append(byte)
                }
            }
        }

        private mutating func escape(into utf8: inout [UInt8]) throws(Failure) {
            let escapePlace = "character \(index)"
            guard let byte = peek else { throw Failure(message: "unterminated escape at \(escapePlace)") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4(escapePlace)
                if (0xD800..<0xDC00).contains(scalar) {
                    guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")) else {
                        throw Failure(message: "a lone surrogate in the escape at \(escapePlace)")
                    }
                    let low = try hex4(escapePlace)
                    guard (0xDC00..<0xE000).contains(low) else {
                        throw Failure(message: "a lone surrogate in the escape at \(escapePlace)")
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let unicode = Unicode.Scalar(scalar) else {
                    throw Failure(message: "a lone surrogate in the escape at \(escapePlace)")
                }
                utf8.append(contentsOf: String(Character(unicode)).utf8)
            default:
                throw Failure(message: "unknown escape at \(escapePlace)")
            }
        }

        private mutating func hex4(_ escapePlace: String) throws(Failure) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let byte = peek else { throw Failure(message: "unterminated escape at \(escapePlace)") }
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw Failure(message: "malformed \\u escape at \(escapePlace)")
                }
                value = value * 16 + digit
                index += 1
            }
            return value
        }
    }
}
