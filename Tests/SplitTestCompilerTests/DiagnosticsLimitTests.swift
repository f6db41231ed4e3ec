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
}
