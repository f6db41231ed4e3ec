import SplitTestFormats
@_spi(Generated) @_spi(Tools) import SplitTesting

extension ServiceContract {
    /// One event of `POST /v1/events`, as ``EventBatch`` reads it: the shape the runtime's
    /// `JSONLinesTrackingProvider` writes, with each kind's required properties; the runtime's own
    /// kinds, then one per event the definitions declare.
    static func event(for definitions: Definitions?) -> JSONValue {
        let declared = (definitions?.events ?? []).map(declaredEventKind)
        let description = definitions == nil
            ? "One line as the runtime's JSONLinesTrackingProvider writes it: an exposure, a goal, a holdout, or an event the definitions declare (listed in the document a service serves)."
            : "One line as the runtime's JSONLinesTrackingProvider writes it: an exposure, a goal, a holdout, or one of the events the definitions declare, with its declared properties."
        return [
            "description": .string(description),
            "oneOf": .array(runtimeEventKinds + declared),
            "example": [
                "date": "2026-03-01T12:00:00Z", "event": .string(EventVocabulary.exposure),
                "properties": ["experiment": "button_color", "group": "blue", "unit": "3F2504E0"],
            ],
        ]
    }

    /// The runtime's own events: exposures, goals and holdouts.
    private static let runtimeEventKinds: [JSONValue] = [
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
                anyOf: joinedUnits),
            eventKind(
                EventVocabulary.holdout,
                required: [EventVocabulary.Property.holdout, EventVocabulary.Property.unit], optional: []),
    ]

    /// A goal's and a declared event's units: a device, or a user in its properties or beside them.
    private static let joinedUnits: JSONValue = [
        ["properties": ["properties": ["required": [.string(EventVocabulary.Property.device)]]]],
        ["properties": ["properties": ["required": [.string(EventVocabulary.Property.user)]]]],
        ["required": [.string(EventVocabulary.Field.user)]],
    ]

    /// An event the definitions declare, as ``EventBatch/DeclaredEvents`` reads it: every declared
    /// property, of its type, beside the units and the groups the runtime adds, and nothing else.
    private static func declaredEventKind(_ declaration: SplitTestEventDeclaration) -> JSONValue {
        let declared: [(String, JSONValue)] = declaration.properties.map { ($0.name, propertySchema($0.type)) }
        let units: [(String, JSONValue)] = [
            (EventVocabulary.Property.device, ["type": "string", "description": "The device id."]),
            (EventVocabulary.Property.user, ["type": "string", "description": "The signed-in user."]),
        ]
        // Any other property must be a group, `split_test-<experiment>`, a string.
        let names = (declared + units).map { JSONValue.string($0.0) }
        let properties: JSONValue = [
            "type": "object",
            "required": .array(declaration.properties.map { .string($0.name) }),
            "properties": .object(pairs: declared + units),
            "propertyNames": [
                "anyOf": [["enum": .array(names)], ["pattern": .string("^" + EventVocabulary.Property.groupPrefix)]]
            ],
            "additionalProperties": [
                "type": "string", "description": "The group of an experiment the units have been exposed to.",
            ],
        ]
        return eventShape(declaration.name, properties: properties, anyOf: joinedUnits)
    }

    /// The values a declared property of `type` takes.
    private static func propertySchema(_ type: SplitTestEventDeclaration.PropertyType) -> JSONValue {
        switch type {
        case .string: ["type": "string"]
        case .bool: ["type": "boolean"]
        case .double: ["type": "number"]
        case .int:
            [
                "type": "integer", "minimum": .integer(-SplitTestAttributeValues.largestInt),
                "maximum": .integer(SplitTestAttributeValues.largestInt),
            ]
        case .values(let values): ["type": "string", "enum": .array(values.map(JSONValue.string))]
        }
    }

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
        return eventShape(name, properties: properties, anyOf: anyOf)
    }

    /// An event named `name` with the schema `properties` of its properties: its date, its name,
    /// its properties and the signed-in user.
    private static func eventShape(_ name: String, properties: JSONValue, anyOf: JSONValue?) -> JSONValue {
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
