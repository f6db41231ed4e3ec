import Foundation
import Hummingbird
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

    /// The application serving the API, ready to run.
    public func application(
        configuration: ApplicationConfiguration, logger: Logger,
        onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        Application(router: router(), configuration: configuration, onServerRunning: onServerRunning, logger: logger)
    }

    /// The routes: `/health` and `/openapi.yaml` open to all, `/v1` behind the key when one is set.
    func router() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: ProblemMiddleware())
        router.get("/health") { _, _ in Response.json(Self.health(of: definitions.served)) }
        router.get("/openapi.yaml") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/yaml"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: definitions.served.openAPIDocument)))
        }
        let v1 = router.group("v1")
        if let key { v1.add(middleware: BearerKeyMiddleware(key: key)) }
        v1.post("assignments") { request, context in
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
        v1.post("events") { request, context in
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
        v1.get("control") { request, _ in
            guard let control = definitions.served.control else {
                throw Problem(
                    .notFound, title: "Not found",
                    detail: "no control document is in force: start the service with --control FILE")
            }
            let headers: HTTPFields = [.eTag: control.etag, .cacheControl: "no-cache"]
            if let match = request.headers[.ifNoneMatch],
                match.split(separator: ",").contains(where: { ["*", control.etag].contains($0.trimmingCharacters(in: .whitespaces)) })
            {
                return Response(status: .notModified, headers: headers)
            }
            var withType = headers
            withType[.contentType] = "application/json"
            return Response(status: .ok, headers: withType, body: ResponseBody(byteBuffer: ByteBuffer(bytes: control.data)))
        }
        v1.delete("units/{unit}") { _, context in
            let raw = context.parameters.get("unit") ?? ""
            let unit = raw.removingPercentEncoding ?? raw
            if let problem = UnitID.problem(with: unit) { throw Problem.badRequest("the unit \(problem)") }
            try await storage.deleteAssignments(unit: unit)
            return Response(status: .noContent)
        }
        return router
    }

    /// What `GET /health` answers for the definitions in force.
    ///
    /// A function of its own rather than the route's closure: the release build of Swift 6.3.1
    /// crashed optimising that closure (in its copy propagation) when it built the value inline.
    static func health(of served: ServedDefinitions) -> [UInt8] {
        ResponseBodies.health(experiments: served.experimentCount, controlSequence: served.controlSequence)
    }

    /// The request's body, refused with 413 past 1 MiB before more of it is read.
    private static func body(of request: Request) async throws -> [UInt8] {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > Problem.maximumBodySize {
            throw Problem.tooLarge
        }
        var buffer = try await request.body.collect(upTo: Problem.maximumBodySize)
        return buffer.readBytes(length: buffer.readableBytes) ?? []
    }
}
