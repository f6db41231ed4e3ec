import Foundation
import Hummingbird
import HummingbirdCore
import HTTPTypes
import Logging
import NIOCore
@_spi(Tools) import SplitTestServiceBodies

/// The decision service's HTTP API over ``CurrentDefinitions`` and a ``DecisionStorage``.
///
/// ```swift
/// let served = try ServedDefinitions.load(definitions: ["experiments"], control: nil, publicKey: nil)
/// let storage = try await SQLiteStorage.open(path: "split-tests.sqlite", logger: logger)
/// let app = DecisionServer(definitions: CurrentDefinitions(served), storage: storage, key: nil)
///     .application(configuration: .init(address: .hostname("127.0.0.1", port: 8080)), logger: logger)
/// try await app.runService()
/// ```
public struct DecisionServer: Sendable {
    /// What requests are answered from; each request takes the definitions in force when it starts.
    public var definitions: CurrentDefinitions
    /// Where stored groups and events are kept.
    @_spi(Tools) public var storage: any DecisionStorage
    /// The key every `/v1` request must bear, when set.
    public var key: String?

    /// Creates the service.
    @_spi(Tools) public init(definitions: CurrentDefinitions, storage: any DecisionStorage, key: String?) {
        self.definitions = definitions
        self.storage = storage
        self.key = key
    }

    /// How long a request may take to arrive, head and body, from its first byte, and an idle
    /// connection stay open, unless the application is given another.
    public static let defaultRequestTimeout = Duration.seconds(30)

    /// The application serving the API, ready to run. A request that has not arrived whole within
    /// `requestTimeout` of its first byte is answered `408` and its connection closed.
    public func application(
        configuration: ApplicationConfiguration, logger: Logger, requestTimeout: Duration = defaultRequestTimeout,
        onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let timeout = TimeAmount(requestTimeout)
        // Hummingbird's own idle timeout stays off: the guard closes idle connections too, and
        // two timers would race to close a request that arrives slowly.
        var channel = HTTP1Channel.Configuration()
        let limits = channel.httpDecoder
        channel.additionalChannelHandlers = { [RequestArrivalGuard(timeout: timeout, limits: limits)] }
        return Application(
            router: router(), server: .http1(configuration: channel), configuration: configuration,
            onServerRunning: onServerRunning, logger: logger)
    }

    /// The routes: `/health` and `/openapi.yaml` open to all, `/v1` behind the key when one is
    /// set; a request no route takes is `405` on a known path, `404` elsewhere.
    func router() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: ProblemMiddleware())
        var routes = RouteTable()
        let open = router.group()
        routes.add(.get, "/health", to: open) { _, _ in Response.json(Self.health(of: definitions.served)) }
        routes.add(.get, "/openapi.yaml", to: open) { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/yaml"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: definitions.served.openAPIDocument)))
        }
        let v1 = router.group()
        if let key { v1.add(middleware: BearerKeyMiddleware(key: key)) }
        routes.add(.post, "/v1/assignments", to: v1) { request, context in
            let body = try await Self.body(of: request)
            let served = definitions.served
            let request: AssignmentRequest
            do throws(RequestProblem) {
                request = try AssignmentRequest(
                    body: body, experiments: served.experiments.map(\.definition.identifier),
                    attributeKinds: served.attributeKinds)
            } catch {
                throw Problem.badRequest(error)
            }
            let answers = try await Decider(storage: storage, definitions: served).decide(request)
            return Response.json(ResponseBodies.assignments(answers))
        }
        routes.add(.post, "/v1/events", to: v1) { request, context in
            let body = try await Self.body(of: request)
            let batch: EventBatch
            do throws(RequestProblem) {
                batch = try EventBatch(body: body, events: definitions.served.events)
            } catch {
                throw Problem.badRequest(error)
            }
            try await storage.appendEvents(batch.lines)
            return Response.json(ResponseBodies.accepted(batch.lines.count), status: .accepted)
        }
        routes.add(.get, "/v1/control", to: v1) { request, _ in
            guard let control = definitions.served.control else {
                throw Problem(
                    .notFound, title: "Not found",
                    detail: "no control document is in force: start the service with --control FILE")
            }
            let headers: HTTPFields = [.eTag: control.etag, .cacheControl: "no-cache"]
            if EntityTags.ifNoneMatch(request.headers[values: .ifNoneMatch], matches: control.etag) {
                return Response(status: .notModified, headers: headers)
            }
            var withType = headers
            withType[.contentType] = "application/json"
            return Response(status: .ok, headers: withType, body: ResponseBody(byteBuffer: ByteBuffer(bytes: control.data)))
        }
        routes.add(.delete, "/v1/units/{unit}", to: v1) { _, context in
            let raw = context.parameters.get("unit") ?? ""
            let unit = raw.removingPercentEncoding ?? raw
            if let problem = UnitID.problem(with: unit) { throw Problem.badRequest("the unit \(problem)") }
            try await storage.deleteAssignments(unit: unit)
            return Response(status: .noContent)
        }
        let ofrep = router.group()
        if let key { ofrep.add(middleware: BearerKeyMiddleware(key: key, acceptsAPIKeyHeader: true)) }
        routes.add(.post, "/ofrep/v1/evaluate/flags/{key}", to: ofrep) { request, context in
            let raw = context.parameters.get("key") ?? ""
            let flag = raw.removingPercentEncoding ?? raw
            let served = definitions.served
            guard served.experiment(flag) != nil else {
                let problem = OFREPProblem.flagNotFound(flag, served: served.experiments.map(\.definition.identifier))
                return Response.json(OFREPAnswers.failure(key: flag, problem), status: .notFound)
            }
            let body = try await Self.body(of: request)
            let evaluation: OFREPRequest
            do throws(OFREPProblem) {
                evaluation = try OFREPRequest(body: body, attributeKinds: served.attributeKinds)
            } catch {
                return Response.json(OFREPAnswers.failure(key: flag, error), status: .badRequest)
            }
            let answers = try await Decider(storage: storage, definitions: served).decide(evaluation.assignmentRequest(for: [flag]))
            return Response.json(OFREPAnswers.evaluation(answers[0]))
        }
        routes.add(.post, "/ofrep/v1/evaluate/flags", to: ofrep) { request, context in
            let served = definitions.served
            let body = try await Self.body(of: request)
            let evaluation: OFREPRequest
            do throws(OFREPProblem) {
                evaluation = try OFREPRequest(body: body, attributeKinds: served.attributeKinds)
            } catch {
                return Response.json(OFREPAnswers.failure(key: nil, error), status: .badRequest)
            }
            let answers = try await Decider(storage: storage, definitions: served)
                .decide(evaluation.assignmentRequest(for: served.experiments.map(\.definition.identifier)))
            let etag = OFREPAnswers.etag(of: answers, generation: served.generation)
            if EntityTags.ifNoneMatch(request.headers[values: .ifNoneMatch], matches: etag) {
                return Response(status: .notModified, headers: [.eTag: etag])
            }
            return Response.json(OFREPAnswers.bulk(answers), headers: [.eTag: etag])
        }
        // Last, so that it wraps only the requests no route above takes.
        router.add(middleware: UnroutedRequestMiddleware(routes: routes))
        return router
    }

    /// What `GET /health` answers for the definitions in force.
    ///
    /// A function of its own rather than the route's closure: the release build of Swift 6.3.1
    /// crashed optimising that closure (in its copy propagation) when it built the value inline.
    static func health(of served: ServedDefinitions) -> [UInt8] {
        ResponseBodies.health(experiments: served.experimentCount, controlSequence: served.controlSequence)
    }

    /// The request's body: `415` unless it is declared JSON (`application/json`, with any
    /// parameters) and not encoded, `413` past 1 MiB before more of it is read.
    private static func body(of request: Request) async throws -> [UInt8] {
        let contentType = request.headers[.contentType]
        let contentEncoding = request.headers[.contentEncoding].flatMap { $0.lowercased() == "identity" ? nil : $0 }
        guard contentEncoding == nil, let contentType, isJSON(contentType) else {
            throw Problem.unsupportedMediaType(contentType: contentType, contentEncoding: contentEncoding)
        }
        if let length = request.headers[.contentLength].flatMap(Int.init), length > Problem.maximumBodySize {
            throw Problem.tooLarge
        }
        var buffer = try await request.body.collect(upTo: Problem.maximumBodySize)
        return buffer.readBytes(length: buffer.readableBytes) ?? []
    }

    /// Whether a `Content-Type` names JSON: its media type, before any parameter, is
    /// `application/json` in any case.
    static func isJSON(_ contentType: String) -> Bool {
        contentType.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces).lowercased() == "application/json"
    }
}
