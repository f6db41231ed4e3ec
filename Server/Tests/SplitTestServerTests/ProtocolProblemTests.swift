import Foundation
import Testing

/// What the HTTP layer refuses is answered as problem+json too: a method a path does not take
/// (`405` with `Allow`), a path the API does not have (`404`), a body that is not JSON (`415`), a
/// request that is not HTTP/1.1 (`400`) or whose head is too large (`431`).
@Suite(.serialized) struct ProtocolProblemTests {
    static func start(key: String? = nil) async throws -> ServerProcess {
        let folder = try Paths.temporaryFolder()
        return try await ServerProcess.start(database: folder.appendingPathComponent("db.sqlite").path, key: key)
    }

    /// Expects `answer` to be a problem with `status` whose detail contains `detail`.
    static func expectProblem(_ answer: HTTPAnswer, _ status: Int, _ detail: String, _ what: String) {
        #expect(answer.status == status, "\(what): \(answer.status) \(answer.body)")
        #expect(answer.headers["content-type"] == "application/problem+json", "\(what)")
        #expect(answer.json["status"] as? Int == status, "\(what): \(answer.body)")
        #expect((answer.json["title"] as? String)?.isEmpty == false, "\(what): \(answer.body)")
        #expect((answer.json["detail"] as? String)?.contains(detail) == true, "\(what): \(answer.body)")
    }

    @Test func aWrongMethodIs405WithTheAllowedOnesAndAnUnknownPath404() async throws {
        let server = try await Self.start(key: "k")
        defer { server.stop() }
        let cases: [(method: String, path: String, allow: String)] = [
            ("GET", "/v1/assignments", "POST"), ("PUT", "/v1/assignments", "POST"), ("DELETE", "/v1/events", "POST"),
            ("POST", "/v1/control", "GET, HEAD"), ("POST", "/health", "GET, HEAD"), ("PATCH", "/openapi.yaml", "GET, HEAD"),
            ("GET", "/v1/units/d1", "DELETE"), ("OPTIONS", "/v1/units/d%2F1", "DELETE"),
        ]
        for item in cases {
            // The method is refused before the key is asked for: no route, nothing to guard.
            let answer = try await server.request(item.method, item.path, body: item.method == "POST" ? "{}" : nil)
            Self.expectProblem(answer, 405, "\(item.path) answers \(item.allow), not \(item.method)", "\(item.method) \(item.path)")
            #expect(answer.headers["allow"] == item.allow, "\(item.method) \(item.path)")
        }
        for path in ["/v1/nothing", "/v1/units", "/v1/units/a/b", "/", "/v2/assignments"] {
            let answer = try await server.request("GET", path)
            Self.expectProblem(answer, 404, "no route GET \(path)", path)
            #expect(answer.headers["allow"] == nil)
        }
        // A method of some other protocol (the decoder refuses any it does not know).
        let connection = try RawConnection(port: server.port)
        connection.write("PURGE /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        connection.read(for: .seconds(20))
        let purge = try #require(connection.answer, "\(connection.text)")
        Self.expectProblem(purge, 405, "answers GET, HEAD, not PURGE", "PURGE /health")

        // HEAD is GET without the body.
        let head = try await server.request("HEAD", "/health")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
    }

    @Test func aBodyThatIsNotJSONIs415() async throws {
        let server = try await Self.start()
        defer { server.stop() }
        let refused: [(headers: [String: String], detail: String)] = [
            (["Content-Type": "text/plain"], "it is sent as 'text/plain'"),
            (["Content-Type": "application/x-www-form-urlencoded"], "it is sent as 'application/x-www-form-urlencoded'"),
            (["Content-Type": "application/jsonx"], "'application/jsonx'"),
            (["Content-Type": "application/json", "Content-Encoding": "gzip"], "'Content-Encoding: gzip'"),
        ]
        for path in ["/v1/assignments", "/v1/events"] {
            for item in refused {
                let answer = try await server.request("POST", path, body: "{}", headers: item.headers)
                Self.expectProblem(answer, 415, item.detail, "\(path) \(item.headers)")
                #expect((answer.json["detail"] as? String)?.contains("'Content-Type: application/json'") == true)
            }
            // No Content-Type at all, which only a raw client leaves out.
            let connection = try RawConnection(port: server.port)
            connection.write("POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}")
            connection.read(for: .seconds(20))
            Self.expectProblem(try #require(connection.answer, "\(connection.text)"), 415, "it has no Content-Type", path)
        }
        for type in ["application/json; charset=utf-8", "Application/JSON", " application/json ;charset=UTF-8"] {
            let answer = try await server.request("POST", "/v1/assignments", body: #"{"device": "d"}"#, headers: ["Content-Type": type])
            #expect(answer.status == 200, "\(type): \(answer.body)")
        }
        let identity = try await server.request("POST", "/v1/events", body: "[]", headers: ["Content-Encoding": "identity"])
        #expect(identity.status == 202, "\(identity.body)")
    }

    @Test func aRequestThatIsNotHTTPIs400AndAHugeHead431() async throws {
        let server = try await Self.start()
        defer { server.stop() }
        let cases: [(request: String, status: Int, detail: String)] = [
            ("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\n\r\n", 400, "the request is not valid HTTP/1.1"),
            ("GET /health HTTP/1.1\r\nHo st: x\r\n\r\n", 400, "the request is not valid HTTP/1.1"),
            ("NOT HTTP AT ALL\r\n\r\n", 400, "the request is not valid HTTP/1.1"),
            ("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(String(repeating: "a", count: 100_000))\r\n\r\n", 431, "over this service's limits"),
            // A chunked body that breaks off in the middle of the request a route is reading.
            ("POST /v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n1\r\n[\r\nzz\r\n", 400,
             "the request is not valid HTTP/1.1"),
        ]
        for item in cases {
            let connection = try RawConnection(port: server.port)
            connection.write(item.request)
            connection.read(for: .seconds(20))
            let answer = try #require(connection.answer, "\(item.request.prefix(60)): \(connection.text.debugDescription)")
            Self.expectProblem(answer, item.status, item.detail, String(item.request.prefix(60)))
            #expect(answer.headers["connection"] == "close")
            #expect(connection.closed)
        }
        // The malformed requests logged no failure of the service.
        #expect(!server.printed.contains("request failed"), "\(server.printed)")
        #expect(try await server.request("GET", "/health").status == 200)
    }

    @Test func aRequestAfterAnAnsweredOneOnTheSameConnectionIsAnsweredInTurn() async throws {
        let server = try await Self.start()
        defer { server.stop() }
        // A good request, then one that is not HTTP, in one write: the first is answered, then
        // the problem, then the connection closes.
        let connection = try RawConnection(port: server.port)
        connection.write("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /health HTTP/1.1\r\nContent-Length: x\r\n\r\n")
        connection.read(for: .seconds(20))
        #expect(connection.closed)
        let text = connection.text
        let ok = try #require(text.range(of: "HTTP/1.1 200 OK"), "\(text)")
        let bad = try #require(text.range(of: "HTTP/1.1 400 Bad Request"), "\(text)")
        #expect(ok.lowerBound < bad.lowerBound)
        let problem = try #require(RawConnection.answer(at: text[bad.lowerBound...]))
        Self.expectProblem(problem, 400, "the request is not valid HTTP/1.1", "after an answered request")
    }
}
