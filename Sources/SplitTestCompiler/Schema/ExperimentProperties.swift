import SplitTestFormats
/// The top-level keys of a definition document, in the order the documentation introduces them.
enum ExperimentProperties {
    static var all: [(key: String, value: JSONValue)] {
        [
            ("identifier", [
                "description": "Required. The experiment's identifier: lower-case letters, digits and underscores, starting with a letter, at most 64 characters, unique across all definitions. Stored with assignments and reported with exposures.",
                "type": "string",
                "pattern": .string(DefinitionSchema.snakeCasePattern),
                "maxLength": 64,
            ]),
            ("type", [
                "description": "Required. What is assigned: `device` (keyed by the device id) or `user` (keyed by the signed-in user's id; without a user, the control is served and nobody is enrolled).",
                "enum": ["device", "user"],
            ]),
            ("description", [
                "description": "What the experiment changes; becomes the generated type's documentation.",
                "type": "string",
            ]),
            ("owner", [
                "description": "Who to ask about the experiment (a team or a person).",
                "type": "string",
            ]),
            ("groups", [
                "description": "Required, unless the experiment has factors. At least two groups, in bucket order. A list of names (equal weights), a mapping of name to weight, or a mapping of name to {weight, description, params}.",
                "anyOf": [
                    ["$ref": "#/$defs/groupList"],
                    ["$ref": "#/$defs/groupMapping"],
                ],
            ]),
            ("defaults", [
                "description": "Parameter values for the groups that leave them out; same shape as a group's params.",
                "$ref": "#/$defs/params",
            ]),
            ("control", [
                "description": "The group served to units that are not enrolled. Default: the first group (for factors, the cell of every factor's first level).",
                "$ref": "#/$defs/groupOrCell",
            ]),
            ("salt", [
                "description": "The hash salt. Default: the identifier. Changing it reshuffles every unit.",
                "type": ["string", "number"],
                "minLength": 1,
            ]),
            ("traffic", [
                "description": "Percent of units enrolled, greater than 0 and at most 100. Default: 100. Raising it only adds units.",
                "type": "number",
                "exclusiveMinimum": 0,
                "maximum": 100,
            ]),
            ("layer", [
                "description": "A slice of a layer shared with other experiments; experiments of one layer whose ranges do not overlap never share a unit.",
                "$ref": "#/$defs/layer",
            ]),
            ("status", [
                "description": "`running` (the default), `stopped` (every unit is served the control, nothing is enrolled or exposed, stored groups are kept) or `resolved` (every unit is served `winner` and no exposure is reported).",
                "enum": ["running", "stopped", "resolved"],
            ]),
            ("winner", [
                "description": "The group (or cell) every unit gets once the experiment is resolved. Required when status is resolved, forbidden otherwise.",
                "$ref": "#/$defs/groupOrCell",
            ]),
            ("force", [
                "description": "Unit ids (QA accounts, employees) mapped to the group (or cell) they are always served, before anything but a runtime override; no exposure is reported for them. Allowed with any status.",
                "type": "object",
                "propertyNames": ["minLength": 1],
                "additionalProperties": ["$ref": "#/$defs/groupOrCell"],
            ]),
            ("expires", [
                "description": "A date (YYYY-MM-DD) after which the compiler warns that the experiment should be resolved or removed.",
                "type": "string",
                "format": "date",
                "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
            ]),
            ("swift_name", [
                "description": "The generated Swift type's name. Default: the identifier in UpperCamelCase followed by SplitTest. Not a Swift keyword, nor a name the generated code already uses.",
                "type": "string",
                "pattern": "^[A-Za-z_][A-Za-z0-9_]*$",
                "not": ["enum": .array(reservedSwiftNames.map(JSONValue.string))],
            ]),
        ]
    }

    /// The names `swift_name` cannot take, as the compiler rejects them, sorted for a stable schema.
    private static var reservedSwiftNames: [String] {
        (NameRules.reservedTypeNames.union(SwiftNaming.keywords).union(["_"])).sorted()
    }
}
