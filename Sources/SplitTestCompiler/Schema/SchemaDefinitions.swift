import SplitTestFormats
/// The schema's reusable pieces (`$defs`): group names, the three forms of `groups`, parameters
/// and layers.
enum SchemaDefinitions {
    static var all: [(key: String, value: JSONValue)] {
        [
            ("groupName", [
                "description": "A group name: lower-case letters, digits and underscores, starting with a letter. It is the generated enum case's raw value.",
                "type": "string",
                "pattern": .string(DefinitionSchema.snakeCasePattern),
            ]),
            ("groupList", [
                "description": "Short form: group names with equal weights.",
                "type": "array",
                "minItems": 2,
                "uniqueItems": true,
                "items": ["$ref": "#/$defs/groupName"],
            ]),
            ("groupMapping", [
                "description": "Group name to weight, to a long-form group, or to nothing (weight 1).",
                "type": "object",
                "minProperties": 2,
                "propertyNames": ["$ref": "#/$defs/groupName"],
                "additionalProperties": [
                    "anyOf": [
                        ["$ref": "#/$defs/weight"],
                        ["$ref": "#/$defs/group"],
                        ["type": "null"],
                    ],
                ],
            ]),
            ("weight", [
                "description": "A non-negative weight; groups share the 10,000 buckets in proportion. A group of weight 0 receives no units but can be forced or be the winner.",
                "type": "number",
                "minimum": 0,
            ]),
            ("group", [
                "description": "Long form of a group.",
                "type": "object",
                "additionalProperties": false,
                "properties": [
                    "weight": [
                        "description": "The group's weight. Default: 1.",
                        "$ref": "#/$defs/weight",
                    ],
                    "description": [
                        "description": "What the group does; becomes the enum case's documentation.",
                        "type": "string",
                    ],
                    "params": [
                        "description": "Typed values this group gives the feature, read through generated properties.",
                        "$ref": "#/$defs/params",
                    ],
                ],
            ]),
            ("params", [
                "description": "A flat mapping of parameter name to a scalar: true/false become Bool, whole numbers Int, other numbers Double, anything else String. Every group must define the same names, unless defaults supplies them.",
                "type": "object",
                "propertyNames": [
                    "pattern": .string(DefinitionSchema.snakeCasePattern),
                ],
                "additionalProperties": [
                    "type": ["boolean", "number", "string"],
                ],
            ]),
            ("layer", [
                "description": "The experiment's slice of a layer, in percent of the layer's units.",
                "type": "object",
                "required": ["name", "range"],
                "additionalProperties": false,
                "properties": [
                    "name": [
                        "description": "The layer's name, shared by the experiments that must not overlap: lower-case letters, digits and underscores, starting with a letter.",
                        "type": "string",
                        "pattern": .string(DefinitionSchema.snakeCasePattern),
                    ],
                    "range": [
                        "description": "[start, end] in percent, 0 ≤ start < end ≤ 100; the experiment owns the layer's units from start (inclusive) to end (exclusive).",
                        "type": "array",
                        "minItems": 2,
                        "maxItems": 2,
                        "items": [
                            "type": "number",
                            "minimum": 0,
                            "maximum": 100,
                        ],
                    ],
                ],
            ]),
        ]
    }
}
