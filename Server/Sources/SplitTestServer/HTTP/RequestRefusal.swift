import Hummingbird
import HummingbirdCore
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// A request that ``RequestArrivalGuard`` refused (it came too slowly, or was not valid HTTP):
/// the error a route reading its body gets, so that a body cut short is never taken for the whole.
/// The guard answers the client itself; the route's own answer is not sent.
struct RequestRefusal: Error {
    /// What the client is told.
    var problem: Problem
}

extension Problem {
    /// A request whose head and body did not all arrive within `timeout` of its first byte.
    static func requestTimeout(_ timeout: TimeAmount) -> Problem {
        let nanoseconds = timeout.nanoseconds
        let seconds = nanoseconds % 1_000_000_000 == 0 ? "\(nanoseconds / 1_000_000_000)" : "\(Double(nanoseconds) / 1e9)"
        return Problem(
            .requestTimeout, title: "Request timeout",
            detail: "the request did not arrive whole within \(seconds) s of its first byte; send its head and body without pausing")
    }

    /// The problem with a request the HTTP/1.1 decoder could not read, or `nil` when `error` is
    /// not about the request's bytes (a connection reset, say).
    static func malformedRequest(_ error: any Error, limits: HTTP1Channel.Configuration.DecoderConfiguration) -> Problem? {
        switch error {
        case HTTPParserError.headerOverflow:
            return Problem(
                .requestHeaderFieldsTooLarge, title: "Request header fields too large",
                detail: "the request's header fields are over this service's limits (\(limits.maxHeaderFieldCount) fields, "
                    + "\(limits.maxHeaderListSize) bytes in all, \(limits.maxHeaderFieldSize) bytes each)")
        case let error as HTTPParserError:
            return .badRequest("the request is not valid HTTP/1.1: \(error.debugDescription)")
        case is HTTP1TypeConversionError:
            return .badRequest("the request is not valid HTTP/1.1: its method or target cannot be read")
        default:
            return nil
        }
    }
}
