import Hummingbird
import HTTPTypes

extension Response {
    /// A JSON response, its body written by ``ResponseBodies``.
    static func json(_ body: [UInt8], status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/json"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// A problem, as `application/problem+json`.
    static func problem(_ problem: Problem) -> Response {
        var headers = problem.headers
        headers[.contentType] = "application/problem+json"
        if problem.status == .unauthorized { headers[.wwwAuthenticate] = "Bearer" }
        // The database is away for now: a client may try again in a second.
        if problem.status == .serviceUnavailable { headers[.retryAfter] = "1" }
        return Response(status: problem.status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: problem.body)))
    }
}
