import Foundation
import Testing

/// A request must arrive whole within `--request-timeout` of its first byte: one that stalls, or
/// trickles in a byte at a time, gets `408` as problem+json and its connection is closed; an idle
/// connection is closed without a word. Spoken to over raw TCP, as a hostile client would.
@Suite(.serialized) struct RequestTimeoutTests {
    static let timeout = 2.0

    static func start() async throws -> ServerProcess {
        let folder = try Paths.temporaryFolder()
        return try await ServerProcess.start(
            database: folder.appendingPathComponent("db.sqlite").path,
            arguments: ["--request-timeout", String(timeout)])
    }

    /// Expects the connection's answer to be a 408 problem and the connection closed, no sooner
    /// than the timeout after `start`.
    static func expectTimedOut(_ connection: RawConnection, since start: ContinuousClock.Instant, _ what: String) {
        #expect(connection.closed, "\(what)")
        #expect(ContinuousClock.now - start >= .seconds(timeout) - .milliseconds(100), "\(what)")
        guard let answer = connection.answer else {
            Issue.record("\(what): no answer before the connection closed: \(connection.text.debugDescription)")
            return
        }
        #expect(answer.status == 408, "\(what)")
        #expect(answer.headers["content-type"] == "application/problem+json", "\(what)")
        #expect(answer.headers["connection"] == "close", "\(what)")
        // The time of the answer, as every 4xx carries it.
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "GMT")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let date = answer.headers["date"].flatMap(format.date(from:))
        #expect(date.map { abs($0.timeIntervalSinceNow) < 60 } == true, "\(what): \(answer.headers)")
        #expect(answer.json["status"] as? Int == 408, "\(what)")
        #expect(answer.json["title"] as? String == "Request timeout", "\(what)")
        #expect((answer.json["detail"] as? String)?.contains("within 2 s of its first byte") == true, "\(what): \(answer.body)")
    }

    @Test(arguments: [
        ("a body of 1 byte out of 100", "POST /v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n[", false),
        ("half a header", "POST /v1/assignments HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-", false),
        ("a body sent a byte at a time", "POST /v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n", true),
    ])
    func aRequestThatDoesNotArriveInTimeIsAnswered408AndClosed(what: String, request: String, trickle: Bool) async throws {
        let server = try await Self.start()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        let start = ContinuousClock.now
        connection.write(request)
        // A byte every 200 ms keeps any idle timeout from firing; only a deadline ends it.
        while trickle, !connection.closed, ContinuousClock.now - start < .seconds(20) {
            guard connection.write(" ") else { break }
            connection.read(for: .milliseconds(200))
        }
        connection.read(for: .seconds(20))
        Self.expectTimedOut(connection, since: start, what)
        // The server answers the next client.
        #expect(try await server.request("GET", "/health").status == 200)
    }

    @Test func anIdleConnectionIsClosedWithoutAWord() async throws {
        let server = try await Self.start()
        defer { server.stop() }
        // Never a byte.
        let silent = try RawConnection(port: server.port)
        let start = ContinuousClock.now
        silent.read(for: .seconds(20))
        #expect(silent.closed)
        #expect(silent.text.isEmpty, "\(silent.text)")
        #expect(ContinuousClock.now - start >= .seconds(Self.timeout) - .milliseconds(100))

        // Two requests answered on one connection, then nothing: closed after the timeout too,
        // with the two answers and nothing more.
        let kept = try RawConnection(port: server.port)
        kept.write("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        kept.read(for: .seconds(20))
        #expect(kept.closed)
        #expect(kept.text.components(separatedBy: "HTTP/1.1 200 OK").count == 3, "\(kept.text)")
        #expect(!kept.text.contains("408"), "\(kept.text)")
    }

    @Test func theTimeoutIsAPositiveNumberOfSeconds() async throws {
        for value in ["0", "-1", "nan", "inf", "86401"] {
            if let failure = try await ServerProcess.refusal(
                database: try Paths.temporaryFolder().appendingPathComponent("db.sqlite").path,
                arguments: ["--request-timeout=\(value)"])
            {
                #expect(failure.status != 0)
                #expect(failure.errors.contains("--request-timeout must be a number of seconds greater than 0"), "\(value): \(failure.errors)")
            }
        }
        let help = try ServerProcess.help()
        #expect(help.contains("--request-timeout <seconds>"), "\(help)")
        #expect(help.contains("(default: 30.0)"), "\(help)")
    }
}
