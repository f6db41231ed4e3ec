import SplitTestCompiler
@_spi(Generated) @_spi(Tools) import SplitTesting
import Testing

/// Mistakes of indentation, said as such at the line that has them: a tab, a key indented too
/// far (a syntax error whose words are libyaml's otherwise), a targeting condition indented too
/// little or too far.
@Suite struct DiagnosticsIndentationTests {
    static let cases: [DiagnosticCase] = [
        DiagnosticCase(
            "a tab before a key of the experiment", "identifier: x\n\ttype: device\ngroups: [a, b]\n",
            "bad.yaml:2:1: error: invalid YAML: this line is indented with a tab; YAML indents with spaces only: replace the tab with spaces"),
        DiagnosticCase(
            "a tab before a group", "identifier: x\ntype: device\ngroups:\n  a: 1\n\tb: 1\n",
            "bad.yaml:5:1: error: invalid YAML: this line is indented with a tab; YAML indents with spaces only: replace the tab with spaces"),
        DiagnosticCase(
            "a tab before list items", "identifier: x\ntype: device\ngroups:\n\t- a\n\t- b\n",
            "bad.yaml:4:1: error: invalid YAML: this line is indented with a tab; YAML indents with spaces only: replace the tab with spaces"),
        DiagnosticCase(
            "a tab after spaces", "identifier: x\ntype: device\ngroups:\n  a: 1\n  \tb: 1\n",
            "bad.yaml:5:3: error: invalid YAML: this line is indented with a tab; YAML indents with spaces only: replace the tab with spaces"),
        DiagnosticCase(
            "a key indented under a key that has its value", "identifier: x\ntype: device\n  description: foo\ngroups: [a, b]\n",
            "bad.yaml:3:3: error: invalid YAML: 'description' is indented more than 'type' on line 2, which already has its value: is it indented too far?"),
        DiagnosticCase(
            "a group indented under the group before it", "identifier: x\ntype: device\ngroups:\n  a: 1\n    b: 1\n",
            "bad.yaml:5:5: error: invalid YAML: 'b' is indented more than 'a' on line 4, which already has its value: is it indented too far?"),
        DiagnosticCase(
            "a key indented after a flow list, past a comment",
            "identifier: x\ntype: device\ngroups: [a, b]   # two groups\n\n# the owner\n   owner: me\n",
            "bad.yaml:6:4: error: invalid YAML: 'owner' is indented more than 'groups' on line 3, which already has its value: is it indented too far?"),
        DiagnosticCase(
            "a group's key indented under its weight",
            "identifier: x\ntype: device\ngroups:\n  a:\n    weight: 1\n      params: { c: 1 }\n  b: 1\n",
            "bad.yaml:6:7: error: invalid YAML: 'params' is indented more than 'weight' on line 5, which already has its value: is it indented too far?"),
        DiagnosticCase(
            "a second mapping value on one line keeps libyaml's words",
            "identifier: x\ntype: device\ndescription: a long text\n  that continues: here\ngroups: [a, b]\n",
            "bad.yaml:4:17: error: invalid YAML: mapping values are not allowed in this context"),
        DiagnosticCase(
            "a condition indented as a key of the experiment",
            "identifier: x\ntype: device\ngroups: [a, b]\ntargeting:\n  platform: ios\napp_version: \">= 5.0\"\n",
            "bad.yaml:6:1: error: 'app_version' is read as a key of the experiment: is it indented under 'targeting'?"),
        DiagnosticCase(
            "every condition indented as a key of the experiment, leaving the targeting empty",
            "identifier: x\ntype: device\ngroups: [a, b]\ntargeting:\nplatform: ios\nregion: FR\n",
            "bad.yaml:5:1: error: 'platform' is read as a key of the experiment: is it indented under 'targeting'?",
            "bad.yaml:6:1: error: 'region' is read as a key of the experiment: is it indented under 'targeting'?"),
        DiagnosticCase(
            "a custom attribute and a segment list right after the targeting",
            "identifier: x\ntype: device\ngroups: [a, b]\ntargeting:\n  platform: ios\nplan: pro\nsegments: [paying]\nowner: me\n",
            "bad.yaml:6:1: error: 'plan' is read as a key of the experiment: is it indented under 'targeting'?",
            "bad.yaml:7:1: error: 'segments' is read as a key of the experiment: is it indented under 'targeting'?"),
        DiagnosticCase(
            "a built-in attribute without any targeting", "identifier: x\ntype: device\ngroups: [a, b]\nplatform: ios\n",
            "bad.yaml:4:1: error: 'platform' is a targeting condition, not a key of the experiment: write it under 'targeting:', like targeting: { platform: … }"),
        DiagnosticCase(
            "a misspelt key after the targeting is still a misspelling",
            "identifier: x\ntype: device\ngroups: [a, b]\ntargeting: { platform: ios }\ntrafic: 50\n",
            "bad.yaml:5:1: error: unknown key 'trafic'; did you mean 'traffic'?"),
        DiagnosticCase(
            "a key of the experiment indented under the targeting",
            "identifier: x\ntype: device\ngroups: [a, b]\ntargeting:\n  platform: ios\n  traffic: 50\n",
            "bad.yaml:6:3: error: 'traffic' is read as a targeting attribute: is it indented too far, under 'targeting'?"),
    ]

    @Test(arguments: cases) func reports(_ testCase: DiagnosticCase) {
        testCase.check()
    }

    @Test func aKeyOfTheExperimentDeclaredAsAnAttributeIsACondition() {
        let declaration = "attributes:\n  owner: { type: string }\n---\n"
        let result = compile([("a.yaml", declaration + experiment(extra: "targeting:\n  owner: growth"))])
        #expect(result.diagnostics.isEmpty)
        #expect(result.experiments.first?.definition.targeting?.conditions.first?.attribute == "owner")
    }
}
