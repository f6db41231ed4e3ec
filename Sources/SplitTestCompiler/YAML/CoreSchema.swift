/// A scalar's value under the YAML 1.2 core schema, the only schema definitions use: `yes`, `no`,
/// `on` and `off` are strings, and so is every quoted scalar.
enum ScalarValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)

    /// The number the value stands for, if it is one.
    var number: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }
}

/// The YAML 1.2 core schema's resolution of plain scalars, written out by hand over UTF-8 so that
/// it costs one pass over the scalar's bytes, and a `String` only for what stays text.
enum CoreSchema {
    /// Whether a plain scalar is a null (`~`, `null`, `Null`, `NULL`, or nothing at all).
    static func isNull(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch bytes.count {
        case 0: return true
        case 1: return bytes[0] == UInt8(ascii: "~")
        case 4: return matches(bytes, "null") || matches(bytes, "Null") || matches(bytes, "NULL")
        default: return false
        }
    }

    /// The value of a plain scalar written `text`.
    static func resolvePlain(_ text: String) -> ScalarValue {
        text.withUTF8Bytes(resolvePlain)
    }

    /// The value of a plain scalar whose UTF-8 is `bytes`.
    static func resolvePlain(_ bytes: UnsafeBufferPointer<UInt8>) -> ScalarValue {
        guard !bytes.isEmpty else { return .null }
        let first = bytes[0]
        // Most plain scalars are names; only these first letters can start a keyword or a number.
        switch first {
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"),
            UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            break
        default:
            return .string(text(bytes))
        }
        // The keywords are 1, 4 or 5 bytes long and none starts with a digit; sparing numbers
        // and other words the comparisons with each keyword matters on thousands of values.
        if !isDigit(first) && (bytes.count == 1 || bytes.count == 4 || bytes.count == 5) {
            if let keyword = keywordValue(bytes) { return keyword }
        }
        return resolveNumberOrString(bytes)
    }

    /// The keywords other than null, with their values.
    private static let keywords: [(word: StaticString, value: ScalarValue)] = [
        ("true", .bool(true)), ("True", .bool(true)), ("TRUE", .bool(true)),
        ("false", .bool(false)), ("False", .bool(false)), ("FALSE", .bool(false)),
        (".inf", .double(.infinity)), (".Inf", .double(.infinity)), (".INF", .double(.infinity)),
        ("+.inf", .double(.infinity)), ("+.Inf", .double(.infinity)), ("+.INF", .double(.infinity)),
        ("-.inf", .double(-.infinity)), ("-.Inf", .double(-.infinity)), ("-.INF", .double(-.infinity)),
        (".nan", .double(.nan)), (".NaN", .double(.nan)), (".NAN", .double(.nan)),
    ]

    private static func keywordValue(_ bytes: UnsafeBufferPointer<UInt8>) -> ScalarValue? {
        if isNull(bytes) { return .null }
        for keyword in keywords where matches(bytes, keyword.word) { return keyword.value }
        return nil
    }

    private static func resolveNumberOrString(_ bytes: UnsafeBufferPointer<UInt8>) -> ScalarValue {
        let first = bytes[0]
        guard first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".")
            || isDigit(first)
        else { return .string(text(bytes)) }
        if first == UInt8(ascii: "0"), bytes.count > 2 {
            let digits = text(UnsafeBufferPointer(rebasing: bytes[2...]))
            if bytes[1] == UInt8(ascii: "x"), let value = Int(digits, radix: 16) { return .int(value) }
            if bytes[1] == UInt8(ascii: "o"), let value = Int(digits, radix: 8) { return .int(value) }
        }
        switch numberShape(bytes) {
        case .integer:
            if let value = decimalInteger(bytes) { return .int(value) }
            // A decimal integer too large for Int stays exact as a Double rather than wrapping.
            let written = text(bytes)
            return Double(written).map(ScalarValue.double) ?? .string(written)
        case .float:
            let written = text(bytes)
            return Double(written).map(ScalarValue.double) ?? .string(written)
        case .notANumber:
            return .string(text(bytes))
        }
    }

    /// The value of bytes shaped `[-+]?[0-9]+`, or nil when it does not fit in an `Int`.
    private static func decimalInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let negative = bytes[0] == UInt8(ascii: "-")
        if negative || bytes[0] == UInt8(ascii: "+") { index = 1 }
        var value = 0
        while index < bytes.count {
            // Accumulated as a negative number, whose range holds Int.min.
            let (product, productOverflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, sumOverflow) = product.subtractingReportingOverflow(Int(bytes[index] &- UInt8(ascii: "0")))
            guard !productOverflow, !sumOverflow else { return nil }
            value = sum
            index += 1
        }
        if negative { return value }
        return value == .min ? nil : -value
    }

    private enum NumberShape { case integer, float, notANumber }

    /// Matches `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, the core schema's numbers.
    private static func numberShape(_ bytes: UnsafeBufferPointer<UInt8>) -> NumberShape {
        var index = 0
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        let integerStart = index
        while index < bytes.count && isDigit(bytes[index]) { index += 1 }
        let integerDigits = index - integerStart
        var isFloat = false
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            isFloat = true
            index += 1
            let fractionStart = index
            while index < bytes.count && isDigit(bytes[index]) { index += 1 }
            if integerDigits == 0 && index == fractionStart { return .notANumber }
        } else if integerDigits == 0 {
            return .notANumber
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            isFloat = true
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")) {
                index += 1
            }
            let exponentStart = index
            while index < bytes.count && isDigit(bytes[index]) { index += 1 }
            if index == exponentStart { return .notANumber }
        }
        guard index == bytes.count else { return .notANumber }
        return isFloat ? .float : .integer
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Whether `bytes` spell `word`.
    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        guard bytes.count == word.utf8CodeUnitCount else { return false }
        let expected = word.utf8Start
        var index = 0
        while index < bytes.count {
            guard bytes[index] == expected[index] else { return false }
            index += 1
        }
        return true
    }

    /// The bytes as text.
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
