import SplitTestFormats
@_spi(Tools) import SplitTesting

/// The decision service's HTTP contract, written once: its routes, and the OpenAPI 3.1 document
/// that describes them, generated from the same Swift values its requests are read with and its
/// answers written with (the request fields, every ``AssignmentReason``, the built-in
/// attributes, the event vocabulary, the limits), so that the document cannot drift from what the
/// service does. `Server/openapi.yaml` is the document for no definitions in particular, checked
/// against this one by the service's tests; the service serves it at `GET /openapi.yaml` for the
/// definitions in force, with their experiments and declared attributes and events.
///
/// ```swift
/// let yaml = ServiceContract.openAPIDocument(for: ServiceContract.Definitions(
///     experiments: ["button_color"], attributeKinds: SplitTestAttributeKind.table(declared: [])))
/// ```
@_spi(Tools) public enum ServiceContract {
    /// What a served document says of the definitions in force.
    public struct Definitions: Sendable, Hashable {
        /// The experiments' identifiers, in definition order.
        public var experiments: [String]
        /// The kind of every attribute a request may give: the built-ins and those declared.
        public var attributeKinds: [String: SplitTestAttributeKind]
        /// The events the definitions declare, which `POST /v1/events` accepts beside the
        /// runtime's own.
        public var events: [SplitTestEventDeclaration]

        /// Describes the definitions in force.
        public init(
            experiments: [String], attributeKinds: [String: SplitTestAttributeKind],
            events: [SplitTestEventDeclaration] = []
        ) {
            self.experiments = experiments
            self.attributeKinds = attributeKinds
            self.events = events
        }
    }

    /// One operation of the service: a method on a path (`{name}` marks a path parameter).
    public struct Route: Sendable, Hashable {
        /// The HTTP method, in capitals.
        public var method: String
        /// The path, as OpenAPI writes it: `/v1/units/{unit}`.
        public var path: String
    }

    /// Every operation the service answers, in the document's order.
    public static let routes: [Route] = [
        Route(method: "POST", path: "/v1/assignments"),
        Route(method: "POST", path: "/v1/events"),
        Route(method: "GET", path: "/v1/control"),
        Route(method: "DELETE", path: "/v1/units/{unit}"),
        Route(method: "GET", path: "/health"),
        Route(method: "GET", path: "/openapi.yaml"),
        Route(method: "POST", path: "/ofrep/v1/evaluate/flags/{key}"),
        Route(method: "POST", path: "/ofrep/v1/evaluate/flags"),
    ]

    /// The methods `path` (as ``Route/path`` writes it) answers, for a 405's `Allow` header.
    public static func allowedMethods(forPath path: String) -> [String] {
        routes.filter { $0.path == path }.map(\.method)
    }

    /// The largest request body read, in bytes: 1 MiB.
    public static let maximumBodySize = 1 << 20

    /// The document, as YAML: for `definitions` when given (their experiments and attributes
    /// listed, so that a client generated from it, or a test generated from it, sends only what
    /// the service accepts), otherwise for any definitions.
    public static func openAPIDocument(for definitions: Definitions? = nil) -> String {
        YAMLWriter.document(document(for: definitions))
    }

    static func document(for definitions: Definitions?) -> JSONValue {
        [
            "openapi": "3.1.0",
            "info": [
                "title": "SplitTesting decision service",
                "version": "1.1.0",
                "summary": "The same assignments as the Swift runtime, for every platform.",
                "description": .string(description(for: definitions)),
            ],
            "servers": [["url": "http://127.0.0.1:8080"]],
            "security": [[:], ["bearerKey": []]],
            "paths": allPaths(),
            "components": components(for: definitions),
        ]
    }

    /// The service's own routes, then OFREP's.
    private static func allPaths() -> JSONValue {
        guard case .object(let members) = paths() else { preconditionFailure("the paths are an object") }
        return .object(members + ofrepPaths().map { JSONValue.Member(key: $0.0, value: $0.1) })
    }

    private static func description(for definitions: Definitions?) -> String {
        var text = """
            Resolves units with the definitions (and the control document) the service was started
            with, by the Swift runtime's own resolver: a unit never seen gets exactly the group and
            reason `splitc assign` gives it, and keeps that group afterwards (stored per unit and
            experiment). Every response is JSON; errors are `application/problem+json` (RFC 9457)
            with `title`, `status` and `detail`.

            When the service was started with `SPLIT_TEST_SERVER_KEY` set, every `/v1` request needs
            `Authorization: Bearer <key>` (the scheme in any case); `/health` and `/openapi.yaml`
            are always open. Request bodies are JSON (`Content-Type: application/json`) of at most
            \(maximumBodySize) bytes.

            """
        text += "\n"
        text += definitions == nil
            ? """
            This document is for any definitions: the one a service serves at `GET /openapi.yaml`
            also lists the experiments it serves and the attributes and events they declare.
            """
            : """
            This document lists the experiments the service serves, the attributes they declare and
            the events they declare.
            """
        return text
    }
}
