import Foundation
import TestTools
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The scriptable HTTP server of `Support/control_server.py`, running as a process on loopback.
final class ControlServer: @unchecked Sendable {
    // @unchecked: the process and pipe are set once in `init` and only read afterwards;
    // `stop()` is called once, by the test that started the server.
    /// How the server answers the next document requests.
    struct Script: Encodable {
        var status = 200
        var etag: String?
        var body: Data = Data()
        var honorIfNoneMatch = true
        var delay: Double?
        var hold = false
        var cutShort = false
        var oversize: Int?
        var announceLength = true

        enum CodingKeys: String, CodingKey {
            case status, etag, delay, hold, oversize
            case body = "body_b64"
            case honorIfNoneMatch = "honor_if_none_match"
            case cutShort = "cut_short"
            case announceLength = "announce_length"
        }
    }

    /// A document request the server received.
    struct Request: Decodable, Equatable {
        var path: String
        var ifNoneMatch: String?

        enum CodingKeys: String, CodingKey {
            case path
            case ifNoneMatch = "if_none_match"
        }
    }

    private let process: ChildProcess
    let port: Int

    /// The document's address.
    var documentURL: URL { URL(string: "http://127.0.0.1:\(port)/control.json")! }

    init() throws {
        try Oracle.python3.require()
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Support/control_server.py")
        // The server prints its port, then serves until its standard input ends.
        process = try ChildProcess(program: "python3", [script.path], keepInputOpen: true)
        let line = process.waitForLine(startingWith: "", timeout: 60) ?? ""
        guard let port = Int(line) else {
            process.terminate()
            throw ServerError.noPort(line + process.errors)
        }
        self.port = port
    }

    enum ServerError: Error { case noPort(String), badAnswer(Int), noRequest(Int) }

    func stop() {
        process.closeInput()
        process.terminate()
    }

    func script(_ script: Script) async throws {
        try await post("/_script", body: JSONEncoder().encode(script))
    }

    func release() async throws {
        try await post("/_release", body: Data("{}".utf8))
    }

    func requests() async throws -> [Request] {
        let (data, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/_requests")!)
        return try JSONDecoder().decode([Request].self, from: data)
    }

    /// Waits until the server has received `count` document requests.
    func waitForRequests(_ count: Int) async throws {
        for _ in 0..<500 {
            if try await requests().count >= count { return }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        throw ServerError.noRequest(count)
    }

    private func post(_ path: String, body: Data) async throws {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = "POST"
        request.httpBody = body
        let (_, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else { throw ServerError.badAnswer(status) }
    }
}

/// Runs `body` with a fresh server, stopped afterwards.
func withControlServer<T>(_ body: (ControlServer) async throws -> T) async throws -> T {
    let server = try ControlServer()
    do {
        let result = try await body(server)
        server.stop()
        return result
    } catch {
        server.stop()
        throw error
    }
}
