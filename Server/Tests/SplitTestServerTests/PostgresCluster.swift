import Foundation
import Testing

/// A throwaway PostgreSQL server for one test: a new cluster (`initdb`) in a temporary folder,
/// listening on a free loopback port, stopped and removed by ``remove()``.
///
/// On a machine without PostgreSQL the tests that need it are skipped, saying how to install
/// it; with `SPLIT_TESTING_REQUIRE_ORACLES=1` (CI) they run and fail instead, so that a broken
/// install step cannot pass as a skip. The programs are found on `PATH` or in Debian's
/// `/usr/lib/postgresql/VERSION/bin`. As root, which `initdb` refuses, the cluster belongs to the
/// `postgres` user that Debian's package creates.
final class PostgresCluster: @unchecked Sendable {
    /// The URL the server is started with: `postgres://postgres@127.0.0.1:PORT/postgres`.
    let url: String
    let port: Int
    private let folder: URL
    private let binaries: URL
    /// The server while it runs: `postgres` in the foreground, a child of this process.
    ///
    /// Not `pg_ctl start`, whose daemon would inherit the descriptor by which Foundation's
    /// `Process` learns that its child exited, so that waiting for `pg_ctl` would never end.
    private var server: Process?

    /// The folder of `initdb`, `pg_ctl`, `postgres` and `psql`, if PostgreSQL is installed.
    static let binariesFolder: URL? = {
        let manager = FileManager.default
        let onPath = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        var candidates = onPath
        // Debian keeps the server's programs out of PATH, one folder per major version: newest first.
        let debian = "/usr/lib/postgresql"
        let versions = ((try? manager.contentsOfDirectory(atPath: debian)) ?? []).sorted { Int($0) ?? 0 > Int($1) ?? 0 }
        candidates += versions.map { "\(debian)/\($0)/bin" }
        return candidates.first { folder in
            ["initdb", "pg_ctl", "postgres", "psql"].allSatisfy { manager.isExecutableFile(atPath: "\(folder)/\($0)") }
        }.map { URL(fileURLWithPath: $0) }
    }()

    /// Whether a test that needs PostgreSQL runs: when it is installed, or when every oracle is
    /// required (and its absence fails the test).
    static var shouldRun: Bool {
        binariesFolder != nil || ProcessInfo.processInfo.environment["SPLIT_TESTING_REQUIRE_ORACLES"] == "1"
    }

    static let skipReason: Comment = "PostgreSQL (initdb, pg_ctl) not found; install with: apt-get install -y postgresql"

    /// Creates and starts a cluster; throws with what the programs printed when one fails.
    static func start() async throws -> PostgresCluster {
        guard let binaries = binariesFolder else {
            throw Failure(
                description: "PostgreSQL not found, and SPLIT_TESTING_REQUIRE_ORACLES=1 requires it; "
                    + "install with: apt-get install -y postgresql")
        }
        let folder = URL(fileURLWithPath: "/tmp").appendingPathComponent("split-test-postgres-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let cluster = PostgresCluster(binaries: binaries, folder: folder, port: try freePort())
        do {
            if getuid() == 0 {
                try run("/bin/chown", ["postgres:", folder.path])
            }
            try cluster.asOwner(
                "initdb", ["-D", cluster.data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"])
            try await cluster.startServer()
        } catch {
            cluster.remove()
            throw error
        }
        return cluster
    }

    private init(binaries: URL, folder: URL, port: Int) {
        self.binaries = binaries
        self.folder = folder
        self.port = port
        url = "postgres://postgres@127.0.0.1:\(port)/postgres"
    }

    private var data: String { folder.appendingPathComponent("data").path }

    /// Starts the server (again, on the same port with the same data); returns once it accepts
    /// connections.
    func startServer() async throws {
        let logPath = folder.appendingPathComponent("server.log").path
        if !FileManager.default.fileExists(atPath: logPath) {
            FileManager.default.createFile(atPath: logPath, contents: nil)
        }
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        let startOfThisRun = Int(try log.seekToEnd())
        // Loopback only, its socket in its own folder, no fsync: a test's database need not
        // survive a power cut.
        let arguments = [
            "-D", data, "-p", "\(port)", "-c", "listen_addresses=127.0.0.1", "-k", folder.path,
            "-c", "fsync=off", "-c", "max_connections=100",
        ]
        let process = Process()
        let (executable, serverArguments) = command("postgres", arguments)
        process.executableURL = executable
        process.arguments = serverArguments
        process.standardOutput = log
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        try process.run()
        server = process
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            guard process.isRunning else { break }
            if printed(since: startOfThisRun).contains("ready to accept connections") { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        let printed = printed(since: startOfThisRun)
        throw Failure(description: "PostgreSQL did not start: \(printed)")
    }

    /// What the server logged since `offset` in its log.
    private func printed(since offset: Int) -> String {
        let data = FileManager.default.contents(atPath: folder.appendingPathComponent("server.log").path) ?? Data()
        return String(decoding: data.dropFirst(offset), as: UTF8.self)
    }

    /// Stops the server (ending its connections at once) and waits until it has.
    func stopServer() throws {
        guard let server, server.isRunning else { return }
        try asOwner("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"])
        server.waitUntilExit()
        self.server = nil
    }

    /// Stops the server, if it runs, and removes the cluster's folder.
    func remove() {
        try? stopServer()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs `statement` with `psql` as the cluster's owner; what it printed, unaligned, a row a
    /// line and the columns separated by `|`.
    @discardableResult
    func sql(_ statement: String) throws -> String {
        try asOwner("psql", ["-h", "127.0.0.1", "-p", "\(port)", "-U", "postgres", "-At", "-c", statement, "postgres"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs one of PostgreSQL's programs as the cluster's owner, until it exits; what it printed.
    @discardableResult
    private func asOwner(_ program: String, _ arguments: [String]) throws -> String {
        let (executable, arguments) = command(program, arguments)
        return try Self.run(executable.path, arguments)
    }

    /// How to run one of PostgreSQL's programs as the cluster's owner.
    private func command(_ program: String, _ arguments: [String]) -> (URL, [String]) {
        let path = binaries.appendingPathComponent(program).path
        if getuid() == 0 {
            return (URL(fileURLWithPath: "/usr/sbin/runuser"), ["-u", "postgres", "--", path] + arguments)
        }
        return (URL(fileURLWithPath: path), arguments)
    }

    @discardableResult
    private static func run(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(program) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus): \(text)")
        }
        return text
    }

    /// A loopback port nothing listens on now.
    private static func freePort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "no socket for finding a free port") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(socket, address, length) == 0 && getsockname(socket, address, &length) == 0
            }
        }
        guard bound else { throw Failure(description: "no free loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }
}
