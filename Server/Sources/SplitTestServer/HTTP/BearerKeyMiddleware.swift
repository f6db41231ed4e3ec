import Hummingbird
import HTTPTypes

/// Requires `Authorization: Bearer <key>` when the service has a key; the comparison takes the
/// same time wherever the first difference is, so that timing does not reveal the key.
struct BearerKeyMiddleware<Context: RequestContext>: RouterMiddleware {
    var key: String

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let prefix = "Bearer "
        guard let header = request.headers[.authorization], header.hasPrefix(prefix),
            ConstantTime.equal(Array(header.utf8.dropFirst(prefix.utf8.count)), Array(key.utf8))
        else {
            throw Problem(
                .unauthorized, title: "Unauthorized",
                detail: "this service needs the header 'Authorization: Bearer <key>' with the key it was started with")
        }
        return try await next(request, context)
    }
}

/// Comparing secrets without revealing through timing where they differ.
enum ConstantTime {
    /// Whether the two are equal, looking at every byte of the longer one whatever they hold.
    static func equal(_ given: [UInt8], _ expected: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: given.count ^ expected.count)
        for index in 0..<max(given.count, expected.count) {
            let a = index < given.count ? given[index] : 0
            let b = index < expected.count ? expected[index] : 0
            difference |= a ^ b
        }
        return difference == 0 && given.count == expected.count
    }
}
