import SplitTestFormats
@_spi(Generated) @_spi(Tools) import SplitTesting

extension ServiceContract {
    /// The schemas and the shared responses, each from the Swift values the service reads and
    /// writes with.
    static func components(for definitions: Definitions?) -> JSONValue {
        [
            "securitySchemes": [
                "bearerKey": [
                    "type": "http", "scheme": "bearer",
                    "description": "The value of SPLIT_TEST_SERVER_KEY, when the service was started with it.",
                ],
                "apiKey": [
                    "type": "apiKey", "in": "header", "name": "X-API-Key",
                    "description": "The value of SPLIT_TEST_SERVER_KEY, for OFREP's routes, as OFREP providers send it.",
                ],
            ],
            "schemas": [
                "AssignmentRequest": assignmentRequest(for: definitions),
                "AssignmentResponse": [
                    "type": "object", "required": ["assignments"], "additionalProperties": false,
                    "properties": ["assignments": ["type": "array", "items": ref("Assignment")]],
                ],
                "Assignment": assignment,
                "Event": event(for: definitions),
                "ControlEnvelope": [
                    "type": "object", "required": ["format", "payload"],
                    "properties": [
                        "format": ["type": "integer", "const": 1],
                        "payload": ["type": "string", "contentEncoding": "base64"],
                        "signature": ["type": "string", "contentEncoding": "base64"],
                    ],
                ],
                "OFREPKey": definitions.map { ["type": "string", "enum": .array($0.experiments.map(JSONValue.string))] }
                    ?? ["type": "string", "description": "An experiment's identifier."],
                "OFREPEvaluationRequest": ofrepRequest,
                "OFREPContext": ofrepContext(for: definitions),
                "OFREPEvaluationSuccess": ofrepSuccess,
                "OFREPEvaluationFailure": ofrepFailure(codes: [.parseError, .targetingKeyMissing, .invalidContext], key: true),
                "OFREPFlagNotFound": ofrepFailure(codes: [.flagNotFound], key: true),
                "OFREPBulkEvaluationSuccess": [
                    "type": "object", "required": ["flags"],
                    "properties": ["flags": ["type": "array", "items": ref("OFREPEvaluationSuccess")]],
                ],
                "OFREPBulkEvaluationFailure": ofrepFailure(codes: [.parseError, .targetingKeyMissing, .invalidContext], key: false),
                "Problem": [
                    "type": "object", "required": ["title", "status", "detail"],
                    "description": "RFC 9457 problem details.",
                    "properties": [
                        "title": ["type": "string"],
                        "status": ["type": "integer"],
                        "detail": ["type": "string", "description": "What was wrong, and what to change."],
                    ],
                ],
            ],
            "responses": [
                "BadRequest": ["description": "The request must change; `detail` says how.", "content": problemContent],
                "Unauthorized": [
                    "description": "A key is required and the request did not bear it, or bore another.",
                    "headers": ["WWW-Authenticate": ["schema": ["type": "string"]]],
                    "content": problemContent,
                ],
                "TooLarge": ["description": .string("The body is larger than \(maximumBodySize) bytes."), "content": problemContent],
                "UnsupportedMediaType": [
                    "description": "The body is not `application/json`.", "content": problemContent,
                ],
                "Unavailable": [
                    "description": """
                        The database could not be used (it is away, or did not answer within 5 seconds); the
                        request can be retried, and the service answers again by itself once the database does.
                        """,
                    "headers": ["Retry-After": ["schema": ["type": "string"], "description": "Seconds to wait before retrying."]],
                    "content": problemContent,
                ],
            ],
        ]
    }

    /// A unit id: what ``UnitID`` accepts; an empty one too where it means none (`emptyIsNone`).
    static func unitSchema(nullable: Bool, emptyIsNone: Bool = false) -> JSONValue {
        .object(pairs: [
            ("type", nullable ? ["string", "null"] : "string"), ("minLength", emptyIsNone ? 0 : 1),
            ("maxLength", .integer(UnitID.maximumLength)),
            // No U+0000, which PostgreSQL text cannot hold.
            ("pattern", "^[^\\u0000]*$"),
        ])
    }

    /// Each attribute a value may be given for, with the values it takes.
    static func attributeProperties(for definitions: Definitions?) -> [(String, JSONValue)] {
        let kinds = definitions?.attributeKinds ?? SplitTestAttributeKind.table(declared: [])
        return kinds.keys.sorted().map { ($0, attributeSchema(kinds[$0]!)) }
    }

    /// What the description of an object of attributes says of them.
    static func attributesDescription(for definitions: Definitions?) -> String {
        "Targeting attributes, built-in (\(SplitTestAttributeValues.builtInNames.map { "`\($0)`" }.joined(separator: ", ")))"
            + (definitions == nil ? " and those the definitions declare" : " and declared")
            + ", of their types; `null` leaves one unset. A version is a string of whole numbers joined by dots."
    }

    /// The body of `POST /v1/assignments`, as ``AssignmentRequest`` reads it.
    private static func assignmentRequest(for definitions: Definitions?) -> JSONValue {
        let attributes: [(String, JSONValue)] = [
            ("type", ["object", "null"]),
            ("description", .string(attributesDescription(for: definitions))),
            ("properties", .object(pairs: attributeProperties(for: definitions))),
            // Without definitions, declared attributes are unknown here; with them, any other is refused.
            ("additionalProperties", definitions == nil ? true : false),
        ]
        var experiments: [(String, JSONValue)] = [("type", ["array", "null"])]
        experiments.append(("description", "Experiment identifiers; all experiments when absent or null."))
        if let definitions {
            experiments.append(("items", ["type": "string", "enum": .array(definitions.experiments.map(JSONValue.string))]))
        } else {
            experiments.append(("items", ["type": "string"]))
        }
        return [
            "type": "object",
            "description": "At least one of `device` and `user`.",
            "additionalProperties": false,
            "properties": [
                "device": unitSchema(nullable: true), "user": unitSchema(nullable: true),
                "attributes": .object(pairs: attributes), "experiments": .object(pairs: experiments),
            ],
            "anyOf": [
                ["required": ["device"], "properties": ["device": ["type": "string"]]],
                ["required": ["user"], "properties": ["user": ["type": "string"]]],
            ],
        ]
    }

    /// The values an attribute of `kind` may be given, as ``SplitTestAttributeValues`` reads them.
    private static func attributeSchema(_ kind: SplitTestAttributeKind) -> JSONValue {
        switch kind {
        case .version:
            ["type": ["string", "null"], "pattern": .string(SplitTestVersion.pattern)]
        case .platform:
            ["enum": .array(SplitTestAttributeValues.platformNames.map(JSONValue.string) + [.null])]
        case .region:
            ["type": ["string", "null"], "pattern": "^[A-Z]{2}$"]
        case .string(let values?):
            ["enum": .array(values.map(JSONValue.string) + [.null])]
        case .string(nil):
            ["type": ["string", "null"]]
        case .int:
            [
                "type": ["integer", "null"], "minimum": .integer(-SplitTestAttributeValues.largestInt),
                "maximum": .integer(SplitTestAttributeValues.largestInt),
            ]
        case .bool:
            ["type": ["boolean", "null"]]
        }
    }

    /// One answer of `POST /v1/assignments`, as ``ResponseBodies`` writes it.
    private static let assignment: JSONValue = [
        "type": "object", "required": ["experiment", "group", "reason", "enrolled", "params"],
        "additionalProperties": false,
        "properties": [
            "experiment": ["type": "string"],
            "group": ["type": "string", "description": "The group, or a multivariate experiment's cell."],
            "reason": [
                "type": "string", "enum": .array(AssignmentReason.allCases.map { .string($0.rawValue) }),
                "description": "Why the unit has this group; see \"How assignment works\".",
            ],
            "enrolled": [
                "type": "boolean",
                "description": "Whether the unit is in the experiment (`sticky` or `bucketed`) and should be exposed.",
            ],
            "params": [
                "type": "object", "description": "The group's parameters by name.",
                "additionalProperties": ["type": ["string", "number", "integer", "boolean"]],
            ],
            "levels": [
                "type": "object",
                "description": "A multivariate experiment's level of each factor; absent for other experiments.",
                "additionalProperties": ["type": "string"],
            ],
            "period": [
                "type": "integer", "minimum": 0,
                "description": "For an enrolled unit of a bandit, the allocation period of its first assignment; its exposure carries it.",
            ],
        ],
    ]
}
