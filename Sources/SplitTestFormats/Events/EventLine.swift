/// One line of an event file, both ways: ``encode(date:event:properties:user:)`` writes the line
/// the runtime's JSON-lines provider appends, and ``decode(_:)`` reads the fields the readout
/// needs from such a line (or from a flat export with the properties beside `event` and `date`)
/// through the field-picking front end of ``JSONTokenizer``.
///
/// A line is `{"date":…,"event":…,"properties":{…},"user":…}`, compact, its members and
/// properties sorted by the UTF-8 bytes of their names, dates ISO 8601 in UTC in whole seconds,
/// and numbers that are not finite written as the strings `"inf"`, `"-inf"` and `"nan"`: the
/// bytes Foundation's `JSONEncoder` wrote for it with sorted keys and unescaped slashes.
package enum EventLine {
    /// A property's value as a line holds it.
    package enum Value: Sendable, Hashable {
        case string(String)
        case int(Int)
        case double(Double)
        case bool(Bool)
    }

    /// The line for an event, without its newline. `date` is in seconds since 1970.
    package static func encode(date: Double, event: String, properties: [String: Value], user: String?) -> [UInt8] {
        var members: [JSONValue.Member] = [
            .init(key: EventVocabulary.Field.date, value: .string(EventDate.text(secondsSince1970: date))),
            .init(key: EventVocabulary.Field.event, value: .string(event)),
            .init(key: EventVocabulary.Field.properties, value: .object(properties.map { .init(key: $0.key, value: json($0.value)) })),
        ]
        if let user { members.append(.init(key: EventVocabulary.Field.user, value: .string(user))) }
        return JSONValue.object(members).bytes(style: .foundationCompact)
    }

    private static func json(_ value: Value) -> JSONValue {
        switch value {
        case .string(let text): .string(text)
        case .int(let number): .number(String(number))
        case .bool(let flag): .bool(flag)
        case .double(let number):
            if number.isNaN { .string("nan") } else if number.isInfinite { .string(number < 0 ? "-inf" : "inf") } else {
                .number(JSONValue.foundationText(of: number))
            }
        }
    }

    // MARK: Reading

    /// What the readout reads of a line.
    package struct Fields: Sendable, Hashable {
        /// `event`.
        package var event = ""
        /// `date`, in seconds since 1970.
        package var date: Double = 0
        package var experiment: String?
        package var group: String?
        package var unit: String?
        package var goal: String?
        /// `value`, when a finite number.
        package var value: Double?
        /// Whether `value` was present but not a finite number.
        package var valueIsInvalid = false
        package var device: String?
        /// `user` among the properties, or else the line's own `user`.
        package var user: String?
        package var holdout: String?
        /// `period`, when a whole number from 0 to 2³¹ − 1.
        package var period: Int?
        /// Whether `period` was present but not such a number.
        package var periodIsInvalid = false
        /// With `collectingProperties`, every property in the order written except `device`
        /// and `user` (which ``device`` and ``user`` hold): the typed properties of an app's own
        /// events, and the dimensions an exposure carries.
        package var properties: [Property] = []

        package init() {}
    }

    /// One property of a line as written; `value` is `nil` for JSON null, an array or an object.
    /// A number is always a ``Value/double(_:)``.
    package struct Property: Sendable, Hashable {
        package var name: String
        package var value: Value?

        package init(name: String, value: Value?) {
            self.name = name
            self.value = value
        }
    }

    /// Why a line could not be read.
    package enum Problem: Error, Sendable, Hashable {
        /// Not a JSON object, or not well-formed; the message says where.
        case malformed(String)
        /// Well-formed, but without `event` or a readable `date` (one from 1970 to 2100).
        case missingField(String)
    }

    /// The fields of `line` (without its newline). Properties the readout does not read are
    /// skipped without building strings, and nesting is skipped without recursion, so a line
    /// costs no allocation beyond the strings it yields and no line can exhaust the stack.
    ///
    /// With `collectingProperties`, the line's other properties are kept too (see
    /// ``Fields/properties``), at the cost of a string per name; without, they are skipped.
    package static func decode(_ line: UnsafeBufferPointer<UInt8>, collectingProperties: Bool = false) -> Result<Fields, Problem> {
        var picker = FieldPicker(tokens: JSONTokenizer(line), collecting: collectingProperties)
        // One allocation for the few properties a line has, rather than one per growth.
        if collectingProperties { picker.fields.properties.reserveCapacity(4) }
        do {
            try picker.readLine()
        } catch let error as JSONSyntaxError {
            return .failure(.malformed("\(error.reason) (byte \(error.offset + 1))"))
        } catch let problem as Problem {
            return .failure(problem)
        } catch {
            return .failure(.malformed("unreadable"))
        }
        guard picker.sawEvent else { return .failure(.missingField("no \"\(EventVocabulary.Field.event)\"")) }
        guard picker.sawDate else { return .failure(.missingField("no readable \"\(EventVocabulary.Field.date)\"")) }
        if picker.fields.user == nil { picker.fields.user = picker.lineUser }
        return .success(picker.fields)
    }
}

/// The field-picking front end of the tokenizer: the members of a line's object (and of its
/// `properties`) are matched by the bytes of their names against the vocabulary; the values of
/// the ones read are kept, every other value is skipped.
private struct FieldPicker {
    var tokens: JSONTokenizer
    /// Whether the properties are collected into `fields.properties`.
    let collecting: Bool
    var fields = EventLine.Fields()
    var sawEvent = false
    var sawDate = false
    var lineUser: String?

    private enum Field { case event, date, properties, lineUser, experiment, group, unit, goal, value, device, user, holdout, period }

    private static let lineNames: [(name: [UInt8], field: Field)] = [
        (Array(EventVocabulary.Field.event.utf8), .event),
        (Array(EventVocabulary.Field.date.utf8), .date),
        (Array(EventVocabulary.Field.properties.utf8), .properties),
        (Array(EventVocabulary.Field.user.utf8), .lineUser),
    ]
    private static let propertyNames: [(name: [UInt8], field: Field)] = [
        (Array(EventVocabulary.Property.experiment.utf8), .experiment),
        (Array(EventVocabulary.Property.group.utf8), .group),
        (Array(EventVocabulary.Property.unit.utf8), .unit),
        (Array(EventVocabulary.Property.goal.utf8), .goal),
        (Array(EventVocabulary.Property.value.utf8), .value),
        (Array(EventVocabulary.Property.device.utf8), .device),
        (Array(EventVocabulary.Property.user.utf8), .user),
        (Array(EventVocabulary.Property.holdout.utf8), .holdout),
        (Array(EventVocabulary.Property.period.utf8), .period),
    ]

    mutating func readLine() throws {
        tokens.skipWhitespace()
        guard tokens.current == UInt8(ascii: "{") else {
            throw EventLine.Problem.malformed("a line must be a JSON object; found \(tokens.describeCurrent()) (byte \(tokens.position + 1))")
        }
        try readMembers(ofLine: true)
        tokens.skipWhitespace()
        guard tokens.position == tokens.bytes.count else {
            throw tokens.fail("unexpected \(tokens.describeCurrent()) after the JSON object")
        }
    }

    /// The members of an object whose `{` is at the cursor; a line's own members are matched
    /// against its fields and then the properties (a flat export), `properties`' only against
    /// the properties.
    private mutating func readMembers(ofLine: Bool) throws {
        tokens.position += 1
        tokens.skipWhitespace()
        if tokens.current == UInt8(ascii: "}") {
            tokens.position += 1
            return
        }
        while true {
            guard tokens.current == UInt8(ascii: "\"") else {
                throw tokens.fail("expected a member name in quotes; found \(tokens.describeCurrent())")
            }
            let name = try tokens.scanString(checkingUTF8: false)
            let lineField = ofLine ? find(name, in: Self.lineNames) : nil
            let field = lineField ?? find(name, in: Self.propertyNames)
            try tokens.skipNameSeparator()
            if collecting, lineField == nil, field != .device, field != .user {
                // A property: kept as written, and read into its field too when it has one.
                let start = tokens.position
                let value = try scalar()
                if let field {
                    tokens.position = start
                    try read(field)
                }
                fields.properties.append(EventLine.Property(name: tokens.text(of: name), value: value))
            } else if let field {
                try read(field)
            } else {
                try tokens.skipValue()
            }
            tokens.skipWhitespace()
            guard let next = tokens.current else { throw tokens.fail("expected ',' or '}'; found the end of the document") }
            tokens.position += 1
            if next == UInt8(ascii: "}") { return }
            guard next == UInt8(ascii: ",") else {
                tokens.position -= 1
                throw tokens.fail("expected ',' or '}' after an object member; found \(tokens.describeCurrent())")
            }
            tokens.skipWhitespace()
        }
    }

    private func find(_ name: JSONTokenizer.StringToken, in names: [(name: [UInt8], field: Field)]) -> Field? {
        for candidate in names {
            let matches = candidate.name.withUnsafeBufferPointer { tokens.bytes(of: name, equal: $0) }
            if matches { return candidate.field }
        }
        return nil
    }

    /// The value at the cursor as a property's: a string, a number or a Boolean; `nil` for null,
    /// an array or an object, which is skipped.
    private mutating func scalar() throws -> EventLine.Value? {
        guard let first = tokens.current else { throw tokens.fail("expected a value; found the end of the document") }
        switch first {
        case UInt8(ascii: "\""):
            return .string(tokens.text(of: try tokens.scanString(checkingUTF8: false)))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .double(tokens.double(of: try tokens.scanNumber()))
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            try tokens.skipValue()
            return .bool(first == UInt8(ascii: "t"))
        default:
            try tokens.skipValue()
            return nil
        }
    }

    /// The value of a member the readout reads.
    private mutating func read(_ field: Field) throws {
        guard let first = tokens.current else { throw tokens.fail("expected a value; found the end of the document") }
        switch first {
        case UInt8(ascii: "\""):
            let token = try tokens.scanString(checkingUTF8: false)
            switch field {
            case .date:
                guard let time = EventDate.parse(UnsafeBufferPointer(rebasing: tokens.bytes[token.content])) else {
                    throw EventLine.Problem.missingField(
                        "\"\(EventVocabulary.Field.date)\" is not an ISO 8601 time: \(tokens.text(of: token))")
                }
                // The year is checked on the bytes: a string is made only for the message.
                if !EventDate.hasEventYear(UnsafeBufferPointer(rebasing: tokens.bytes[token.content])),
                    let problem = EventDate.problem(withWrittenDate: tokens.text(of: token))
                {
                    throw EventLine.Problem.missingField(problem)
                }
                fields.date = time
                sawDate = true
            case .properties: break
            case .value: fields.valueIsInvalid = true
            case .period: fields.periodIsInvalid = true
            case .event:
                fields.event = tokens.text(of: token)
                sawEvent = true
            case .lineUser: lineUser = tokens.text(of: token)
            case .experiment: fields.experiment = tokens.text(of: token)
            case .group: fields.group = tokens.text(of: token)
            case .unit: fields.unit = tokens.text(of: token)
            case .goal: fields.goal = tokens.text(of: token)
            case .device: fields.device = tokens.text(of: token)
            case .user: fields.user = tokens.text(of: token)
            case .holdout: fields.holdout = tokens.text(of: token)
            }
        case UInt8(ascii: "{") where field == .properties:
            try readMembers(ofLine: false)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let numberBytes = try tokens.scanNumber()
            let number = tokens.double(of: numberBytes)
            switch field {
            case .value:
                if number.isFinite { fields.value = number } else { fields.valueIsInvalid = true }
            case .period:
                if number >= 0, number <= Double(Int32.max), number == number.rounded() {
                    fields.period = Int(number)
                } else {
                    fields.periodIsInvalid = true
                }
            case .date:
                if !EventDate.eventRange.contains(number) {
                    let text = String(decoding: tokens.bytes[numberBytes], as: UTF8.self)
                    throw EventLine.Problem.missingField(EventDate.problem(withEventTime: number, text: text) ?? text)
                }
                fields.date = number
                sawDate = true
            default: break
            }
        default:
            // An array, an object, `true`, `false` or `null`: no string and no number, so only
            // a `value` or `period` that is not null is flagged.
            let isNull = first == UInt8(ascii: "n")
            try tokens.skipValue()
            if field == .value, !isNull { fields.valueIsInvalid = true }
            if field == .period, !isNull { fields.periodIsInvalid = true }
        }
    }
}
