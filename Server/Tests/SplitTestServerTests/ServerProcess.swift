import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The built `split-test-server`, started as a process on a free loopback port and spoken to
/// over HTTP, as a client on another platform would.
final class ServerProcess: @unchecked Sendable {
    let process: Process
    let port: Int
    private let output: Captured
    private let errors: Captured

    /// Starts the server on the SQLite file `database`; see ``start(definitions:databaseURL:arguments:key:)``.
    static func start(
        definitions: [String] = [Paths.definitions], database: String, arguments: [String] = [],
        key: String? = nil
    ) async throws -> ServerProcess {
        try await start(definitions: definitions, databaseURL: "sqlite:\(database)", arguments: arguments, key: key)
    }

    /// Starts the server with `--database databaseURL` and waits for the line that says it
    /// listens; throws with what it printed when it exits instead.
    static func start(
        definitions: [String] = [Paths.definitions], databaseURL: String, arguments: [String] = [],
        key: String? = nil
    ) async throws -> ServerProcess {
        let process = Process()
        process.executableURL = Paths.product("split-test-server")
        process.arguments = ["--definitions"] + definitions + ["--database", databaseURL, "--port", "0"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SPLIT_TEST_SERVER_KEY"] = key
        process.environment = environment
        let output = Captured(), errors = Captured()
        process.standardOutput = output.pipe
        process.standardError = errors.pipe
        try process.run()
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if let line = output.text.split(separator: "\n").first(where: { $0.contains("listening on http://") }),
                let port = line.split(separator: ":").last.flatMap({ Int($0.prefix(while: \.isNumber)) })
            {
                return ServerProcess(process: process, port: port, output: output, errors: errors)
            }
            if !process.isRunning { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        process.terminate()
        process.waitUntilExit()
        throw StartFailure(status: process.terminationStatus, output: output.finish(), errors: errors.finish())
    }

    /// Starts the server expecting it to refuse to: the failure it exited with, or `nil`, with
    /// an issue recorded, when it started.
    static func refusal(
        definitions: [String] = [Paths.definitions], database: String, arguments: [String] = []
    ) async throws -> StartFailure? {
        do {
            let server = try await start(definitions: definitions, database: database, arguments: arguments)
            server.stop()
            Issue.record("the server started with \(definitions) \(arguments)")
            return nil
        } catch let failure as StartFailure {
            return failure
        }
    }

    /// What `split-test-server --help` prints.
    static func help() throws -> String {
        let process = Process()
        process.executableURL = Paths.product("split-test-server")
        process.arguments = ["--help"]
        let output = Captured()
        process.standardOutput = output.pipe
        try process.run()
        process.waitUntilExit()
        return output.finish()
    }

    private init(process: Process, port: Int, output: Captured, errors: Captured) {
        self.process = process
        self.port = port
        self.output = output
        self.errors = errors
    }

    /// What the server has printed so far, its logs included.
    var printed: String { output.text + errors.text }

    /// Sends the server a signal, as `kill -SIGNAL pid` would.
    func signal(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Stops the server as a service manager would (SIGTERM), waits for it to exit and returns
    /// its exit status (0 after a graceful shutdown).
    @discardableResult func stop() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Sends one request and returns the status, headers and body.
    func request(
        _ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:]
    ) async throws -> HTTPAnswer {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        request.cachePolicy = .reloadIgnoringLocalCacheData
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await Self.session.data(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
        }
        return HTTPAnswer(status: http.statusCode, headers: fields, body: String(decoding: data, as: UTF8.self))
    }

    /// A session that neither caches nor stores cookies, so that every answer is the server's.
    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.timeoutIntervalForRequest = 30
        return URLSession(configuration: configuration)
    }()

    /// `POST /v1/assignments` with `body`, the assignments by experiment.
    func assign(_ body: String) async throws -> [String: [String: Any]] {
        let answer = try await request("POST", "/v1/assignments", body: body)
        guard answer.status == 200, let list = answer.json["assignments"] as? [[String: Any]] else {
            throw UnexpectedAnswer(answer: answer)
        }
        return Dictionary(list.map { ($0["experiment"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    }

    struct StartFailure: Error, CustomStringConvertible {
        var status: Int32
        var output: String
        var errors: String
        var description: String { "split-test-server exited with \(status): \(errors)\(output)" }
    }

    struct UnexpectedAnswer: Error, CustomStringConvertible {
        var answer: HTTPAnswer
        var description: String { "unexpected answer \(answer.status): \(answer.body)" }
    }
}

/// What the server answered.
struct HTTPAnswer {
    var status: Int
    /// The headers, by lowercased name.
    var headers: [String: String]
    var body: String

    /// The body as a JSON object (empty when it is not one).
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
    }
}

/// A pipe whose bytes are collected as they arrive, so that a chatty process never blocks.
final class Captured: @unchecked Sendable {
    let pipe = Pipe()
    private let lock = NSLock()
    private var data = Data()

    init() {
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let chunk = handle.availableData
            guard let self, !chunk.isEmpty else { return }
            self.lock.withLock { self.data.append(chunk) }
        }
    }

    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }

    /// Everything the process wrote, once it has exited: what the handler has not read yet too.
    func finish() -> String {
        pipe.fileHandleForReading.readabilityHandler = nil
        let rest = pipe.fileHandleForReading.readDataToEndOfFile()
        return lock.withLock {
            data.append(rest)
            return String(decoding: data, as: UTF8.self)
        }
    }
}

/// Where the tests find what they use.
enum Paths {
    /// This package's folder.
    static let package = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The test definitions.
    static let definitions = package.appendingPathComponent("Tests/SplitTestServerTests/Fixtures/experiments").path

    /// The repository's example definitions, which use every kind of definition: schedules,
    /// prerequisites, environments, a holdout, a bandit and multivariate experiments.
    static let repositoryDefinitions = package.deletingLastPathComponent().appendingPathComponent("experiments").path

    /// A product built beside the tests (`swift build --package-path Server` builds the server;
    /// `--product splitc` the root package's tool).
    static func product(_ name: String) -> URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent(name)
    }

    /// A new empty folder for one test's database and documents.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("split-test-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
