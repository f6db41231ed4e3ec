import Hummingbird
import HTTPTypes

/// The methods the API answers on each of its paths, recorded as the routes are added, so that a
/// request no route takes can be told apart: a path of the API with another method (`405` with
/// `Allow`) from a path the API does not have (`404`). Hummingbird's router answers both alike.
struct RouteTable: Sendable {
    private var routes: [(path: RouterPath, methods: [HTTPRequest.Method])] = []

    /// Adds `handler` for `method` on `path` to `group`, and records it; a `GET` route answers
    /// `HEAD` too (the router's `autoGenerateHeadEndpoints`).
    mutating func add<Context: RequestContext>(
        _ method: HTTPRequest.Method, _ path: RouterPath, to group: RouterGroup<Context>,
        _ handler: @escaping @Sendable (Request, Context) async throws -> Response
    ) {
        group.on(path, method: method, use: handler)
        let methods = method == .get ? [method, .head] : [method]
        if let index = routes.firstIndex(where: { $0.path == path }) {
            routes[index].methods += methods
        } else {
            routes.append((path, methods))
        }
    }

    /// The methods answered on the request path `path`, in the order they were added, or `nil`
    /// when no route has that path. Segments are matched as the router matches them.
    func methods(forPath path: String) -> [HTTPRequest.Method]? {
        let segments = path.split(separator: "/")
        return routes.first { route in
            route.path.components.count == segments.count
                && zip(route.path.components, segments).allSatisfy { $0 ~= $1 }
        }?.methods
    }
}

/// Answers a request that no route took, with the ``RouteTable`` of the routes: `405` with
/// `Allow` for a path of the API asked with another method, `404` for any other path.
///
/// Added to the router after every route, so that it wraps only the responder of the requests
/// no route takes (a route's middleware is the router's at the moment the route is added).
struct UnroutedRequestMiddleware<Context: RequestContext>: RouterMiddleware {
    var routes: RouteTable

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let path = request.uri.path
            guard let methods = routes.methods(forPath: path) else {
                throw Problem(.notFound, title: "Not found", detail: "no route \(request.method) \(path); see GET /openapi.yaml")
            }
            let allowed = methods.map(\.rawValue).joined(separator: ", ")
            throw Problem(
                .methodNotAllowed, title: "Method not allowed",
                detail: "\(path) answers \(allowed), not \(request.method); see GET /openapi.yaml",
                headers: [.allow: allowed])
        }
    }
}
