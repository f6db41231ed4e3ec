import SplitTestFormats

/// The schema of what experiments are judged by: `event` and `metric` documents, and an
/// experiment's `metrics`. Whether an event, a property or a metric named is declared, and
/// whether a value is numeric, is the compiler's to check.
enum MetricsSchema {
    /// The pattern of a metric's `window`: a whole number of days, hours or minutes.
    static let windowPattern = "^[1-9][0-9]*[dhm]$"

    /// The experiment's key.
    static var properties: [(key: String, value: JSONValue)] {
        [
            ("metrics", [
                "description": "The metrics the experiment is judged by, each declared in a metric document and named once: primary (decided on, not corrected for multiple comparisons), secondary (corrected together) and guardrails (flagged when they move significantly the wrong way).",
                "type": "object",
                "minProperties": 1,
                "additionalProperties": false,
                "properties": [
                    "primary": ["$ref": "#/$defs/metricName"],
                    "secondary": ["type": "array", "uniqueItems": true, "items": ["$ref": "#/$defs/metricName"]],
                    "guardrails": ["type": "array", "uniqueItems": true, "items": ["$ref": "#/$defs/metricName"]],
                ],
            ]),
        ]
    }

    /// The documents and their pieces (`$defs`).
    static var definitions: [(key: String, value: JSONValue)] {
        [
            ("metricName", [
                "description": "A metric's name: lower-case letters, digits and underscores, starting with a letter.",
                "type": "string",
                "pattern": .string(DefinitionSchema.snakeCasePattern),
                "maxLength": 64,
            ]),
            ("eventDocument", eventDocument),
            ("eventProperty", eventProperty),
            ("metricDocument", metricDocument),
            ("metricSource", [
                "description": "Events of one name, and the numeric property added up; without value, each event counts 1.",
                "type": "object",
                "required": ["event"],
                "additionalProperties": false,
                "properties": [
                    "event": ["type": "string", "pattern": .string(DefinitionSchema.snakeCasePattern)],
                    "value": ["type": "string", "pattern": .string(DefinitionSchema.snakeCasePattern)],
                ],
            ]),
        ]
    }

    private static var eventDocument: JSONValue {
        [
            "description": "An event the app sends, declared once: the generated SplitTestEvents enum gets a case for it, with its properties typed, and metrics read it.",
            "type": "object",
            "required": ["event"],
            "additionalProperties": false,
            "properties": [
                "event": [
                    "description": "The event's name, unique: the event of its lines. Not starting with split_test, the prefix of the runtime's own events.",
                    "type": "string",
                    "pattern": .string(DefinitionSchema.snakeCasePattern),
                    "maxLength": 64,
                    "not": ["pattern": .string("^" + EventRules.reservedEventPrefix)],
                ],
                "description": ["description": "What the event means; becomes the case's documentation.", "type": "string"],
                "properties": [
                    "description": "The event's properties: name → { type } or { values } for an enum. Not one of the names event lines already carry.",
                    "type": ["object", "null"],
                    "propertyNames": [
                        "pattern": .string(DefinitionSchema.snakeCasePattern),
                        "not": ["enum": .array(EventRules.reservedPropertyNames.sorted().map(JSONValue.string))],
                    ],
                    "additionalProperties": ["$ref": "#/$defs/eventProperty"],
                ],
            ],
        ]
    }

    private static var eventProperty: JSONValue {
        [
            "description": "One property: { type: string | int | double | bool }, or { values: [...] } for an enum of strings.",
            "type": "object",
            "additionalProperties": false,
            "properties": [
                "type": ["enum": .array(ExperimentParser.propertyTypes.map(JSONValue.string))],
                "values": TargetingSchema.valueNames,
                "description": ["type": "string"],
            ],
            "anyOf": [["required": ["type"]], ["required": ["values"]]],
            "if": ["required": ["values"]],
            "then": ["properties": ["type": ["const": "string"]]],
        ]
    }

    private static var metricDocument: JSONValue {
        let kinds = ExperimentParser.metricKinds
        return [
            "description": "A metric: what the readout computes per unit from declared events, and which way is better.",
            "type": "object",
            "required": ["metric", "kind"],
            "additionalProperties": false,
            "properties": [
                "metric": ["$ref": "#/$defs/metricName"],
                "description": ["description": "What the metric measures, in words.", "type": "string"],
                "kind": [
                    "description": "conversion: whether a unit sent the event (0 or 1); count: how many times; sum: the sum of a numeric property; ratio: Σ numerator / Σ denominator over a group's units; quantile: a quantile of a numeric property over a group's events.",
                    "enum": .array(kinds.map(JSONValue.string)),
                ],
                "event": [
                    "description": "The declared event read (not for ratio, which names its events in numerator and denominator).",
                    "type": "string", "pattern": .string(DefinitionSchema.snakeCasePattern),
                ],
                "value": [
                    "description": "The numeric property of the event (sum and quantile only).",
                    "type": "string", "pattern": .string(DefinitionSchema.snakeCasePattern),
                ],
                "numerator": ["description": "The ratio's numerator.", "$ref": "#/$defs/metricSource"],
                "denominator": ["description": "The ratio's denominator.", "$ref": "#/$defs/metricSource"],
                "quantile": [
                    "description": "The quantile taken (quantile only), between 0 and 1: 0.9 is the 90th percentile.",
                    "type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1,
                ],
                "window": [
                    "description": "Only events within this long after the unit's first exposure count: days, hours or minutes, like 7d, 12h or 30m. Default: to the end of the data.",
                    "type": "string", "pattern": .string(windowPattern),
                ],
                "cap": [
                    "description": "Per-unit values capped before the statistics, at a percentile of all units' values or at a value (not for conversion and quantile).",
                    "type": "object",
                    "minProperties": 1,
                    "maxProperties": 1,
                    "additionalProperties": false,
                    "properties": [
                        "percentile": ["type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 100],
                        "absolute": ["type": "number", "exclusiveMinimum": 0],
                    ],
                ],
                "direction": [
                    "description": "Which way is better. Default: increase.",
                    "enum": .array(ExperimentParser.metricDirections.map(JSONValue.string)),
                ],
            ],
            "allOf": [
                kindRule(["conversion", "count"], required: ["event"], forbidden: ["value", "numerator", "denominator", "quantile", ]),
                kindRule(["sum"], required: ["event", "value"], forbidden: ["numerator", "denominator", "quantile"]),
                kindRule(["quantile"], required: ["event", "value", "quantile"], forbidden: ["numerator", "denominator"]),
                kindRule(["ratio"], required: ["numerator", "denominator"], forbidden: ["event", "value", "quantile"]),
                kindRule(["conversion", "quantile"], required: [], forbidden: ["cap"]),
            ],
        ]
    }

    /// For a metric of one of `kinds`: the keys it needs and those it does not read.
    private static func kindRule(_ kinds: [String], required: [String], forbidden: [String]) -> JSONValue {
        var then: [(String, JSONValue)] = []
        if !required.isEmpty { then.append(("required", .array(required.map(JSONValue.string)))) }
        then.append(("not", ["anyOf": .array(forbidden.map { ["required": [.string($0)]] })]))
        return [
            "if": ["properties": ["kind": ["enum": .array(kinds.map(JSONValue.string))]], "required": ["kind"]],
            "then": .object(pairs: then),
        ]
    }
}
