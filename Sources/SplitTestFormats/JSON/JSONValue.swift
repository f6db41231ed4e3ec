/// A JSON value as the package's documents hold it: control documents and their payloads, the
/// attributes of `splitc assign --attributes`, the JSON Schema of the definition language.
///
/// Objects keep their members in the order written (a reader rejects a name given twice), and
/// numbers keep the text they were written with, so that `traffic: 12.34` becomes 1,234 buckets
/// exactly and `5.10` stays the version `5.10`; `true` is never `1`. Not `indirect`: objects and
/// arrays already hold their members in array buffers, so a leaf costs no box of its own.
package enum JSONValue: Sendable, Hashable {
    /// An object's members in order.
    case object([Member])
    case array([JSONValue])
    case string(String)
    /// A number's text, valid by the JSON grammar.
    case number(String)
    case bool(Bool)
    case null

    /// One member of an object.
    package struct Member: Sendable, Hashable {
        package var key: String
        package var value: JSONValue

        package init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// A one-word description for messages: "an object", "a string", "the number 3".
    package var kindDescription: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number(let text): "the number \(text.count <= 24 ? text : text.prefix(21) + "...")"
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        }
    }

    /// The value of the member `key` of an object, found by a scan (the objects read here are small).
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// A number written as a whole number in `Int`'s range (`1`, `1.0` and `1e0` are 1).
    package var integerValue: Int? {
        guard case .number(let text) = self else { return nil }
        if let exact = Int(text) { return exact }
        guard let double = Double(text), double.isFinite, double == double.rounded(), abs(double) < 9.0e15 else {
            return nil
        }
        return Int(double)
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .number(String(value)) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// Dictionary literal syntax, but the members stay in the order written.
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { Member(key: $0.0, value: $0.1) })
    }

    /// An object of `pairs`, in that order.
    package static func object(pairs: [(String, JSONValue)]) -> JSONValue {
        .object(pairs.map { Member(key: $0.0, value: $0.1) })
    }

    /// A number from a `Double`, written as an integer when it is one (`3`, `0.25`, `1e+20`);
    /// `null` when absent or not finite, which JSON cannot write.
    package static func number(_ value: Double?) -> JSONValue {
        guard let value, value.isFinite else { return .null }
        return .number(value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : value.description)
    }

    /// A whole number.
    package static func integer(_ value: Int) -> JSONValue { .number(String(value)) }

    /// The text Foundation's JSON encoders write for a finite `value`: its shortest description,
    /// without a trailing `.0` (`100`, `0.25`, `1e+20`, `-0`).
    package static func foundationText(of value: Double) -> String {
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
