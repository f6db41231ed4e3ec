import Foundation
import Testing

/// An external program that a test checks the package's results against: Python with SciPy,
/// DuckDB or GrowthBook's engine, a JVM for Spark, Chromium for the HTML readout.
///
/// On a machine that has only what the README asks for, a test whose oracle is missing is
/// skipped, and the skip says what is missing and how to install it. CI installs every oracle
/// and sets `SPLIT_TESTING_REQUIRE_ORACLES=1`: then a missing oracle fails the test instead, so
/// that a broken install step can never pass as a skip.
///
/// ```swift
/// @Test(.requires(.scipy)) func matchesSciPy() throws {
///     try Oracle.scipy.require()
///     …
/// }
/// ```
public struct Oracle: Sendable {
    /// What the oracle is, for messages: "Python packages scipy, statsmodels".
    public let name: String
    /// How to install it: "python3 -m pip install scipy statsmodels".
    public let install: String
    /// Whether it is present on this machine, probed once.
    public let isAvailable: Bool

    /// The environment variable under which a missing oracle fails instead of skipping.
    public static let requireVariable = "SPLIT_TESTING_REQUIRE_ORACLES"

    /// Whether this run must have every oracle (CI).
    public static var isRequired: Bool {
        ProcessInfo.processInfo.environment[requireVariable] == "1"
    }

    /// Whether a test that needs the oracle runs: when it is present, or when every oracle is
    /// required (so that its absence fails the test).
    public var shouldRun: Bool { isAvailable || Self.isRequired }

    /// Why a test that needs it is skipped.
    public var skipReason: String { "\(name) not found; install with: \(install)" }

    /// Throws, naming what is missing and how to install it, when the oracle is absent; call
    /// it first in a test that runs because oracles are required.
    public func require() throws {
        guard !isAvailable else { return }
        throw Missing(description: "\(name) not found, and \(Self.requireVariable)=1 requires every oracle; install with: \(install)")
    }

    /// The failure of ``require()``.
    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }

    /// An oracle present when `probe` says so.
    public init(name: String, install: String, probe: () -> Bool) {
        self.name = name
        self.install = install
        self.isAvailable = probe()
    }

    /// Python 3 on `PATH` with every module of `modules` importable.
    public static func python(_ modules: [String], install: String) -> Oracle {
        let packages = modules.count == 1 ? "Python package " : "Python packages "
        return Oracle(name: packages + modules.joined(separator: ", "), install: install) {
            pythonImports(modules, python: "python3")
        }
    }

    /// Whether `python` (a name on `PATH` or an absolute path) imports every module of `modules`.
    public static func pythonImports(_ modules: [String], python: String) -> Bool {
        let statement = "import " + modules.joined(separator: ", ")
        guard let outcome = try? run(python, ["-c", statement]) else { return false }
        return outcome == 0
    }

    /// The first of `names` found on `PATH`, as an absolute path.
    public static func onPath(_ names: [String]) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        for name in names {
            for folder in folders {
                let path = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: path) { return path }
            }
        }
        return nil
    }

    /// The exit status of `program arguments…` (found on `PATH` unless absolute).
    private static func run(_ program: String, _ arguments: [String]) throws -> Int32 {
        try ChildProcess(program: program, arguments).waitUntilExit()
    }
}

extension Oracle {
    /// SciPy and statsmodels, the references of the readout's statistics.
    public static let scipy = Oracle.python(
        ["scipy", "statsmodels"], install: "python3 -m pip install scipy statsmodels")

    /// jsonschema and PyYAML, which check the definition language's JSON Schema.
    public static let jsonSchema = Oracle.python(
        ["jsonschema", "yaml"], install: "python3 -m pip install jsonschema pyyaml")

    /// Python's cryptography, which cross-checks Ed25519 signatures.
    public static let cryptography = Oracle.python(
        ["cryptography"], install: "python3 -m pip install cryptography")

    /// DuckDB and PySpark (local mode, on a Java runtime), which run the emitted warehouse SQL.
    public static let warehouse = Oracle(
        name: "Python packages duckdb, pyspark, pandas and a Java runtime",
        install: "python3 -m pip install duckdb pyspark pandas; apt-get install -y default-jre-headless"
    ) {
        onPath(["java"]) != nil && pythonImports(["duckdb", "pyspark", "pandas"], python: "python3")
    }

    /// DuckDB alone (and pandas, which writes its results as CSV): the emitted warehouse SQL
    /// run without Spark, for the tests that need one engine and no JVM.
    public static let duckdb = Oracle.python(["duckdb", "pandas"], install: "python3 -m pip install duckdb pandas")

    /// GrowthBook's statistics engine, gbstats 0.8.0, the reference of the effects (CUPED, Welch's
    /// t, the sequential test). It pins numpy < 2 and pandas < 2, so it has a virtual environment
    /// of its own, whose Python is ``gbstatsPython``.
    public static let gbstats = Oracle(
        name: "gbstats (Python at \(gbstatsPython))",
        install: "python3 -m venv .build-oracles/gbstats && .build-oracles/gbstats/bin/pip install gbstats==0.8.0"
    ) {
        pythonImports(["gbstats"], python: gbstatsPython)
    }

    /// The environment variable that names the Python of gbstats' environment.
    public static let gbstatsPythonVariable = "SPLIT_TESTING_GBSTATS_PYTHON"

    /// The Python of gbstats' environment: `$SPLIT_TESTING_GBSTATS_PYTHON` when set, else
    /// `.build-oracles/gbstats/bin/python` in the repository.
    public static var gbstatsPython: String {
        if let python = ProcessInfo.processInfo.environment[gbstatsPythonVariable], !python.isEmpty { return python }
        return repositoryRoot.appendingPathComponent(".build-oracles/gbstats/bin/python").path
    }

    /// The repository's root folder: this file is `Tests/TestTools/Oracle.swift` in it.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Headless Chromium, which renders the HTML readout.
    public static let chromium = Oracle(
        name: "Chromium", install: "apt-get install -y chromium"
    ) {
        chromiumPath != nil
    }

    /// Chromium's path on `PATH`, if any.
    public static var chromiumPath: String? {
        onPath(["chromium", "chromium-browser", "google-chrome"])
    }
}

extension Oracle {
    /// Python 3 alone, which runs the tests' loopback servers.
    public static let python3 = Oracle(name: "Python 3", install: "apt-get install -y python3") {
        onPath(["python3"]) != nil
    }

    /// Debian's Kotlin compiler (`kotlinc`, 1.3 or later) and the Java runtime that runs what it
    /// builds: the generated Kotlin compiles with `-Werror` and runs.
    public static let kotlin = Oracle(name: "kotlinc and java", install: "apt-get install -y kotlin") {
        onPath(["kotlinc"]) != nil && onPath(["java"]) != nil
    }

    /// Debian's TypeScript compiler (`tsc`, 4.8 or later) and node, which runs what it emits:
    /// the generated TypeScript compiles with `tsc --strict` and runs.
    public static let typeScript = Oracle(
        name: "tsc and node", install: "apt-get install -y node-typescript nodejs"
    ) {
        onPath(["tsc"]) != nil && onPath(["node"]) != nil
    }
}

extension Oracle {
    /// schemathesis, which checks the decision service's answers against the OpenAPI document it
    /// serves; looked for in `.build-oracles/schemathesis` at the repository's root (where CI
    /// installs it), then on `PATH`.
    public static let schemathesis = Oracle(
        name: "schemathesis",
        install: "python3 -m venv .build-oracles/schemathesis && .build-oracles/schemathesis/bin/pip install schemathesis"
    ) {
        schemathesisPath != nil
    }

    /// The `st` program of schemathesis, if any.
    public static var schemathesisPath: String? {
        let venv = repositoryRoot.appendingPathComponent(".build-oracles/schemathesis/bin/st").path
        if FileManager.default.isExecutableFile(atPath: venv) { return venv }
        return onPath(["st"])
    }

    /// A stock OpenFeature client: Python's `openfeature-sdk` with `openfeature-provider-ofrep`,
    /// in `.build-oracles/openfeature` at the repository's root.
    public static let openFeature = Oracle(
        name: "openfeature-sdk with openfeature-provider-ofrep",
        install: "python3 -m venv .build-oracles/openfeature && .build-oracles/openfeature/bin/pip install openfeature-sdk openfeature-provider-ofrep"
    ) {
        pythonImports(["openfeature.contrib.provider.ofrep"], python: openFeaturePython)
    }

    /// The Python of the OpenFeature client's virtual environment.
    public static var openFeaturePython: String {
        repositoryRoot.appendingPathComponent(".build-oracles/openfeature/bin/python").path
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only when `oracle` is present, or when every oracle is required (CI), in
    /// which case a missing one fails it; otherwise skips it, saying what to install.
    public static func requires(_ oracle: Oracle) -> Self {
        .enabled(if: oracle.shouldRun, Comment(rawValue: oracle.skipReason))
    }
}
