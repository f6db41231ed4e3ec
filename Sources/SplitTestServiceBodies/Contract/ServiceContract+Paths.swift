import SplitTestFormats

extension ServiceContract {
    /// The operations, each with what it takes and every answer it can give.
    static func paths() -> JSONValue {
        let guarded: JSONValue = [[:], ["bearerKey": []]]
        return [
            "/v1/assignments": [
                "post": [
                    "operationId": "assign",
                    "summary": "The groups of a device and its user, in definition order.",
                    "description": """
                        A device-level experiment resolves `device`, a user-level one `user`; a user-level
                        experiment with no `user` serves its control with reason `noUser`. The resolution
                        order, and what each reason means, is the article "How assignment works" of the
                        SplitTesting documentation. A group given for the first time is stored before the
                        answer is sent (`bucketed`): the next request for the unit answers `sticky` with the
                        same group, across restarts and control documents that change weights or traffic.
                        A stored group the definitions no longer have is replaced.
                        """,
                    "security": guarded,
                    "requestBody": jsonBody(ref("AssignmentRequest"), example: [
                        "device": "3F2504E0-4F89-11D3-9A0C-0305E82C3301", "user": "user-42",
                        "attributes": ["app_version": "5.3.1", "platform": "android"],
                    ]),
                    "responses": [
                        "200": [
                            "description": "One assignment per experiment asked for (all when none are named).",
                            "content": ["application/json": ["schema": ref("AssignmentResponse")]],
                        ],
                        "400": responseRef("BadRequest"), "401": responseRef("Unauthorized"),
                        "413": responseRef("TooLarge"), "415": responseRef("UnsupportedMediaType"),
                        "503": responseRef("Unavailable"),
                    ],
                ]
            ],
            "/v1/events": [
                "post": [
                    "operationId": "collectEvents",
                    "summary": "Stores events as the runtime's JSONLinesTrackingProvider writes them.",
                    "description": """
                        All events of the array are stored in one transaction, or none: an array with any
                        invalid event is answered 400, with `detail` naming each bad index (`[3]: …`) and why.
                        An exposure needs `experiment`, `group` and `unit` in its properties; a goal `goal`
                        and `device` or `user`; a holdout event `holdout` and `unit`. Every event needs its
                        `event`, and a `date` from 1970 to 2100.
                        """,
                    "security": guarded,
                    "requestBody": jsonBody(["type": "array", "items": ref("Event")], example: nil),
                    "responses": [
                        "202": [
                            "description": "Every event was stored durably.",
                            "content": ["application/json": ["schema": [
                                "type": "object", "required": ["accepted"], "additionalProperties": false,
                                "properties": ["accepted": ["type": "integer", "minimum": 0, "description": "The number of events stored."]],
                            ]]],
                        ],
                        "400": responseRef("BadRequest"), "401": responseRef("Unauthorized"),
                        "413": responseRef("TooLarge"), "415": responseRef("UnsupportedMediaType"),
                        "503": responseRef("Unavailable"),
                    ],
                ]
            ],
            "/v1/control": [
                "get": [
                    "operationId": "control",
                    "summary": "The control document in force, as published (an envelope of format 1).",
                    "security": guarded,
                    "parameters": [[
                        "name": "If-None-Match", "in": "header", "required": false, "schema": ["type": "string"],
                        "description": "ETags of copies the client has (weak ones match too); `*` matches any.",
                    ]],
                    "responses": [
                        "200": [
                            "description": "The document's bytes, as `splitc publish` wrote them.",
                            "headers": ["ETag": ["schema": ["type": "string"], "description": "Changes whenever the document does."]],
                            "content": ["application/json": ["schema": ref("ControlEnvelope")]],
                        ],
                        "304": [
                            "description": "The client's copy is the one in force.",
                            "headers": ["ETag": ["schema": ["type": "string"]]],
                        ],
                        "401": responseRef("Unauthorized"),
                        "404": [
                            "description": "The service was started without a control document.",
                            "content": problemContent,
                        ],
                    ],
                ]
            ],
            "/v1/units/{unit}": [
                "delete": [
                    "operationId": "forgetUnit",
                    "summary": "Forgets a unit's stored groups; its next request is bucketed anew.",
                    "security": guarded,
                    "parameters": [[
                        "name": "unit", "in": "path", "required": true, "schema": unitSchema(nullable: false),
                        "description": "A device id or user id, percent-encoded.",
                    ]],
                    "responses": [
                        "204": ["description": "The unit has no stored group any more (also when it had none)."],
                        "400": responseRef("BadRequest"), "401": responseRef("Unauthorized"),
                        "503": responseRef("Unavailable"),
                    ],
                ]
            ],
            "/health": [
                "get": [
                    "operationId": "health",
                    "summary": "Whether the service is up, and what it serves.",
                    "security": [],
                    "responses": [
                        "200": [
                            "description": "Up.",
                            "content": ["application/json": ["schema": [
                                "type": "object", "required": ["status", "experiments", "control_sequence"],
                                "additionalProperties": false,
                                "properties": [
                                    "status": ["type": "string", "const": "ok"],
                                    "experiments": ["type": "integer", "minimum": 0, "description": "The number of experiments served."],
                                    "control_sequence": [
                                        "type": ["integer", "null"],
                                        "description": "The sequence of the control document in force; null without one.",
                                    ],
                                ],
                            ]]],
                        ]
                    ],
                ]
            ],
            "/openapi.yaml": [
                "get": [
                    "operationId": "openapi",
                    "summary": "This document, for the definitions in force.",
                    "security": [],
                    "responses": [
                        "200": [
                            "description": "The OpenAPI document.",
                            "content": ["application/yaml": ["schema": ["type": "string", "description": "An OpenAPI 3.1 document."]]],
                        ]
                    ],
                ]
            ],
        ]
    }

    /// A required JSON request body of `schema`.
    private static func jsonBody(_ schema: JSONValue, example: JSONValue?) -> JSONValue {
        var media: [(String, JSONValue)] = [("schema", schema)]
        if let example { media.append(("example", example)) }
        return ["required": true, "content": ["application/json": .object(pairs: media)]]
    }

    /// A reference to a schema of the components.
    static func ref(_ name: String) -> JSONValue {
        ["$ref": .string("#/components/schemas/\(name)")]
    }

    /// A reference to a response of the components.
    private static func responseRef(_ name: String) -> JSONValue {
        ["$ref": .string("#/components/responses/\(name)")]
    }

    /// What a problem's answer holds.
    static let problemContent: JSONValue = ["application/problem+json": ["schema": ref("Problem")]]
}
