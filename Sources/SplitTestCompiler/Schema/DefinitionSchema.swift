import SplitTestFormats
/// The JSON Schema of the definition language, for editors: with it, a YAML language server
/// completes keys, shows each key's documentation and flags most mistakes as they are typed.
///
/// The schema checks the shape of one document; rules that need the whole file set or the
/// meaning of values (unique identifiers, overlapping layers, `control` naming an existing group,
/// parameter types agreeing between groups) remain the compiler's.
public enum DefinitionSchema {
    /// The JSON Schema (draft 2020-12) of the definition language, pretty-printed, ending in a newline.
    public static var json: String { document.prettyPrinted }

    static let snakeCasePattern = "^[a-z][a-z0-9_]*$"

    static var document: JSONValue {
        [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "SplitTesting experiment definition",
            "description": "One split test (A/B/n experiment), or a document of custom targeting attributes, a holdout, a segment, the environments, a test, an event or a metric. A YAML file may hold several, one per document (separated by ---).",
            "type": "object",
            // As the compiler reads documents: one with 'identifier' is an experiment; otherwise
            // one with 'attributes', 'holdout', 'segment', 'environments', 'test', 'metric' or 'event' is that;
            // anything else must be an experiment.
            "if": ["required": ["identifier"]],
            "then": ["$ref": "#/$defs/experiment"],
            "else": [
                "if": ["required": ["attributes"]],
                "then": ["$ref": "#/$defs/attributesDocument"],
                "else": [
                    "if": ["required": ["holdout"]],
                    "then": ["$ref": "#/$defs/holdoutDocument"],
                    "else": [
                        "if": ["required": ["segment"]],
                        "then": ["$ref": "#/$defs/segmentDocument"],
                        "else": [
                            "if": ["required": ["environments"]],
                            "then": ["$ref": "#/$defs/environmentsDocument"],
                            "else": [
                                "if": ["required": ["test"]],
                                "then": ["$ref": "#/$defs/testDocument"],
                                "else": [
                                    "if": ["required": ["metric"]],
                                    "then": ["$ref": "#/$defs/metricDocument"],
                                    "else": [
                                        "if": ["required": ["event"]],
                                        "then": ["$ref": "#/$defs/eventDocument"],
                                        "else": ["$ref": "#/$defs/experiment"],
                                    ],
                                ],
                            ],
                        ],
                    ],
                ],
            ],
            "$defs": .object(
                pairs: [("experiment", experiment)] + SchemaDefinitions.all + FactorsSchema.definitions
                    + TargetingSchema.definitions + AllocationSchema.definitions + LinksSchema.definitions
                    + MetricsSchema.definitions),
        ]
    }

    /// One experiment document.
    static var experiment: JSONValue {
        [
            "description": "One split test (A/B/n experiment), with groups or, for a multivariate experiment, factors.",
            "type": "object",
            "required": ["identifier", "type"],
            "additionalProperties": false,
            "properties": .object(
                pairs: ExperimentProperties.all + FactorsSchema.properties
                    + [("targeting", TargetingSchema.targetingProperty)] + [("allocation", AllocationSchema.property)]
                    + LinksSchema.properties + MetricsSchema.properties),
            "allOf": [winnerRule, FactorsSchema.groupsOrFactorsRule, AllocationSchema.resolvedRule],
        ]
    }

    /// `winner` is required when `status` is `resolved` and forbidden otherwise.
    private static var winnerRule: JSONValue {
        [
            "if": [
                "properties": ["status": ["const": "resolved"]],
                "required": ["status"],
            ],
            "then": ["required": ["winner"]],
            "else": ["not": ["required": ["winner"]]],
        ]
    }
}
