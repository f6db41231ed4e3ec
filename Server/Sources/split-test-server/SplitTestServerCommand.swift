import ArgumentParser
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import SplitTestFormats
@_spi(Tools) import SplitTestServer
import UnixSignals

/// `split-test-server`: serves the definitions' assignments over HTTP until SIGTERM or SIGINT,
/// then finishes the requests in flight and stops; SIGHUP reads the definitions and the control
/// document again.
@main
struct SplitTestServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "split-test-server",
        abstract: "Serves assignments, the control document and event collection over HTTP.",
        discussion: """
            Definitions with errors, or a control document that is rejected, print why and exit 1. \
            SIGHUP reads the definitions and the control document again; when either is invalid, \
            or the control document is a different one whose sequence is not greater than the one \
            in force, the ones in force stay and the problem is logged. \
            When SPLIT_TEST_SERVER_KEY is set, every /v1 request needs 'Authorization: Bearer <key>' \
            (401 without it, 403 with another key). \
            A request that has not arrived whole within --request-timeout of its first byte gets 408 \
            and its connection is closed, as is a connection idle for as long. \
            The API is described by GET /openapi.yaml.
            """
    )

    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp("Definition files, or folders searched recursively for *.yaml and *.yml.", valueName: "path"))
    var definitions: [String] = ["experiments"]

    @Option(help: ArgumentHelp("A control document (as splitc publish writes it) to apply and serve.", valueName: "file"))
    var control: String?

    @Option(
        name: .customLong("public-key"),
        help: ArgumentHelp("The Ed25519 public key (base64 of 32 bytes) the control document's signature must verify with.", valueName: "key"))
    var publicKey: String?

    @Option(
        help: ArgumentHelp(
            "Where stored assignments and events are kept: sqlite:FILE (created when missing), or "
                + "postgres://user:password@host:port/database, which several instances can share.",
            valueName: "url"))
    var database = "sqlite:split-tests.sqlite"

    @Option(
        name: .customLong("cached-units"),
        help: ArgumentHelp(
            "With sqlite:, how many units' stored groups are kept in memory, so that a unit seen before "
                + "is answered without a read (0 keeps none; about 600 bytes each for 10 experiments).",
            valueName: "count"))
    var cachedUnits = SQLiteStorage.defaultCachedUnits

    @Option(help: ArgumentHelp(
        "The environment whose values the experiments take (one the definitions declare); without it, their base values.",
        valueName: "name"))
    var environment: String?

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0 picks a free one, printed at start).")
    var port = 8080

    @Flag(
        name: .customLong("print-openapi"),
        help: "Prints the OpenAPI document of the service for these definitions (what GET /openapi.yaml serves) and exits.")
    var printOpenAPI = false

    @Option(
        name: .customLong("request-timeout"),
        help: ArgumentHelp(
            "How long a request may take to arrive, head and body, from its first byte, and an idle connection stay open.",
            valueName: "seconds"))
    var requestTimeout = Double(DecisionServer.defaultRequestTimeout.components.seconds)

    func validate() throws {
        // A number of nanoseconds the event loop can add to its clock: not infinite, not NaN, and
        // a day is already no timeout to speak of.
        guard requestTimeout > 0, requestTimeout <= 86_400 else {
            throw ValidationError("--request-timeout must be a number of seconds greater than 0 and at most 86400; found \(requestTimeout)")
        }
        if cachedUnits < 0 {
            throw ValidationError("--cached-units must be 0 or more")
        }
        if publicKey != nil && control == nil {
            throw ValidationError("--public-key verifies a --control document; give one")
        }
        let location: DatabaseLocation
        do {
            location = try DatabaseLocation(parsing: database)
        } catch {
            throw ValidationError("--database: \(error.description)")
        }
        if let problem = location.serviceProblem { throw ValidationError("--database: \(problem)") }
    }

    func run() async throws {
        var logger = Logger(label: "split-test-server")
        logger.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
        let load = { @Sendable [definitions, control, publicKey, environment] () throws(DefinitionsError) -> ServedDefinitions in
            try ServedDefinitions.load(definitions: definitions, control: control, publicKey: publicKey, environment: environment)
        }
        let served: ServedDefinitions
        do {
            served = try load()
        } catch {
            FileHandle.standardError.write(Data("\(error.description)\nsplit-test-server: not started\n".utf8))
            throw ExitCode(1)
        }
        if printOpenAPI {
            FileHandle.standardOutput.write(Data(served.openAPIDocument.utf8))
            return
        }
        for warning in served.warnings { logger.warning("\(warning)") }
        let location = try DatabaseLocation(parsing: database)
        let storage: any DecisionStorage
        do {
            storage = try await location.open(cachedUnits: cachedUnits, logger: logger)
        } catch {
            // The reflection of a database error holds what the server said; its plain
            // description is deliberately generic.
            let message = "split-test-server: cannot open the database \(location): \(String(reflecting: error))\nsplit-test-server: not started\n"
            FileHandle.standardError.write(Data(message.utf8))
            throw ExitCode(1)
        }
        let key = ProcessInfo.processInfo.environment["SPLIT_TEST_SERVER_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        let current = CurrentDefinitions(served)
        let reloader = DefinitionReloader(
            signals: await UnixSignalsSequence(trapping: .sighup), definitions: current, load: load, logger: logger)
        let server = DecisionServer(definitions: current, storage: storage, key: key)
        let app = server.application(
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            logger: logger, requestTimeout: .seconds(requestTimeout),
            onServerRunning: { [host, served] channel in
                let port = channel.localAddress?.port ?? 0
                // One line on standard output, which scripts and tests wait for.
                let line = "split-test-server: listening on http://\(host):\(port) (\(served.experimentCount) experiments)\n"
                FileHandle.standardOutput.write(Data(line.utf8))
            })
        let services = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [reloader, app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await services.run()
        try await storage.close()
    }
}
