import SplitTestFormats
/// The schema of multivariate experiments: `factors` (each a list of levels or a mapping of
/// levels, with the factor's `defaults`), `cells` and `weights`, and the cell names that
/// `winner`, `control` and `force` may use instead of group names.
enum FactorsSchema {
    /// A cell name: two or more level names joined by `+`.
    static let cellNamePattern = "^[a-z][a-z0-9_]*(\\+[a-z][a-z0-9_]*)+$"

    /// The experiment properties of a multivariate experiment, in the order the documentation
    /// introduces them.
    static var properties: [(key: String, value: JSONValue)] {
        [
            ("factors", [
                "description": "Instead of groups, for a multivariate experiment: at least two factors, in order, each with at least two levels. A factor is a list of level names, or a mapping of level name to {description, params} (or nothing) with the factor's defaults beside its levels. A cell is one level of every factor, named by the levels joined by + in factor order (urgent+orange).",
                "type": "object",
                "minProperties": 2,
                "propertyNames": ["pattern": .string(DefinitionSchema.snakeCasePattern)],
                "additionalProperties": [
                    "anyOf": [
                        ["$ref": "#/$defs/levelList"],
                        ["$ref": "#/$defs/levelMapping"],
                    ],
                ],
            ]),
            ("cells", [
                "description": "The cells a multivariate experiment runs: all (the default, every combination of levels: a full factorial) or a list of cells (a fractional design), each listed once, the control cell (every factor's first level) among them. Units are assigned in cell order whatever order the list has.",
                "anyOf": [
                    ["const": "all"],
                    [
                        "type": "array",
                        "minItems": 2,
                        "uniqueItems": true,
                        "items": ["$ref": "#/$defs/cell"],
                    ],
                ],
            ]),
            ("weights", [
                "description": "The weights of a multivariate experiment's cells, by cell name (\"urgent+orange\": 2); a cell left out has weight 1.",
                "type": "object",
                "propertyNames": ["pattern": .string(cellNamePattern)],
                "additionalProperties": ["$ref": "#/$defs/weight"],
            ]),
        ]
    }

    static var definitions: [(key: String, value: JSONValue)] {
        [
            ("cellName", [
                "description": "A cell of a multivariate experiment: one level of each factor, joined by + in factor order (urgent+orange).",
                "type": "string",
                "pattern": .string(cellNamePattern),
            ]),
            ("groupOrCell", [
                "anyOf": [
                    ["$ref": "#/$defs/groupName"],
                    ["$ref": "#/$defs/cellName"],
                ],
            ]),
            ("levelList", [
                "description": "Short form: level names, without params.",
                "type": "array",
                "minItems": 2,
                "uniqueItems": true,
                "items": ["type": "string", "pattern": .string(DefinitionSchema.snakeCasePattern)],
            ]),
            ("levelMapping", [
                "description": "Long form: level name to {description, params} or nothing; defaults gives the params the levels leave out.",
                "type": "object",
                "minProperties": 2,
                "propertyNames": ["pattern": .string(DefinitionSchema.snakeCasePattern)],
                "properties": [
                    "defaults": [
                        "description": "Parameter values for the levels of this factor that leave them out.",
                        "$ref": "#/$defs/params",
                    ],
                ],
                "additionalProperties": [
                    "anyOf": [
                        ["$ref": "#/$defs/level"],
                        ["type": "null"],
                    ],
                ],
                // `defaults` is not a level: with it, the factor needs two more keys.
                "if": ["required": ["defaults"]],
                "then": ["minProperties": 3],
            ]),
            ("level", [
                "description": "Long form of a level.",
                "type": "object",
                "additionalProperties": false,
                "properties": [
                    "description": [
                        "description": "What the level does; becomes the enum case's documentation.",
                        "type": "string",
                    ],
                    "params": [
                        "description": "Typed values this level gives the feature, read through generated properties of the factor's enum. A parameter belongs to one factor.",
                        "$ref": "#/$defs/params",
                    ],
                ],
            ]),
            ("cell", [
                "description": "A cell: a mapping of every factor to one of its levels, or its name.",
                "anyOf": [
                    ["$ref": "#/$defs/cellName"],
                    [
                        "type": "object",
                        "minProperties": 2,
                        "propertyNames": ["pattern": .string(DefinitionSchema.snakeCasePattern)],
                        "additionalProperties": ["type": "string", "pattern": .string(DefinitionSchema.snakeCasePattern)],
                    ],
                ],
            ]),
        ]
    }

    /// An experiment has `groups` or `factors`; `cells` and `weights` only with `factors`, and
    /// the top-level `defaults` only with `groups`.
    static var groupsOrFactorsRule: JSONValue {
        [
            "if": ["required": ["factors"]],
            "then": [
                "not": [
                    "anyOf": [
                        ["required": ["groups"]],
                        ["required": ["defaults"]],
                    ],
                ],
            ],
            "else": [
                "required": ["groups"],
                "not": [
                    "anyOf": [
                        ["required": ["cells"]],
                        ["required": ["weights"]],
                    ],
                ],
            ],
        ]
    }
}
