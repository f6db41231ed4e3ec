import Foundation

/// A throwaway PostgreSQL server for one test: a new cluster (`initdb`) in a temporary folder,
/// listening on a free loopback port, stopped and removed by ``remove()``.
///
/// On a machine without PostgreSQL the tests that need it are skipped (``oracle`` says how to
/// install it); with `SPLIT_TESTING_REQUIRE_ORACLES=1` (CI) they run and fail instead. The programs
/// are found on `PATH` or in Debian's `/usr/lib/postgresql/VERSION/bin`; `psql` on `PATH`. As
/// root, which `initdb` refuses, the cluster belongs to the `postgres` user that Debian's package
/// creates.
///
/// ```swift
/// @Test(.requires(PostgresCluster.oracle)) func reads() throws {
///     let cluster = try PostgresCluster.start()
///     defer { cluster.remove() }
///     try cluster.psql(["-c", "SELECT 1"])
/// }
/// ```
public final class PostgresCluster: @unchecked Sendable {
    // @unchecked Sendable is sound: every stored property is a constant; the server's
    // `ChildProcess` is itself Sendable.
    /// `postgres://postgres@127.0.0.1:PORT/postgres`.
    public let url: String
    private let folder: URL
    private let binaries: URL
    private let psqlPath: String
    /// `postgres` in the foreground, a child of the test (not `pg_ctl start`'s daemon).
    private let server: ChildProcess

    /// PostgreSQL's server programs and `psql`, as an oracle: skipped without, failed under CI.
    public static let oracle = Oracle(
        name: "PostgreSQL (initdb, pg_ctl, postgres, psql)", install: "apt-get install -y postgresql"
    ) {
        binariesFolder != nil && Oracle.onPath(["psql"]) != nil
    }

    /// The folder of `initdb`, `pg_ctl` and `postgres`, if PostgreSQL is installed.
    static let binariesFolder: URL? = {
        let manager = FileManager.default
        var candidates = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        // Debian keeps the server's programs out of PATH, one folder per major version: newest first.
        let debian = "/usr/lib/postgresql"
        let versions = ((try? manager.contentsOfDirectory(atPath: debian)) ?? []).sorted { Int($0) ?? 0 > Int($1) ?? 0 }
        candidates += versions.map { "\(debian)/\($0)/bin" }
        return candidates.first { folder in
            ["initdb", "pg_ctl", "postgres"].allSatisfy { manager.isExecutableFile(atPath: "\(folder)/\($0)") }
        }.map { URL(fileURLWithPath: $0) }
    }()

    /// Creates and starts a cluster; returns once it accepts connections, or throws with what
    /// the programs printed.
    public static func start() throws -> PostgresCluster {
        try oracle.require()
        guard let binaries = binariesFolder, let psql = Oracle.onPath(["psql"]) else {
            throw Failure(description: oracle.skipReason)
        }
        let folder = URL(fileURLWithPath: "/tmp").appendingPathComponent("split-test-postgres-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do {
            if getuid() == 0 { try run("/bin/chown", ["postgres:", folder.path]) }
            let data = folder.appendingPathComponent("data").path
            try run(command(binaries, "initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]))
            let port = try freePort()
            // Loopback only, its socket in its own folder, no fsync: a test's database need not
            // survive a power cut.
            let (executable, arguments) = command(
                binaries, "postgres",
                ["-D", data, "-p", "\(port)", "-c", "listen_addresses=127.0.0.1", "-k", folder.path, "-c", "fsync=off"])
            let server = try ChildProcess(URL(fileURLWithPath: executable), arguments, label: "postgres")
            let cluster = PostgresCluster(binaries: binaries, folder: folder, psql: psql, port: port, server: server)
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline, server.isRunning {
                if server.errors.contains("ready to accept connections") { return cluster }
                usleep(50_000)
            }
            cluster.remove()
            throw Failure(description: "PostgreSQL did not start: \(server.errors)")
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    private init(binaries: URL, folder: URL, psql: String, port: Int, server: ChildProcess) {
        self.binaries = binaries
        self.folder = folder
        self.psqlPath = psql
        self.server = server
        url = "postgres://postgres@127.0.0.1:\(port)/postgres"
    }

    /// Runs `psql` with `arguments` on the database at `database` (a URL; the cluster's own
    /// database when `nil`), stopping at the first error; returns what it printed, or throws with
    /// it when it fails.
    @discardableResult
    public func psql(_ arguments: [String], database: String? = nil) throws -> String {
        try Self.run((psqlPath, [database ?? url, "-X", "-q", "-v", "ON_ERROR_STOP=1"] + arguments))
    }

    /// Stops the server (ending its connections at once) and removes the cluster's folder.
    public func remove() {
        if server.isRunning {
            _ = try? Self.run(Self.command(binaries, "pg_ctl", ["-D", folder.appendingPathComponent("data").path, "-m", "fast", "-w", "stop"]))
            server.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// How to run one of PostgreSQL's programs as the cluster's owner.
    private static func command(_ binaries: URL, _ program: String, _ arguments: [String]) -> (String, [String]) {
        let path = binaries.appendingPathComponent(program).path
        return getuid() == 0 ? ("/usr/sbin/runuser", ["-u", "postgres", "--", path] + arguments) : (path, arguments)
    }

    @discardableResult
    private static func run(_ command: (String, [String])) throws -> String {
        let outcome = try CapturedProcess.run(URL(fileURLWithPath: command.0), command.1)
        guard outcome.status == 0 else {
            throw Failure(description: "\(command.0) \(command.1.joined(separator: " ")) exited with \(outcome.status): \(outcome.stdout)\(outcome.stderr)")
        }
        return outcome.stdout
    }

    private static func run(_ program: String, _ arguments: [String]) throws {
        try run((program, arguments))
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

    /// Why the cluster could not be started or used: what the programs printed.
    public struct Failure: Error, CustomStringConvertible {
        /// The message.
        public var description: String
    }
}
