import Hummingbird
import HTTPTypes
import Logging
import NIOCore

/// Turns every error into a problem response: a ``Problem`` as it is, a request the
/// ``RequestArrivalGuard`` refused as it was told, Hummingbird's own errors with their status, a
/// body over the limit as 413, and anything else, which only the database can cause, as 503: the
/// service itself is fine and answers again once the database does.
struct ProblemMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let problem as Problem {
            return .problem(problem)
        } catch let refusal as RequestRefusal {
            return .problem(refusal.problem)
        } catch is NIOTooManyBytesError {
            return .problem(.tooLarge)
        } catch let error as HTTPError {
            return .problem(Problem(error.status, title: error.status.reasonPhrase, detail: error.body ?? error.status.reasonPhrase))
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

    /// A body that is not declared as JSON, or that is encoded (compressed, say).
    static func unsupportedMediaType(contentType: String?, contentEncoding: String?) -> Problem {
        let given = if let contentEncoding {
            "it is sent with 'Content-Encoding: \(contentEncoding)', which this service does not decode"
        } else if let contentType {
            "it is sent as '\(contentType)'"
        } else {
            "it has no Content-Type"
        }
        return Problem(
            .unsupportedMediaType, title: "Unsupported media type",
            detail: "the body must be JSON, sent with 'Content-Type: application/json'; \(given)")
    }
}
