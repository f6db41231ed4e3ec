import SplitTestFormats
import SplitTesting

extension ServiceContract {
    /// One event of `POST /v1/events`, as ``EventBatch`` reads it: the shape the runtime's
    /// `JSONLinesTrackingProvider` writes, with each kind's required properties.
    static let event: JSONValue = [
        "description": "One line as the runtime's JSONLinesTrackingProvider writes it.",
        "oneOf": [
            eventKind(
                EventVocabulary.exposure,
                required: [EventVocabulary.Property.experiment, EventVocabulary.Property.group, EventVocabulary.Property.unit],
                optional: []),
            eventKind(
                EventVocabulary.goal, required: [EventVocabulary.Property.goal],
                optional: [
                    (EventVocabulary.Property.device, ["type": "string"]),
                    (EventVocabulary.Property.user, ["type": "string"]),
                ],
                // A goal joins to its units: a device, or a user in its properties or beside them.
                anyOf: [
                    ["properties": ["properties": ["required": [.string(EventVocabulary.Property.device)]]]],
                    ["properties": ["properties": ["required": [.string(EventVocabulary.Property.user)]]]],
                    ["required": [.string(EventVocabulary.Field.user)]],
                ]),
            eventKind(
                EventVocabulary.holdout,
                required: [EventVocabulary.Property.holdout, EventVocabulary.Property.unit], optional: []),
        ],
        "example": [
            "date": "2026-03-01T12:00:00Z", "event": .string(EventVocabulary.exposure),
            "properties": ["experiment": "button_color", "group": "blue", "unit": "3F2504E0"],
        ],
    ]

    /// An event named `name`: its date, its name, its properties (`required` strings and
    /// `optional` ones of their schemas; others are kept as given) and the signed-in user.
    private static func eventKind(
        _ name: String, required: [String], optional: [(String, JSONValue)], anyOf: JSONValue? = nil
    ) -> JSONValue {
        let strings: [(String, JSONValue)] = required.map { ($0, ["type": "string"]) }
        // The readout reads a value and a period on any event, so any event must give them right.
        let numbers: [(String, JSONValue)] = [
            (EventVocabulary.Property.value, ["type": ["number", "null"], "description": "A goal's value."]),
            (EventVocabulary.Property.period, [
                "type": ["integer", "null"], "minimum": 0, "maximum": .integer(Int(Int32.max)),
                "description": "The allocation period of the unit's first assignment (a bandit's exposure).",
            ]),
        ]
        let properties: JSONValue = [
            "type": "object",
            "required": .array(required.map(JSONValue.string)),
            "properties": .object(pairs: strings + optional + numbers),
        ]
        let fields: [(String, JSONValue)] = [
            (EventVocabulary.Field.date, eventDate),
            (EventVocabulary.Field.event, ["const": .string(name)]),
            (EventVocabulary.Field.properties, properties),
            (EventVocabulary.Field.user, ["type": "string", "description": "The user signed in when it was tracked."]),
        ]
        let fieldNames: [JSONValue] = [
            .string(EventVocabulary.Field.date), .string(EventVocabulary.Field.event), .string(EventVocabulary.Field.properties),
        ]
        var kind: [(String, JSONValue)] = [
            ("type", "object"), ("required", .array(fieldNames)), ("additionalProperties", false),
            ("properties", .object(pairs: fields)),
        ]
        if let anyOf { kind.append(("anyOf", anyOf)) }
        return .object(pairs: kind)
    }

    /// When an event happened: ISO 8601 as the runtime writes it (a fraction and an offset
    /// allowed), or seconds since 1970; from 1970 to 2100.
    private static let eventDate: JSONValue = [
        "anyOf": [
            ["type": "string", "pattern": .string(EventDate.pattern)],
            [
                "type": "number", "minimum": .integer(Int(EventDate.eventRange.lowerBound)),
                "exclusiveMaximum": .integer(Int(EventDate.eventRange.upperBound)),
            ],
        ],
        "description": "ISO 8601 (`2026-03-01T12:00:00Z`) from 1970 to 2100, or seconds since 1970 below 4133980800.",
    ]
}
