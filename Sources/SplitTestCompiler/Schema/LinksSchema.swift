import SplitTestFormats

/// The schema of what experiments share or name beyond themselves: `segment` and `environments`
/// documents, and an experiment's `requires`, `schedule` and `environments`. Whether a name
/// refers to something defined is the compiler's to check.
enum LinksSchema {
    /// A time with a date, a time and a zone (`Z` or an offset), as schedules write it.
    static let zonedTimePattern =
        "^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt ][0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?([Zz]|[+-][0-9]{2}:?[0-9]{2})$"

    /// The experiment's keys.
    static var properties: [(key: String, value: JSONValue)] {
        [
            ("requires", [
                "description": "Experiments a unit must first get given groups (or cells) of: experiment → list of groups. The experiment required is resolved for the same unit, without an exposure; a unit that does not meet it gets the control, reason prerequisite.",
                "type": "object",
                "minProperties": 1,
                "propertyNames": ["pattern": .string(DefinitionSchema.snakeCasePattern)],
                "additionalProperties": [
                    "type": "array",
                    "minItems": 1,
                    "uniqueItems": true,
                    "items": ["$ref": "#/$defs/groupOrCell"],
                ],
            ]),
            ("schedule", [
                "description": "When the experiment enrols: { start, end }, ISO 8601 times with a zone, each optional. Before start, units not yet assigned get the control (notStarted); from end on, every unit does (ended).",
                "$ref": "#/$defs/schedule",
            ]),
            ("environments", [
                "description": "Other values per declared environment: environment → the values that differ there (traffic, status, winner, force, schedule, weights). Everything else is the same in every environment, so a unit's bucket is.",
                "type": "object",
                "minProperties": 1,
                "propertyNames": ["pattern": .string(DefinitionSchema.snakeCasePattern)],
                "additionalProperties": ["$ref": "#/$defs/environmentValues"],
            ]),
        ]
    }

    /// The `targeting` keys that name segments.
    static var targetingProperties: [JSONValue.Member] {
        [
            .init(key: "segments", value: segmentList("Segments the unit must be in, every one.")),
            .init(key: "exclude_segments", value: segmentList("Segments the unit must be in none of.")),
        ]
    }

    private static func segmentList(_ description: String) -> JSONValue {
        [
            "description": .string(description),
            "type": "array",
            "minItems": 1,
            "uniqueItems": true,
            "items": ["type": "string", "pattern": .string(DefinitionSchema.snakeCasePattern)],
        ]
    }

    static var definitions: [(key: String, value: JSONValue)] {
        [
            ("schedule", [
                "description": "When the experiment enrols: from start (units not yet assigned get the control, reason notStarted, before it) until end (every unit gets the control from then on, reason ended; stored groups are kept). Times in ISO 8601 with a zone.",
                "type": "object",
                "minProperties": 1,
                "additionalProperties": false,
                "properties": [
                    "start": ["type": "string", "pattern": .string(zonedTimePattern)],
                    "end": ["type": "string", "pattern": .string(zonedTimePattern)],
                ],
            ]),
            ("environmentValues", [
                "type": "object",
                "additionalProperties": false,
                "properties": [
                    "traffic": ["type": "number", "exclusiveMinimum": 0, "maximum": 100],
                    "status": ["enum": ["running", "stopped", "resolved"]],
                    "winner": ["$ref": "#/$defs/groupOrCell"],
                    "force": [
                        "type": "object",
                        "propertyNames": ["minLength": 1],
                        "additionalProperties": ["$ref": "#/$defs/groupOrCell"],
                    ],
                    "schedule": ["$ref": "#/$defs/schedule"],
                    "weights": [
                        "description": "Every group (or cell) → its weight, a number of at least 0.",
                        "type": "object",
                        "minProperties": 1,
                        "additionalProperties": ["type": "number", "minimum": 0],
                    ],
                ],
            ]),
            ("segmentDocument", [
                "description": "A named audience: conditions written once and named by experiments' targeting.",
                "type": "object",
                "required": ["segment"],
                "additionalProperties": false,
                "properties": [
                    "segment": [
                        "type": "object",
                        "required": ["name", "conditions"],
                        "additionalProperties": false,
                        "properties": [
                            "name": [
                                "type": "string", "pattern": .string(DefinitionSchema.snakeCasePattern), "maxLength": 64,
                            ],
                            "description": ["type": "string"],
                            "conditions": [
                                "description": "The conditions of the segment, written as an experiment's targeting (without segments).",
                                "allOf": [
                                    ["$ref": "#/$defs/targeting"],
                                    ["not": ["anyOf": [["required": ["segments"]], ["required": ["exclude_segments"]]]]],
                                ],
                            ],
                        ],
                    ],
                ],
            ]),
            ("testDocument", testDocument),
            ("environmentsDocument", [
                "description": "The environments experiments may give other values in, declared once.",
                "type": "object",
                "required": ["environments"],
                "additionalProperties": false,
                "properties": [
                    "environments": [
                        "type": "array",
                        "minItems": 1,
                        "uniqueItems": true,
                        "items": ["type": "string", "pattern": .string(DefinitionSchema.snakeCasePattern)],
                    ],
                ],
            ]),
        ]
    }

    /// A `test:` document: cases that must get given groups, and a distribution.
    private static var testDocument: JSONValue {
        let scalar: JSONValue = ["type": ["string", "number", "boolean"]]
        let time: JSONValue = ["type": "string", "pattern": .string(zonedTimePattern)]
        return [
            "description": "What given units must get from one experiment; `splitc test`, `splitc lint` and the build run it. It adds nothing to the generated Swift.",
            "type": "object",
            "required": ["test"],
            "anyOf": [["required": ["cases"]], ["required": ["distribution"]]],
            "additionalProperties": false,
            "properties": [
                "test": ["description": "The experiment under test.", "type": "string", "pattern": .string(DefinitionSchema.snakeCasePattern)],
                "description": ["type": "string"],
                "environment": ["description": "The environment of every case that names none.", "type": "string"],
                "at": ["description": "The time of every case that gives none; default: when the test runs.", "type": "string", "pattern": .string(zonedTimePattern)],
                "cases": [
                    "type": "array",
                    "minItems": 1,
                    "items": [
                        "type": "object",
                        "required": ["unit", "expect"],
                        "additionalProperties": false,
                        "properties": [
                            "unit": ["type": ["string", "number"]],
                            "user": ["type": ["string", "number"]],
                            "device": ["type": ["string", "number"]],
                            "attributes": ["type": "object", "additionalProperties": scalar],
                            "environment": ["type": "string"],
                            "at": time,
                            "expect": [
                                "type": "object",
                                "minProperties": 1,
                                "additionalProperties": false,
                                "properties": [
                                    "group": ["$ref": "#/$defs/groupOrCell"],
                                    "reason": ["type": "string"],
                                    "enrolled": ["type": "boolean"],
                                    "params": ["type": "object", "additionalProperties": scalar],
                                    "levels": ["type": "object", "additionalProperties": ["type": "string"]],
                                ],
                            ],
                        ],
                    ],
                ],
                "distribution": [
                    "type": "object",
                    "required": ["units", "expect", "tolerance"],
                    "additionalProperties": false,
                    "properties": [
                        "units": ["type": "integer", "minimum": 1, "maximum": 10_000_000],
                        "prefix": ["type": "string"],
                        "expect": ["type": "object", "minProperties": 1, "additionalProperties": ["type": "number", "minimum": 0, "maximum": 100]],
                        "tolerance": ["type": "number", "minimum": 0],
                    ],
                ],
            ],
        ]
    }
}
