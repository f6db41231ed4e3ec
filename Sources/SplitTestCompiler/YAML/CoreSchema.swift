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
/// it costs one pass over the scalar's bytes.
enum CoreSchema {
    /// Whether a plain scalar is a null (`~`, `null`, `Null`, `NULL`, or nothing at all).
    static func isNull(_ text: String) -> Bool {
        guard let first = text.utf8.first else { return true }
        guard first == UInt8(ascii: "~") || first == UInt8(ascii: "n") || first == UInt8(ascii: "N") else {
            return false
        }
        let length = text.utf8.count
        guard length == 1 || length == 4 else { return false }
        return text == "~" || text == "null" || text == "Null" || text == "NULL"
    }

    /// The value of `node` when it is a scalar; nil for a mapping or a sequence.
    static func value(of node: YAMLNode) -> ScalarValue? {
        guard case .scalar(let text, let isPlain) = node.content else { return nil }
        return isPlain ? resolvePlain(text) : .string(text)
    }

    /// The value of a plain scalar.
    static func resolvePlain(_ text: String) -> ScalarValue {
        guard let first = text.utf8.first else { return .null }
        // Most plain scalars are names; only these first letters can start a keyword or a number.
        switch first {
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"),
            UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            break
        default:
            return .string(text)
        }
        // The keywords are 1, 4 or 5 bytes long and none starts with a digit; sparing numbers
        // and other words the comparisons with each keyword matters on thousands of values.
        let length = text.utf8.count
        if !isDigit(first) && (length == 1 || length == 4 || length == 5) {
            if let keyword = keywordValue(text) { return keyword }
        }
        return resolveNumberOrString(text)
    }

    private static func keywordValue(_ text: String) -> ScalarValue? {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .double(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .double(-.infinity)
        case ".nan", ".NaN", ".NAN": return .double(.nan)
        default: return nil
        }
    }

    private static func resolveNumberOrString(_ text: String) -> ScalarValue {
        let utf8 = text.utf8
        guard let first = utf8.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
            || first == UInt8(ascii: ".") || isDigit(first)
        else { return .string(text) }
        if first == UInt8(ascii: "0"), utf8.count > 2 {
            let marker = utf8[utf8.index(after: utf8.startIndex)]
            if marker == UInt8(ascii: "x"), let value = Int(text.dropFirst(2), radix: 16) {
                return .int(value)
            }
            if marker == UInt8(ascii: "o"), let value = Int(text.dropFirst(2), radix: 8) {
                return .int(value)
            }
        }
        var contiguous = text
        let shape = contiguous.withUTF8 { numberShape($0) }
        switch shape {
        case .integer:
            // A decimal integer too large for Int stays exact as a Double rather than wrapping.
            if let value = Int(text) { return .int(value) }
            return Double(text).map(ScalarValue.double) ?? .string(text)
        case .float:
            return Double(text).map(ScalarValue.double) ?? .string(text)
        case .notANumber:
            return .string(text)
        }
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
}
