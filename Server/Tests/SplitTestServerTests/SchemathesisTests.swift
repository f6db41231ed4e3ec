import Foundation
import Testing
import TestTools
@_spi(Tools) import SplitTesting
@_spi(Tools) import SplitTestingRemote

/// schemathesis (PyPI) generates requests from the document the running server serves at
/// `GET /openapi.yaml`, valid and invalid, and checks every answer with every check it has: no
/// 5xx; status, content type, headers and body as the document says; every request the document
/// allows accepted and every one it does not refused; methods it does not list answered 405. The
/// server serves the repository's definitions, which use schedules, prerequisites, environments,
/// a holdout, a bandit and multivariate experiments.
///
/// Skipped without schemathesis, saying how to install it; with `SPLIT_TESTING_REQUIRE_ORACLES=1`
/// (CI) it runs and fails instead (``Oracle/schemathesis``).
@Suite struct SchemathesisTests {
    @Test(.requires(.schemathesis))
    func everyAnswerKeepsTheDocument() async throws {
        try Oracle.schemathesis.require()
        let program = try #require(Oracle.schemathesisPath)
        let folder = try Paths.temporaryFolder()
        // A control document, so that GET /v1/control answers 200 and 304 as well as errors; it
        // gives the bandit its weights, so that its answers carry a period.
        let control = SplitTestControl(sequence: 3, experiments: [
            "button_color": .init(weights: ["red": 1, "blue": 1, "dark_gray": 2]),
            "onboarding_copy": .init(weights: ["short": 20, "story": 30, "video": 50], period: 2),
        ])
        let controlPath = folder.appendingPathComponent("control.json").path
        try ControlEnvelope(payload: control.payloadJSON(), signature: nil).data.write(to: URL(fileURLWithPath: controlPath))
        let server = try await ServerProcess.start(
            definitions: [Paths.repositoryDefinitions], database: folder.appendingPathComponent("db.sqlite").path,
            arguments: ["--control", controlPath])
        defer { server.stop() }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = [
            "run", "http://127.0.0.1:\(server.port)/openapi.yaml",
            "--checks", "all",
            "--max-examples", "60", "--seed", "20261125", "--workers", "2",
            "--request-timeout", "10",
        ]
        var environment = ProcessInfo.processInfo.environment
        // Plain output in the test log; no report folder in the working directory.
        environment["NO_COLOR"] = "1"
        process.environment = environment
        process.currentDirectoryURL = folder
        let output = Captured()
        process.standardOutput = output.pipe
        process.standardError = output.pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let printed = output.finish()
        #expect(process.terminationStatus == 0, "\(printed)")
        #expect(server.process.isRunning, "the server exited: \(server.printed)")
    }
}
