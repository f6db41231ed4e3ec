import Hummingbird
import HTTPTypes
import Logging
import NIOCore

/// Turns every error into a problem response: a ``Problem`` as it is, Hummingbird's own errors
/// (no such route, a method not allowed) with their status, a body over the limit as 413, and
/// anything else, which only the database can cause, as 503: the service itself is fine and
/// answers again once the database does.
struct ProblemMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let problem as Problem {
            return .problem(problem)
        } catch is NIOTooManyBytesError {
            return .problem(.tooLarge)
        } catch let error as HTTPError {
            let detail = error.status == .notFound
                ? "no route \(request.method) \(request.uri.path); see GET /openapi.yaml"
                : error.body ?? error.status.reasonPhrase
            return .problem(Problem(error.status, title: error.status.reasonPhrase, detail: detail))
        } catch {
            context.logger.error("request failed: \(String(reflecting: error))", metadata: ["path": "\(request.uri.path)"])
            return .problem(
                Problem(.serviceUnavailable, title: "Service unavailable",
                        detail: "the database could not be used; try again shortly"))
        }
    }
}

extension Problem {
    /// A body larger than ``Problem/maximumBodySize``.
    static let tooLarge = Problem(
        .contentTooLarge, title: "Content too large",
        detail: "the body is larger than 1 MiB (1048576 bytes); send fewer events or experiments per request")

    /// The largest request body read.
    static let maximumBodySize = 1 << 20
}
