import SplitTestCompiler
import Testing

/// Every limit of `CompilerLimits` reports a located error past its bound instead of crashing,
/// hanging or growing without end.
@Suite struct DiagnosticsLimitTests {
    static let small = CompilerLimits(
        fileSize: 400, nestingDepth: 4, experiments: 2, groupsPerExperiment: 3,
        parametersPerGroup: 2, scalarLength: 20, nodesPerDocument: 40)

    @Test func fileSize() {
        let yaml = experiment(extra: "description: " + String(repeating: "x", count: 400))
        #expect(diagnostics(yaml, limits: Self.small) == [
            "bad.yaml:1:1: error: this file is \(yaml.utf8.count) bytes; the largest definition file accepted is 400 bytes"
        ])
    }

    @Test func nestingDepth() {
        let yaml = experiment(extra: "owner: [[[[[[[[deep]]]]]]]]")
        #expect(diagnostics(yaml, limits: Self.small) == [
            "bad.yaml:4:11: error: the definition nests more than 4 levels deep here; definitions are at most a few levels deep"
        ])
    }

    static func nested(_ depth: Int) -> String {
        "identifier: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n"
    }

    @Test func deepNestingWithDefaultLimitsIsAnError() {
        let result = compile([("bad.yaml", Self.nested(1_000))])
        #expect(result.diagnostics.first?.description
            == "bad.yaml:1:28: error: the definition nests more than 16 levels deep here; definitions are at most a few levels deep")
        #expect(result.experiments.isEmpty)
    }

    /// libyaml's time grows with the square of the flow depth, so such input never reaches it.
    @Test func hostileNestingIsRejectedBeforeLibYAMLSeesIt() {
        let result = compile([("bad.yaml", Self.nested(1_000_000))])
        #expect(result.diagnostics.map(\.description) == [
            "bad.yaml:1:1037: error: the definition nests more than 16 levels deep here; definitions are at most a few levels deep"
        ])
    }

    @Test func deepBlockNestingIsAnError() {
        let yaml = "identifier: x\nowner:\n" + String(repeating: "- ", count: 100_000) + "x\n"
        let result = compile([("bad.yaml", yaml)])
        #expect(result.diagnostics.first?.description
            == "bad.yaml:3:31: error: the definition nests more than 16 levels deep here; definitions are at most a few levels deep")
    }

    @Test func scalarLength() {
        let yaml = experiment(extra: "owner: " + String(repeating: "x", count: 21))
        #expect(diagnostics(yaml, limits: Self.small) == [
            "bad.yaml:4:8: error: this value is 21 bytes long; the longest value accepted is 20 bytes"
        ])
    }

    @Test func experimentsPerRun() {
        let result = compile(
            [("a.yaml", experiment("a") + "\n---\n" + experiment("b")), ("c.yaml", experiment("c"))],
            limits: Self.small)
        #expect(result.diagnostics.map(\.description) == [
            "c.yaml:1:1: error: the definitions hold more than 2 experiments, the most one run accepts"
        ])
        #expect(result.experiments.map(\.identifier) == ["a", "b"])
    }

    @Test func groupsPerExperiment() {
        #expect(diagnostics("identifier: x\ntype: device\ngroups: [a, b, c, d]\n", limits: Self.small) == [
            "bad.yaml:3:9: error: 'groups' declares 4 groups; an experiment may declare at most 3"
        ])
    }

    @Test func parametersPerGroup() {
        let yaml = "identifier: x\ntype: device\ngroups:\n  a: { params: { p: 1, q: 2, r: 3 } }\n  b: {}\n"
        #expect(diagnostics(yaml, limits: Self.small) == [
            "bad.yaml:4:16: error: 3 parameters of group 'a'; a group may declare at most 2"
        ])
    }

    @Test func nodesPerDocument() {
        let yaml = "identifier: x\ntype: device\ngroups: [" + (0..<40).map { "g\($0)" }.joined(separator: ", ") + "]\n"
        #expect(diagnostics(yaml, limits: Self.small) == [
            "bad.yaml:3:165: error: this document has more than 40 values, the most one document may hold; split it"
        ])
    }

    @Test func theNodeLimitAppliesPerDocument() {
        let yaml = experiment("a") + "\n---\n" + experiment("b")
        let limits = CompilerLimits(
            fileSize: 1000, nestingDepth: 4, experiments: 10, groupsPerExperiment: 3,
            parametersPerGroup: 2, scalarLength: 20, nodesPerDocument: 9)
        let result = compile([("ok.yaml", yaml)], limits: limits)
        #expect(result.diagnostics.isEmpty)
        #expect(result.experiments.count == 2)
    }

    /// Limits that keep three errors and warnings per file; the others are as the defaults.
    static let threeDiagnostics = CompilerLimits(
        fileSize: 1 << 20, nestingDepth: 16, experiments: 100, groupsPerExperiment: 10,
        parametersPerGroup: 10, scalarLength: 100, diagnosticsPerFile: 3)

    /// An experiment with `count` unknown keys, `k0` … on lines 4 onwards.
    static func unknownKeys(_ count: Int) -> String {
        experiment(extra: (0..<count).map { "k\($0): 1" }.joined(separator: "\n"))
    }

    @Test func diagnosticsPastTheLimitOfAFileAreCountedNotShown() {
        let result = compile([("bad.yaml", Self.unknownKeys(5))], limits: Self.threeDiagnostics)
        #expect(result.diagnostics.map(\.description) == [
            "bad.yaml:4:1: error: unknown key 'k0'",
            "bad.yaml:5:1: error: unknown key 'k1'",
            "bad.yaml:6:1: error: unknown key 'k2'",
            "bad.yaml:7:1: error: 2 more errors from here on are not shown; a file shows its first 3",
        ])
        #expect(result.hasErrors)
    }

    @Test func theDiagnosticLimitAppliesPerFile() {
        let files = [
            ("a.yaml", Self.unknownKeys(4)), ("b.yaml", experiment("fine")), ("c.yaml", Self.unknownKeys(3)),
        ]
        let result = compile(files, limits: Self.threeDiagnostics)
        #expect(result.diagnostics.map(\.description) == [
            "a.yaml:4:1: error: unknown key 'k0'",
            "a.yaml:5:1: error: unknown key 'k1'",
            "a.yaml:6:1: error: unknown key 'k2'",
            "a.yaml:7:1: error: 1 more error from here on is not shown; a file shows its first 3",
            "c.yaml:4:1: error: unknown key 'k0'",
            "c.yaml:5:1: error: unknown key 'k1'",
            "c.yaml:6:1: error: unknown key 'k2'",
        ])
    }

    @Test func warningsPastTheLimitStayWarnings() {
        // Five experiments past their expiry date: five warnings, and still no error.
        let yaml = (0..<5).map { experiment("e\($0)", extra: "expires: 2020-01-01") }.joined(separator: "\n---\n")
        let result = compile([("old.yaml", yaml)], limits: Self.threeDiagnostics)
        #expect(!result.hasErrors)
        #expect(result.experiments.count == 5)
        let printed = result.diagnostics.map(\.description)
        #expect(printed.count == 4)
        #expect(printed.prefix(3).allSatisfy { $0.contains(": warning: ") })
        #expect(printed.last == "old.yaml:19:10: warning: 2 more warnings from here on are not shown; a file shows its first 3")
    }

    @Test func errorsAndWarningsLeftOutTogetherAreCountedApart() {
        // Three expired experiments fill the file's three places; then one more expired, and one
        // with an unknown key.
        let expired = (0..<4).map { experiment("e\($0)", extra: "expires: 2020-01-01") }
        let yaml = (expired + [experiment("bad", extra: "colour: red")]).joined(separator: "\n---\n")
        let result = compile([("mixed.yaml", yaml)], limits: Self.threeDiagnostics)
        #expect(result.hasErrors)
        #expect(result.diagnostics.last?.description
            == "mixed.yaml:19:10: error: 1 more error and 1 more warning from here on are not shown; a file shows its first 3")
    }

    @Test func aHostileFileOfUnknownKeysPrintsAtMostTheLimit() {
        // 2,000 documents of ten unknown keys each: 20,000 errors, of which the default limit shows 200.
        let document = Self.unknownKeys(10)
        let yaml = Array(repeating: document, count: 2_000).joined(separator: "\n---\n")
        let result = compile([("hostile.yaml", yaml)])
        #expect(result.diagnostics.count == 201)
        #expect(result.diagnostics.last?.message == "19800 more errors from here on are not shown; a file shows its first 200")
    }
}
