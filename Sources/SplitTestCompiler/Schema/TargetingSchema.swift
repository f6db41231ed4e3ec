@_spi(Generated) import SplitTesting
import SplitTestFormats
/// The schema of targeting and holdouts: an experiment's `targeting`, `attributes` documents and `holdout`
/// documents. Custom attributes are declared in other documents, so the schema checks the shape
/// of a condition; whether it names a declared attribute and fits its type is the compiler's.
enum TargetingSchema {
    /// `values:` of an attribute or an event's property: names, each once, the cases of an enum.
    static let valueNames: JSONValue = [
        "type": "array",
        "minItems": 1,
        "uniqueItems": true,
        "items": ["type": "string", "pattern": .string(DefinitionSchema.snakeCasePattern)],
    ]

    /// A version as targeting writes it: whole numbers joined by dots, without leading zeros.
    static let versionPattern = "^(0|[1-9][0-9]*)(\\.(0|[1-9][0-9]*))*$"

    /// Comparisons joined by commas, each an operator and a value.
    static let comparisonsPattern =
        "^ *(==|!=|<=|>=|<|>) *[^ ,<>=!][^,]*(, *(==|!=|<=|>=|<|>) *[^ ,<>=!][^,]*)*$"

    /// The `targeting` property of an experiment.
    static var targetingProperty: JSONValue {
        [
            "description": "Who may be enrolled: attribute → condition, all of which must hold. A condition is a value, a list (one of), { not: [...] } (none of), or comparisons such as \">= 5.2, < 6\" (versions and numbers). Units that are not targeted get the control.",
            "$ref": "#/$defs/targeting",
        ]
    }

    static var definitions: [(key: String, value: JSONValue)] {
        [
            ("targeting", [
                "type": "object",
                "minProperties": 1,
                "propertyNames": ["pattern": .string(DefinitionSchema.snakeCasePattern)],
                "properties": .object(LinksSchema.targetingProperties + [
                    .init(
                        key: SplitTestAttributeValues.appVersion,
                        value: versionCondition("The app's version (CFBundleShortVersionString).")),
                    .init(key: SplitTestAttributeValues.osVersion, value: versionCondition("The operating system's version.")),
                    .init(
                        key: SplitTestAttributeValues.platform,
                        value: condition(
                            "The platform.", value: ["enum": .array(SplitTestAttributeValues.platformNames.map(JSONValue.string))])),
                    .init(
                        key: SplitTestAttributeValues.region,
                        value: condition(
                            "The ISO 3166-1 alpha-2 region code, from the locale unless the app sets it.",
                            value: ["type": "string", "pattern": "^[A-Z]{2}$"])),
                ]),
                "additionalProperties": condition(
                    "A custom attribute, declared in an attributes document.",
                    value: ["type": ["string", "number", "boolean"]], comparable: true),
            ]),
            ("attributesDocument", [
                "description": "Custom targeting attributes, declared once in the whole set of definitions.",
                "type": "object",
                "required": ["attributes"],
                "additionalProperties": false,
                "properties": [
                    "attributes": [
                        "type": "object",
                        "minProperties": 1,
                        "propertyNames": [
                            "pattern": .string(DefinitionSchema.snakeCasePattern),
                            "not": ["enum": .array(SplitTestAttributeValues.builtInNames.map(JSONValue.string))],
                        ],
                        "additionalProperties": ["$ref": "#/$defs/attribute"],
                    ],
                ],
            ]),
            ("attribute", [
                "description": "One custom attribute: its type, and for a string the values it may take (the generated property is then an enum).",
                "type": "object",
                "required": ["type"],
                "additionalProperties": false,
                "properties": [
                    "type": ["enum": ["string", "int", "bool"]],
                    "values": valueNames,
                    "description": ["type": "string"],
                    "dimension": [
                        "description": "Whether exposures carry the attribute (as dimension_<name>), so that a readout can slice by it. Default: false.",
                        "type": "boolean",
                    ],
                ],
                "if": ["required": ["values"]],
                "then": ["properties": ["type": ["const": "string"]]],
            ]),
            ("holdoutDocument", [
                "description": "A share of units kept out of a set of experiments, to measure their combined effect.",
                "type": "object",
                "required": ["holdout"],
                "additionalProperties": false,
                "properties": [
                    "holdout": [
                        "type": "object",
                        "required": ["name", "type", "percent", "experiments"],
                        "additionalProperties": false,
                        "properties": [
                            "name": [
                                "description": "Unique; it keys the holdout hash, so renaming it reshuffles units.",
                                "type": "string",
                                "pattern": .string(DefinitionSchema.snakeCasePattern),
                                "maxLength": 64,
                            ],
                            "type": [
                                "description": "device or user; the experiments it covers have this type.",
                                "enum": ["device", "user"],
                            ],
                            "percent": [
                                "description": "Percent of units held out: more than 0, at most 50, in steps of 0.01.",
                                "type": "number",
                                "exclusiveMinimum": 0,
                                "maximum": 50,
                            ],
                            "experiments": [
                                "description": "all (every experiment of the holdout's type) or a list of identifiers.",
                                "anyOf": [
                                    ["const": "all"],
                                    [
                                        "type": "array",
                                        "minItems": 1,
                                        "uniqueItems": true,
                                        "items": ["type": "string", "pattern": .string(DefinitionSchema.snakeCasePattern)],
                                    ],
                                ],
                            ],
                            "description": ["type": "string"],
                        ],
                    ],
                ],
            ]),
        ]
    }

    /// A condition on a version: a version, a list or `not` list of versions, or comparisons.
    private static func versionCondition(_ description: String) -> JSONValue {
        let version: JSONValue = [
            "anyOf": [
                ["type": "string", "pattern": .string(versionPattern)],
                ["type": "number", "minimum": 0],
            ],
        ]
        return condition(description, value: version, comparable: true)
    }

    /// A condition whose values match `value`: one, a list, a `not` list, or (when `comparable`)
    /// a comparison string.
    private static func condition(_ description: String, value: JSONValue, comparable: Bool = false) -> JSONValue {
        var forms: [JSONValue] = [
            value,
            ["type": "array", "minItems": 1, "items": value],
            [
                "type": "object",
                "required": ["not"],
                "additionalProperties": false,
                "properties": ["not": ["type": "array", "minItems": 1, "items": value]],
            ],
        ]
        if comparable {
            forms.insert(["type": "string", "pattern": .string(comparisonsPattern)], at: 0)
        } else {
            // A value that starts like a comparison is one: only versions and numbers take them.
            forms[0] = ["allOf": [value, ["not": ["type": "string", "pattern": "^ *[<>=!]"]]]]
        }
        return ["description": .string(description), "anyOf": .array(forms)]
    }
}
