import SplitTestCompiler
@_spi(Generated) @_spi(Tools) import SplitTesting
import Testing

/// `status: stopped` and `force:`, the keys that remote control documents carry too.
@Suite struct DiagnosticsControlTests {
    static let cases: [DiagnosticCase] = [
        DiagnosticCase(
            "a misspelt status suggests stopped", experiment(extra: "status: stoped"),
            "bad.yaml:4:9: error: 'status' must be 'running' or 'stopped' or 'resolved', not 'stoped'; did you mean 'stopped'?"),
        DiagnosticCase(
            "a stopped experiment with a winner", experiment(extra: "status: stopped\nwinner: blue"),
            "bad.yaml:5:1: error: a stopped experiment serves its control to every unit and has no 'winner'; remove it, or write 'status: resolved'"),
        DiagnosticCase(
            "force naming no group", experiment(extra: "force: { qa-1: blu }"),
            "bad.yaml:4:16: error: group 'blu' is not defined; did you mean 'blue'?"),
        DiagnosticCase(
            "force naming no group in block style", experiment(extra: "force:\n  qa-1: red\n  user-42: green"),
            "bad.yaml:6:12: error: group 'green' is not defined"),
        DiagnosticCase(
            "an empty unit id", experiment(extra: "force: { \"\": blue }"),
            "bad.yaml:4:10: error: a unit id in 'force' must not be empty"),
        DiagnosticCase(
            "a null unit id", experiment(extra: "force: { ~: blue }"),
            "bad.yaml:4:10: error: unit ids in 'force' must be text; found nothing"),
        DiagnosticCase(
            "a unit forced twice", experiment(extra: "force: { qa-1: red, qa-1: blue }"),
            "bad.yaml:4:21: error: duplicate unit id 'qa-1' in 'force'",
            "bad.yaml:4:10: note: 'qa-1' is first forced here"),
        DiagnosticCase(
            "force that is not a mapping", experiment(extra: "force: qa-1"),
            "bad.yaml:4:8: error: 'force' must be a mapping of unit ids to group names, like { \"qa-device-1\": blue }; found 'qa-1'"),
        DiagnosticCase(
            "force that is a list", experiment(extra: "force: [qa-1]"),
            "bad.yaml:4:8: error: 'force' must be a mapping of unit ids to group names, like { \"qa-device-1\": blue }; found a list"),
        DiagnosticCase(
            "a forced unit without a group", experiment(extra: "force: { qa-1: [red] }"),
            "bad.yaml:4:16: error: unit 'qa-1' in 'force' must name a group; found a list"),
        DiagnosticCase(
            "a forced unit with nothing", experiment(extra: "force: { qa-1: }"),
            "bad.yaml:4:16: error: unit 'qa-1' in 'force' must name a group; found nothing"),
        DiagnosticCase(
            "every bad entry of force reported",
            experiment(extra: "force: { a: blu, \"\": red, b: [x] }"),
            "bad.yaml:4:13: error: group 'blu' is not defined; did you mean 'blue'?",
            "bad.yaml:4:18: error: a unit id in 'force' must not be empty",
            "bad.yaml:4:30: error: unit 'b' in 'force' must name a group; found a list"),
    ]

    @Test(arguments: cases) func reports(_ testCase: DiagnosticCase) {
        testCase.check()
    }

    @Test func stoppedExperimentWarnsAndStillCompiles() throws {
        let result = compile([("bad.yaml", experiment(extra: "status: stopped"))])
        #expect(result.diagnostics.map(\.description) == [
            "bad.yaml:4:9: warning: experiment 'button_color' is stopped: every unit gets the control 'red' and nothing is enrolled or exposed; stored groups are kept for when it runs again"
        ])
        let stopped = try #require(result.experiments.first)
        #expect(stopped.definition.status == .stopped)
        #expect(stopped.definition.winnerIndex == nil)
        #expect(stopped.definition.resolve(unit: "anyone").reason == .stopped)
        #expect(stopped.definition.resolve(unit: "anyone").groupIndex == 0)
    }

    @Test func forceOnAResolvedExperimentIsFine() throws {
        let result = compile([(
            "ok.yaml",
            experiment(extra: "status: resolved\nwinner: blue\nforce: { \"qa-device-1\": red, \"42\": blue }")
        )])
        #expect(!result.hasErrors)
        let resolved = try #require(result.experiments.first)
        #expect(resolved.definition.force == ["qa-device-1": 0, "42": 1])
        let forced = resolved.definition.resolve(unit: "qa-device-1")
        #expect(forced.groupIndex == 0 && forced.reason == .forced)
        #expect(resolved.definition.resolve(unit: "someone").reason == .resolved)
    }

    @Test func forceOnAStoppedExperimentWinsOverTheStop() throws {
        let result = compile([("ok.yaml", experiment(extra: "status: stopped\nforce:\n  user-42: blue"))])
        let stopped = try #require(result.experiments.first)
        let forced = stopped.definition.resolve(unit: "user-42")
        #expect(forced.groupIndex == 1 && forced.reason == .forced)
    }

    @Test func manyForcedUnitsAreAllKeptAndFindTheirDuplicate() {
        let entries = (0..<500).map { "  unit-\($0): \($0.isMultiple(of: 2) ? "red" : "blue")" }
        let yaml = experiment(extra: "force:\n" + entries.joined(separator: "\n") + "\n  unit-7: red")
        #expect(diagnostics(yaml) == [
            "bad.yaml:505:3: error: duplicate unit id 'unit-7' in 'force'",
            "bad.yaml:12:3: note: 'unit-7' is first forced here",
        ])
        let valid = compile([("ok.yaml", experiment(extra: "force:\n" + entries.joined(separator: "\n")))])
        let force = valid.experiments.first?.definition.force
        #expect(force?.count == 500)
        #expect((0..<500).allSatisfy { force?["unit-\($0)"] == ($0.isMultiple(of: 2) ? 0 : 1) })
    }
}
