import SplitTestFormats

/// The schema of `allocation`: a bandit, whose control documents set the weights of units not
/// yet assigned. The rules that need the groups (every arm can have `min_weight`; the groups'
/// weights as written are equal) remain the compiler's.
enum AllocationSchema {
    /// The `allocation` key of an experiment.
    static var property: JSONValue {
        [
            "description": "How the groups share the units. `bandit`: the weights follow the rewards, through the control documents that `splitc bandit` writes; units already assigned keep their group. A bandit's groups start with equal weights.",
            "type": "object",
            "required": ["bandit"],
            "additionalProperties": false,
            "properties": ["bandit": ["$ref": "#/$defs/bandit"]],
        ]
    }

    /// `$defs`: the bandit's settings.
    static var definitions: [(key: String, value: JSONValue)] {
        [
            ("bandit", [
                "description": "Top-two Thompson sampling over the groups (the arms), rewarded by a goal.",
                "type": "object",
                "required": ["goal"],
                "additionalProperties": false,
                "properties": [
                    "goal": [
                        "description": "Required. The goal whose conversions (or, with `value: true`, whose value per exposed unit) reward an arm, as the app passes it to trackGoal.",
                        "type": "string",
                        "pattern": "^[A-Za-z][A-Za-z0-9_.-]*$",
                        "maxLength": 64,
                    ],
                    "value": [
                        "description": "true: the goal's value per exposed unit is the reward; false (the default): conversion to the goal is.",
                        "type": "boolean",
                    ],
                    "min_weight": [
                        "description": "The least weight of any group, in percent: more than 0, at most 50, in steps of 0.01, and at most 100 divided by the number of groups. Default: 1.",
                        "type": "number",
                        "exclusiveMinimum": 0,
                        "maximum": 50,
                    ],
                    "burn_in": [
                        "description": "The weights stay as defined until every group has this many units. Default: 100.",
                        "type": "integer",
                        "minimum": 1,
                    ],
                ],
            ]),
        ]
    }

    /// A bandit cannot be resolved: a resolved experiment serves one group to everyone.
    static var resolvedRule: JSONValue {
        [
            "if": ["required": ["allocation"]],
            "then": ["properties": ["status": ["not": ["const": "resolved"]]]],
        ]
    }
}
