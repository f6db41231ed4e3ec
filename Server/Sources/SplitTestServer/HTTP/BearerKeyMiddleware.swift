import Hummingbird
import HTTPTypes

/// Requires `Authorization: Bearer <key>` when the service has a key (or, on OFREP's routes,
/// `X-API-Key: <key>`, which OFREP providers send): `401` (with `WWW-Authenticate: Bearer`) when
/// the request bears no key, `403` when it bears another key. The scheme's name is matched in any
/// case, as for every HTTP authentication scheme, and the key is compared in a time that does not
/// depend on where it differs, so that timing does not reveal it.
///
/// A wrong key is `403` rather than `401` so that every route behind the key answers alike,
/// OpenFeature's remote evaluation protocol among them, which gives `403` for a key it refuses.
struct BearerKeyMiddleware<Context: RequestContext>: RouterMiddleware {
    var key: String
    /// Whether `X-API-Key` may bear the key instead.
    var acceptsAPIKeyHeader = false

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let apiKey = acceptsAPIKeyHeader ? request.headers[Self.apiKeyField].map { Substring($0) } : nil
        guard let credentials = request.headers[.authorization].flatMap(Self.bearerCredentials) ?? apiKey else {
            throw Problem(
                .unauthorized, title: "Unauthorized",
                detail: "this service needs the header 'Authorization: Bearer <key>'"
                    + (acceptsAPIKeyHeader ? " or 'X-API-Key: <key>'" : "") + " with the key it was started with")
        }
        guard ConstantTime.equal(Array(credentials.utf8), Array(key.utf8)) else {
            throw Problem(
                .forbidden, title: "Forbidden",
                detail: "the key the request bears is not the key this service was started with")
        }
        return try await next(request, context)
    }

    /// The header OFREP providers send a key in.
    static var apiKeyField: HTTPField.Name { HTTPField.Name("X-API-Key")! }

    /// The credentials of a `Bearer` authorization (`bearer`, `BEARER` alike, then one or more
    /// spaces), or `nil` for another scheme or none.
    static func bearerCredentials(_ authorization: String) -> Substring? {
        guard let space = authorization.firstIndex(of: " ") else { return nil }
        let scheme = authorization[..<space]
        guard scheme.utf8.elementsEqual("bearer".utf8, by: { $0 | 0x20 == $1 }) else { return nil }
        let credentials = authorization[space...].drop { $0 == " " }
        return credentials.isEmpty ? nil : credentials
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
