import SplitTestCompiler
import Testing

/// The experiment's own keys: identifier, type, status, traffic, layer, expires, swift_name,
/// control, winner and salt.
@Suite struct DiagnosticsExperimentTests {
    static let cases: [DiagnosticCase] = [
        DiagnosticCase(
            "every required key missing, all reported", "description: nothing else\n",
            "bad.yaml:1:1: error: missing required key 'identifier'",
            "bad.yaml:1:1: error: missing required key 'type'",
            "bad.yaml:1:1: error: missing required key 'groups'"),
        DiagnosticCase(
            "an identifier that is not a name", experiment("Button-Color"),
            "bad.yaml:1:13: error: identifier 'Button-Color' must start with a lowercase letter and contain only lowercase letters, digits and underscores"),
        DiagnosticCase(
            "an identifier of 65 characters", experiment(String(repeating: "a", count: 65)),
            "bad.yaml:1:13: error: identifier 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...' is 65 characters long; the limit is 64"),
        DiagnosticCase(
            "an identifier that is a mapping", "identifier: { a: 1 }\ntype: device\ngroups: [a, b]\n",
            "bad.yaml:1:13: error: 'identifier' must be a single value; found a mapping"),
        DiagnosticCase(
            "a misspelt type", "identifier: x\ntype: devise\ngroups: [a, b]\n",
            "bad.yaml:2:7: error: 'type' must be 'device' or 'user', not 'devise'; did you mean 'device'?"),
        DiagnosticCase(
            "an unknown status", experiment(extra: "status: done"),
            "bad.yaml:4:9: error: 'status' must be 'running' or 'stopped' or 'resolved', not 'done'"),
        DiagnosticCase(
            "traffic of zero", experiment(extra: "traffic: 0"),
            "bad.yaml:4:10: error: 'traffic' must be more than 0 and at most 100; found '0'"),
        DiagnosticCase(
            "traffic above 100", experiment(extra: "traffic: 150"),
            "bad.yaml:4:10: error: 'traffic' must be more than 0 and at most 100; found '150'"),
        DiagnosticCase(
            "traffic that is not a number", experiment(extra: "traffic: abc"),
            "bad.yaml:4:10: error: 'traffic' must be a number of percent; found 'abc'"),
        DiagnosticCase(
            "traffic that overflows to infinity", experiment(extra: "traffic: 1e400"),
            "bad.yaml:4:10: error: 'traffic' must be a number of percent; found '1e400'"),
        DiagnosticCase(
            "traffic finer than a bucket", experiment(extra: "traffic: 33.333"),
            "bad.yaml:4:10: error: 'traffic' is 33.333, finer than 0.01 percent (one of the 10,000 buckets); round it to two decimals"),
        DiagnosticCase(
            "a layer without a range", experiment(extra: "layer: { name: checkout }"),
            "bad.yaml:4:8: error: missing required key 'range' in 'layer'"),
        DiagnosticCase(
            "a layer range that is not a list", experiment(extra: "layer: { name: checkout, range: 50 }"),
            "bad.yaml:4:33: error: 'range' must be a list of two percentages of the layer, like [0, 50]; found '50'"),
        DiagnosticCase(
            "a layer range that ends before it starts", experiment(extra: "layer: { name: checkout, range: [50, 20] }"),
            "bad.yaml:4:33: error: the layer range must start before it ends (0 ≤ start < end ≤ 100); found [50, 20]"),
        DiagnosticCase(
            "a layer range past 100", experiment(extra: "layer: { name: checkout, range: [0, 150] }"),
            "bad.yaml:4:37: error: the end of 'range' must be between 0 and 100; found '150'"),
        DiagnosticCase(
            "a layer range finer than a bucket", experiment(extra: "layer: { name: checkout, range: [0.001, 50] }"),
            "bad.yaml:4:34: error: the start of 'range' is 0.001, finer than 0.01 percent (one of the 10,000 buckets); round it to two decimals"),
        DiagnosticCase(
            "a bad layer name and an unknown layer key",
            experiment(extra: "layer: { name: Check Out, range: [0, 50], size: 3 }"),
            "bad.yaml:4:16: error: layer name 'Check Out' must start with a lowercase letter and contain only lowercase letters, digits and underscores",
            "bad.yaml:4:43: error: unknown key 'size' in 'layer'"),
        DiagnosticCase(
            "a layer that is a scalar", experiment(extra: "layer: checkout"),
            "bad.yaml:4:8: error: 'layer' must be a mapping like { name: checkout, range: [0, 50] }; found 'checkout'"),
        DiagnosticCase(
            "a date without leading zeros", experiment(extra: "expires: 2027-3-1"),
            "bad.yaml:4:10: error: 'expires' must be a date written YYYY-MM-DD; found '2027-3-1'"),
        DiagnosticCase(
            "a date that does not exist", experiment(extra: "expires: 2027-02-29"),
            "bad.yaml:4:10: error: 'expires' is not a real date: 2027-02-29"),
        DiagnosticCase(
            "a swift_name that is not a type name", experiment(extra: "swift_name: Buy-Button"),
            "bad.yaml:4:13: error: 'swift_name' must be a Swift type name (a letter or underscore, then letters, digits and underscores); found 'Buy-Button'"),
        DiagnosticCase(
            "a swift_name that is a keyword", experiment(extra: "swift_name: Self"),
            "bad.yaml:4:13: error: 'swift_name' 'Self' is a Swift keyword; choose another name"),
        DiagnosticCase(
            "a swift_name that shadows a type the generated code uses", experiment(extra: "swift_name: String"),
            "bad.yaml:4:13: error: 'swift_name' 'String' is already a type name of SplitTesting or of the generated code; choose another name"),
        DiagnosticCase(
            "a control naming no group", experiment(extra: "control: blu"),
            "bad.yaml:4:10: error: group 'blu' is not defined; did you mean 'blue'?"),
        DiagnosticCase(
            "a winner without status resolved", experiment(extra: "winner: blue"),
            "bad.yaml:4:1: error: 'winner' is only allowed together with 'status: resolved'"),
        DiagnosticCase(
            "a resolved experiment without a winner", experiment(extra: "status: resolved"),
            "bad.yaml:4:9: error: a resolved experiment must name its 'winner'"),
        DiagnosticCase(
            "a winner naming no group", experiment(extra: "status: resolved\nwinner: green"),
            "bad.yaml:5:9: error: group 'green' is not defined"),
        DiagnosticCase(
            "an empty salt", experiment(extra: "salt: ''"),
            "bad.yaml:4:7: error: 'salt' must not be empty"),
        DiagnosticCase(
            "a description that is a list", experiment(extra: "description: [x]"),
            "bad.yaml:4:14: error: 'description' must be a single value; found a list"),
    ]

    @Test(arguments: cases) func reports(_ testCase: DiagnosticCase) {
        testCase.check()
    }
}
