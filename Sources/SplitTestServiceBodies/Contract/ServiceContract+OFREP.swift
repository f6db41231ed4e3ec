import SplitTestFormats
import SplitTesting

extension ServiceContract {
    /// OFREP's two evaluation routes, with every answer they can give.
    static func ofrepPaths() -> [(String, JSONValue)] {
        let guarded: JSONValue = [[:], ["bearerKey": []], ["apiKey": []]]
        let common: [(String, JSONValue)] = [
            ("401", ["$ref": "#/components/responses/Unauthorized"]),
            ("403", [
                "description": "The request bore a key that is not the service's.",
                "content": problemContent,
            ]),
            ("413", ["$ref": "#/components/responses/TooLarge"]),
            ("415", ["$ref": "#/components/responses/UnsupportedMediaType"]),
            ("503", ["$ref": "#/components/responses/Unavailable"]),
        ]
        let body: JSONValue = [
            "required": true,
            "content": ["application/json": [
                "schema": ref("OFREPEvaluationRequest"),
                "example": ["context": ["targetingKey": "3F2504E0-4F89-11D3-9A0C-0305E82C3301", "user": "user-42", "platform": "android"]],
            ]],
        ]
        return [
            ("/ofrep/v1/evaluate/flags/{key}", [
                "post": [
                    "operationId": "ofrepEvaluateFlag",
                    "summary": "OFREP: one experiment's group for the context's units, as a string flag.",
                    "description": """
                        The OpenFeature Remote Evaluation Protocol's single evaluation: the same answer and the
                        same stored group as `POST /v1/assignments` for the device `targetingKey` and the
                        signed-in `user`. An evaluation is not an exposure: report exposures to `POST /v1/events`.
                        """,
                    "security": guarded,
                    "parameters": [[
                        "name": "key", "in": "path", "required": true, "schema": ref("OFREPKey"),
                        "description": "The experiment's identifier.",
                    ]],
                    "requestBody": body,
                    "responses": .object(pairs: [
                        ("200", ["description": "The experiment's group.", "content": ["application/json": ["schema": ref("OFREPEvaluationSuccess")]]]),
                        ("400", ["description": "The context cannot be used; `errorDetails` says why.", "content": ["application/json": ["schema": ref("OFREPEvaluationFailure")]]]),
                        ("404", ["description": "No experiment has this key.", "content": ["application/json": ["schema": ref("OFREPFlagNotFound")]]]),
                    ] + common),
                ]
            ]),
            ("/ofrep/v1/evaluate/flags", [
                "post": [
                    "operationId": "ofrepEvaluateFlags",
                    "summary": "OFREP: every experiment's group for the context's units.",
                    "description": """
                        The OpenFeature Remote Evaluation Protocol's bulk evaluation, in definition order. The
                        answer's ETag changes when a group, its OpenFeature reason, enrolment or period does; the
                        same request with `If-None-Match` of that tag answers 304 while they are unchanged.
                        """,
                    "security": guarded,
                    "parameters": [[
                        "name": "If-None-Match", "in": "header", "required": false, "schema": ["type": "string"],
                        "description": "ETags of answers the client has (weak ones match too); `*` matches any.",
                    ]],
                    "requestBody": body,
                    "responses": .object(pairs: [
                        ("200", [
                            "description": "Every experiment's group.",
                            "headers": ["ETag": ["schema": ["type": "string"], "description": "Changes whenever an answer does."]],
                            "content": ["application/json": ["schema": ref("OFREPBulkEvaluationSuccess")]],
                        ]),
                        ("304", [
                            "description": "The answers are those of the client's tag.",
                            "headers": ["ETag": ["schema": ["type": "string"]]],
                        ]),
                        ("400", ["description": "The context cannot be used; `errorDetails` says why.", "content": ["application/json": ["schema": ref("OFREPBulkEvaluationFailure")]]]),
                    ] + common),
                ]
            ]),
        ]
    }

    /// The body of an OFREP evaluation, as ``OFREPRequest`` reads it.
    static let ofrepRequest: JSONValue = [
        "type": "object", "required": ["context"],
        "properties": ["context": ref("OFREPContext")],
    ]

    /// An OFREP evaluation's context: the device, the user and the attributes.
    static func ofrepContext(for definitions: Definitions?) -> JSONValue {
        var properties: [(String, JSONValue)] = [
            (OFREPRequest.targetingKey, unitSchema(nullable: false)),
            // An empty user is none, as OpenFeature SDKs send one that is not set.
            (OFREPRequest.userKey, unitSchema(nullable: true, emptyIsNone: true)),
        ]
        properties += attributeProperties(for: definitions)
        return .object(pairs: [
            ("type", "object"),
            ("description", .string(
                "`targetingKey` is the device (or visitor) id, `user` the signed-in user's, and every other key an attribute. "
                    + attributesDescription(for: definitions))),
            ("required", [.string(OFREPRequest.targetingKey)]),
            ("properties", .object(pairs: properties)),
            ("additionalProperties", definitions == nil ? true : false),
        ])
    }

    /// One flag's evaluation, as ``OFREPAnswers`` writes it.
    static let ofrepSuccess: JSONValue = [
        "type": "object", "required": ["key", "value", "variant", "reason", "metadata"],
        "properties": [
            "key": ["type": "string"],
            "value": ["type": "string", "description": "The group, or a multivariate experiment's cell."],
            "variant": ["type": "string", "description": "The group, as `value`."],
            "reason": [
                "type": "string", "enum": .array(Set(AssignmentReason.allCases.map(\.openFeatureReason)).sorted().map(JSONValue.string)),
                "description": "`SPLIT` for a unit bucketed or sticky, `STATIC` for a forced unit or a winner, `DISABLED` for a stopped or ended experiment, `DEFAULT` (the control) otherwise.",
            ],
            "metadata": [
                "type": "object", "required": ["assignmentReason", "enrolled"],
                "properties": [
                    "assignmentReason": ["type": "string", "enum": .array(AssignmentReason.allCases.map { .string($0.rawValue) })],
                    "enrolled": ["type": "boolean"],
                    "period": ["type": "integer", "minimum": 0],
                ],
                "additionalProperties": ["type": ["string", "number", "boolean"], "description": "`params.NAME`: each parameter of the group."],
            ],
        ],
    ]

    /// An OFREP failure with one of `codes`, and the flag's key when `key`.
    static func ofrepFailure(codes: [OFREPProblem.Code], key: Bool) -> JSONValue {
        var properties: [(String, JSONValue)] = []
        if key { properties.append(("key", ["type": "string"])) }
        properties += [
            ("errorCode", ["type": "string", "enum": .array(codes.map { .string($0.rawValue) })]),
            ("errorDetails", ["type": "string"]),
        ]
        return .object(pairs: [
            ("type", "object"), ("required", .array((key ? ["key"] : []) + ["errorCode", "errorDetails"])),
            ("properties", .object(pairs: properties)),
        ])
    }
}
