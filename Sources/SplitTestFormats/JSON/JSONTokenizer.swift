/// The one JSON tokenizer of the package: whitespace, strings, numbers, literals and whole values
/// are scanned here and nowhere else, for both of its front ends: the tree of a document
/// (``JSONValue/init(parsing:)``) and the field-picking scan of an event line (``EventLine``).
///
/// It reads borrowed bytes in place (the caller keeps them alive while it reads) and allocates
/// nothing of its own: a string is a range of the bytes until someone asks for its text.
/// Every scan either consumes one construct or throws a ``JSONSyntaxError`` at the byte where it
/// failed; nothing traps, whatever the bytes.
package struct JSONTokenizer {
    /// The bytes read.
    package let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next byte to read.
    package var position = 0

    /// A tokenizer at the start of `bytes`, which must stay valid while it is used.
    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The byte at ``position``, or `nil` at the end.
    @inline(__always)
    package var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// An error at ``position``.
    package func fail(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: position, reason: reason)
    }

    /// The byte at ``position`` as messages show it: `'x'`, `byte 0x0A` or the end of the document.
    package func describeCurrent() -> String {
        guard position < bytes.count else { return "the end of the document" }
        let byte = bytes[position]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    @inline(__always)
    package mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// Consumes the `:` after a member's name and the whitespace around it.
    package mutating func skipNameSeparator() throws(JSONSyntaxError) {
        skipWhitespace()
        guard current == UInt8(ascii: ":") else {
            throw fail("expected ':' after a member name; found \(describeCurrent())")
        }
        position += 1
        skipWhitespace()
    }

    // MARK: Strings

    /// A string as scanned: the bytes between its quotes, and whether they hold escapes.
    package struct StringToken {
        /// The offsets of the bytes between the quotes.
        package var content: Range<Int>
        /// Whether ``content`` holds a backslash escape (so its text differs from its bytes).
        package var hasEscapes: Bool
    }

    /// Scans a string from its opening quote (at ``position``) past its closing one: control
    /// characters and malformed escapes are errors, and so are bytes that are not UTF-8 when
    /// `checkingUTF8` (each run between escapes is checked when the escape or the closing quote
    /// is reached, so the first problem in reading order is the one reported).
    package mutating func scanString(checkingUTF8: Bool) throws(JSONSyntaxError) -> StringToken {
        position += 1
        let start = position
        var runStart = position
        var hasEscapes = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                if checkingUTF8 { try checkUTF8(runStart..<position) }
                position += 1
                return StringToken(content: start..<position - 1, hasEscapes: hasEscapes)
            }
            if byte == UInt8(ascii: "\\") {
                if checkingUTF8 { try checkUTF8(runStart..<position) }
                _ = try scanEscape()
                hasEscapes = true
                runStart = position
                continue
            }
            if byte < 0x20 {
                throw fail("a string holds a control character (byte 0x\(String(byte, radix: 16, uppercase: true))); escape it")
            }
            position += 1
        }
        throw fail("a string is not closed before the end of the document")
    }

    /// The text of a scanned string, escapes decoded; bytes that are not UTF-8 (only possible
    /// when it was scanned without checking) become U+FFFD.
    package func text(of token: StringToken) -> String {
        let raw = UnsafeBufferPointer(rebasing: bytes[token.content])
        guard token.hasEscapes else { return String(decoding: raw, as: UTF8.self) }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(raw.count)
        var escapes = JSONTokenizer(raw)
        while let byte = escapes.current {
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                escapes.position += 1
                continue
            }
            // Scanned before, so it cannot fail.
            guard let scalar = try? escapes.scanEscape() else { break }
            UTF8.encode(scalar) { utf8.append($0) }
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Whether a scanned string's bytes are exactly `name` (escapes not decoded: a name is
    /// compared as written, without building a string).
    @inline(__always)
    package func bytes(of token: StringToken, equal name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard token.content.count == name.count else { return false }
        var offset = 0
        while offset < name.count {
            guard bytes[token.content.lowerBound + offset] == name[offset] else { return false }
            offset += 1
        }
        return true
    }

    /// Checks that the bytes of `run` are UTF-8.
    private func checkUTF8(_ run: Range<Int>) throws(JSONSyntaxError) {
        let slice = UnsafeBufferPointer(rebasing: bytes[run])
        guard !slice.allSatisfy({ $0 < 0x80 }) else { return }
        // Decoding replaces what is not UTF-8, so the text's bytes differ exactly when it is not.
        guard String(decoding: slice, as: UTF8.self).utf8.elementsEqual(slice) else {
            throw JSONSyntaxError(offset: run.lowerBound, reason: "a string holds bytes that are not UTF-8")
        }
    }

    /// One escape from its backslash.
    private mutating func scanEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
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
            let first = try scanHex4()
            if (0xD800..<0xDC00).contains(first) {
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                else { throw fail("a \\u escape of a high surrogate is not followed by its low surrogate") }
                position += 2
                let second = try scanHex4()
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

    private mutating func scanHex4() throws(JSONSyntaxError) -> UInt32 {
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

    // MARK: Numbers and literals

    /// Scans a number from its first byte, checked against the grammar
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`; returns the offsets of its text.
    package mutating func scanNumber() throws(JSONSyntaxError) -> Range<Int> {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard isDigit(position) else { throw fail("a number needs a digit after '-'") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            guard !isDigit(position) else { throw fail("a number must not start with 0 followed by digits") }
        } else {
            skipDigits()
        }
        if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard skipDigits() > 0 else { throw fail("a number needs a digit after '.'") }
        }
        if position < bytes.count && (bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E")) {
            position += 1
            if position < bytes.count && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")) {
                position += 1
            }
            guard skipDigits() > 0 else { throw fail("a number needs a digit in its exponent") }
        }
        return start..<position
    }

    @inline(__always)
    private func isDigit(_ index: Int) -> Bool {
        index < bytes.count && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")
    }

    @discardableResult
    private mutating func skipDigits() -> Int {
        let from = position
        while isDigit(position) { position += 1 }
        return position - from
    }

    /// The value of a scanned number, as `Double` reads its text (infinite when out of range).
    package func double(of number: Range<Int>) -> Double {
        // Most numbers of event files are short: an integer or a decimal fraction of at most 15
        // digits is its digits (exact in a Double) divided by a power of ten (exact up to 10^22),
        // and one correctly rounded division gives the correctly rounded value, as `Double(_:)`
        // does. Anything else is read by `Double(_:)` itself.
        var digits = 0
        var count = 0
        var fractionDigits = 0
        var inFraction = false
        var index = number.lowerBound
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        while index < number.upperBound, count <= 15 {
            let byte = bytes[index]
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                digits = digits * 10 + Int(byte - UInt8(ascii: "0"))
                count += 1
                if inFraction { fractionDigits += 1 }
            } else if byte == UInt8(ascii: "."), !inFraction {
                inFraction = true
            } else {
                break
            }
            index += 1
        }
        if index == number.upperBound, count <= 15 {
            let magnitude = Double(digits) / Self.powersOfTen[fractionDigits]
            return negative ? -magnitude : magnitude
        }
        return Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[number]), as: UTF8.self)) ?? .nan
    }

    /// 10^0 through 10^15, each exact in a Double.
    private static let powersOfTen: [Double] = (0...15).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }

    /// A literal's value: `true`, `false` or `null` (nil), scanned from its first byte.
    package mutating func scanLiteral() throws(JSONSyntaxError) -> Bool? {
        switch current {
        case UInt8(ascii: "t"): try scanWord("true"); return true
        case UInt8(ascii: "f"): try scanWord("false"); return false
        default: try scanWord("null"); return nil
        }
    }

    private mutating func scanWord(_ word: StaticString) throws(JSONSyntaxError) {
        let start = position
        let length = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { expected in
            bytes.count - start >= length && bytes[start..<start + length].elementsEqual(expected)
        }
        guard matches else { throw fail("expected a value; found \(describeCurrent())") }
        position += length
    }

    // MARK: Skipping

    /// Scans one whole value from ``position`` without keeping it: strings, numbers and literals
    /// as above, arrays and objects checked member by member (with `allowingTrailingCommas`, a
    /// comma may end them, as Foundation's reader allowed in the files it read). Nesting is
    /// tracked on a stack of bits, not by recursion, so no depth of nesting exhausts the stack.
    package mutating func skipValue(allowingTrailingCommas: Bool = false) throws(JSONSyntaxError) {
        var open = OpenContainers()
        while true {
            // A value starts here.
            guard let byte = current else { throw fail("expected a value; found the end of the document") }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = byte == UInt8(ascii: "{")
                position += 1
                skipWhitespace()
                if current == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    position += 1
                } else {
                    open.push(object: isObject)
                    if isObject { try skipMemberName() }
                    continue
                }
            case UInt8(ascii: "\""): _ = try scanString(checkingUTF8: false)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try scanNumber()
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): _ = try scanLiteral()
            default: throw fail("expected a value; found \(describeCurrent())")
            }
            // A value ended: close what it ends, until another value must follow.
            while let isObject = open.innermostIsObject {
                skipWhitespace()
                guard let next = current else {
                    throw fail("expected ',' or '\(isObject ? "}" : "]")'; found the end of the document")
                }
                if next == UInt8(ascii: ",") {
                    position += 1
                    skipWhitespace()
                    if allowingTrailingCommas, current == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        position += 1
                        open.pop()
                        continue
                    }
                    if isObject { try skipMemberName() }
                    break
                }
                guard next == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw fail(
                        isObject
                            ? "expected ',' or '}' after an object member; found \(describeCurrent())"
                            : "expected ',' or ']' after an array item; found \(describeCurrent())")
                }
                position += 1
                open.pop()
            }
            if open.isEmpty { return }
        }
    }

    /// Scans `"name" :` and the whitespace after it.
    package mutating func skipMemberName() throws(JSONSyntaxError) {
        guard current == UInt8(ascii: "\"") else {
            throw fail("expected a member name in quotes; found \(describeCurrent())")
        }
        _ = try scanString(checkingUTF8: false)
        try skipNameSeparator()
    }
}

/// The kinds of the arrays and objects a skip is inside, innermost last: 64 levels in a word,
/// deeper ones (only hostile input nests so) in an array.
private struct OpenContainers {
    private var bits: UInt64 = 0
    private var count = 0
    private var deeper: [Bool] = []

    var isEmpty: Bool { count == 0 }

    var innermostIsObject: Bool? {
        guard count > 0 else { return nil }
        if count > 64 { return deeper[count - 65] }
        return bits & (1 << UInt64(count - 1)) != 0
    }

    mutating func push(object: Bool) {
        if count >= 64 {
            deeper.append(object)
        } else if object {
            bits |= 1 << UInt64(count)
        } else {
            bits &= ~(1 << UInt64(count))
        }
        count += 1
    }

    mutating func pop() {
        count -= 1
        if count >= 64 { deeper.removeLast() }
    }
}
