import HTTPTypes
@_spi(Tools) import SplitTestServiceBodies

/// An error answered as `application/problem+json`: a title that names the kind of problem, the
/// status, and a detail a person can act on.
public struct Problem: Error, Sendable, Equatable {
    /// The HTTP status.
    public var status: HTTPResponse.Status
    /// What went wrong, the same for every problem of the kind.
    public var title: String
    /// What went wrong this time, and what to do about it.
    public var detail: String
    /// Header fields the status calls for (`Allow` beside a 405, say).
    public var headers: HTTPFields

    /// Creates a problem.
    public init(_ status: HTTPResponse.Status, title: String, detail: String, headers: HTTPFields = [:]) {
        self.status = status
        self.title = title
        self.detail = detail
        self.headers = headers
    }

    /// A request the client must change: bad JSON, a missing unit, an unknown experiment.
    static func badRequest(_ detail: String) -> Problem {
        Problem(.badRequest, title: "Bad request", detail: detail)
    }

    /// A request body that cannot be used, as its reader said why.
    static func badRequest(_ problem: RequestProblem) -> Problem {
        badRequest(problem.detail)
    }

    /// The JSON body of the problem.
    var body: [UInt8] {
        ResponseBodies.problem(title: title, status: status.code, detail: detail)
    }
}
