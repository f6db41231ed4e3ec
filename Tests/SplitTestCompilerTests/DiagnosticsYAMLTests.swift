import SplitTestCompiler
import Testing

/// Problems in the YAML itself: syntax, empty files and documents, shapes, anchors, aliases, tags, keys.
@Suite struct DiagnosticsYAMLTests {
    static let cases: [DiagnosticCase] = [
        DiagnosticCase(
            "a mapping value where none may be", "identifier: a\n  type: b: c\n",
            "bad.yaml:2:3: error: invalid YAML: 'type' is indented more than 'identifier' on line 1, which already has its value: is it indented too far?"),
        DiagnosticCase(
            "an unclosed flow sequence", "identifier: a\ngroups: [red, blue\n",
            "bad.yaml:3:1: error: invalid YAML: did not find expected ',' or ']'",
            "bad.yaml:2:9: note: while parsing a flow sequence"),
        DiagnosticCase(
            "a tab in the indentation", "identifier: x\n\ttype: device\n",
            "bad.yaml:2:1: error: invalid YAML: this line is indented with a tab; YAML indents with spaces only: replace the tab with spaces"),
        DiagnosticCase(
            "an empty file", "",
            "bad.yaml:1:1: error: this file defines no experiment; an experiment needs at least 'identifier', 'type' and 'groups'"),
        DiagnosticCase(
            "a file of comments only", "# nothing here yet\n",
            "bad.yaml:1:1: error: this file defines no experiment; an experiment needs at least 'identifier', 'type' and 'groups'"),
        DiagnosticCase(
            "a document that is a list", "- a\n- b\n",
            "bad.yaml:1:1: error: an experiment must be a mapping of keys such as 'identifier', 'type' and 'groups'; found a list"),
        DiagnosticCase(
            "a document that is a scalar", "hello\n",
            "bad.yaml:1:1: error: an experiment must be a mapping of keys such as 'identifier', 'type' and 'groups'; found 'hello'"),
        DiagnosticCase(
            "an anchor and an alias", experiment(extra: "owner: &team growth\ndescription: *team"),
            "bad.yaml:4:8: error: anchors ('&team') are not supported; write each value out in full",
            "bad.yaml:5:14: error: aliases ('*team') are not supported; write the value out in full"),
        DiagnosticCase(
            "a custom tag", experiment(extra: "owner: !team growth"),
            "bad.yaml:4:8: error: tags ('!team') are not supported; write the value without a tag"),
        DiagnosticCase(
            "a standard tag other than !!str", experiment(extra: "traffic: !!int 50"),
            "bad.yaml:4:10: error: tags ('!!int') are not supported; write the value without a tag"),
        DiagnosticCase(
            "a duplicate key", experiment(extra: "owner: a\nowner: b"),
            "bad.yaml:5:1: error: duplicate key 'owner'",
            "bad.yaml:4:1: note: 'owner' is first defined here"),
        DiagnosticCase(
            "a misspelt key", experiment(extra: "trafic: 50"),
            "bad.yaml:4:1: error: unknown key 'trafic'; did you mean 'traffic'?"),
        DiagnosticCase(
            "an unknown key like no known one", experiment(extra: "foo_bar: 1"),
            "bad.yaml:4:1: error: unknown key 'foo_bar'"),
        DiagnosticCase(
            "a key that is a list", experiment(extra: "? [a]\n: b"),
            "bad.yaml:4:3: error: keys must be names; found a list"),
    ]

    @Test(arguments: cases) func reports(_ testCase: DiagnosticCase) {
        testCase.check()
    }

    @Test func anEmptyDocumentIsReportedAndTheNextStillCompiles() {
        let result = compile([("bad.yaml", "---\n---\n" + experiment())])
        #expect(result.diagnostics.map(\.description) == [
            "bad.yaml:1:1: error: this document is empty; an experiment needs at least 'identifier', 'type' and 'groups'"
        ])
        #expect(result.experiments.map(\.identifier) == ["button_color"])
    }

    @Test func aSeparatorAtTheEndOfAFileIsReportedOnItsOwnLine() {
        let result = compile([("bad.yaml", experiment() + "\n---\n")])
        #expect(result.diagnostics.map(\.description) == [
            "bad.yaml:5:1: error: this document is empty; an experiment needs at least 'identifier', 'type' and 'groups'"
        ])
        #expect(result.experiments.map(\.identifier) == ["button_color"])
    }

    @Test func invalidUTF8IsASyntaxErrorAtItsLine() {
        var bytes = Array("identifier: x\ntype: device\nowner: ab".utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array("\ngroups: [a, b]\n".utf8)
        let result = DefinitionCompiler.compile([SourceFile(path: "bad.yaml", contents: bytes)], today: testToday)
        #expect(result.diagnostics.map(\.description) == [
            "bad.yaml:3:10: error: invalid YAML: invalid leading UTF-8 octet"
        ])
        #expect(result.experiments.isEmpty)
    }

    @Test func documentsBeforeASyntaxErrorStillCompile() {
        let result = compile([("bad.yaml", experiment("first") + "\n---\nidentifier: [\n")])
        #expect(result.experiments.map(\.identifier) == ["first"])
        #expect(result.diagnostics.count == 2)
        #expect(result.diagnostics.first?.description.hasPrefix("bad.yaml:7:1: error: invalid YAML: ") == true)
    }
}
