import SplitTestCompiler
import Testing

/// `groups:` in its three forms: counts, names, Swift names and weights.
@Suite struct DiagnosticsGroupTests {
    static func groups(_ yaml: String) -> String {
        "identifier: x\ntype: device\ngroups: \(yaml)\n"
    }

    static let cases: [DiagnosticCase] = [
        DiagnosticCase(
            "a single group", groups("[only]"),
            "bad.yaml:3:9: error: an experiment needs at least two groups; found 1"),
        DiagnosticCase(
            "a duplicate group in a list", groups("[a, b, a]"),
            "bad.yaml:3:16: error: duplicate group 'a'",
            "bad.yaml:3:10: note: 'a' is first defined here"),
        DiagnosticCase(
            "a duplicate group in a mapping", groups("{ a: 1, b: 1, a: 2 }"),
            "bad.yaml:3:23: error: duplicate group 'a'",
            "bad.yaml:3:11: note: 'a' is first defined here"),
        DiagnosticCase(
            "a group name with a capital", groups("[Red, blue]"),
            "bad.yaml:3:10: error: group name 'Red' must start with a lowercase letter and contain only lowercase letters, digits and underscores"),
        DiagnosticCase(
            "names that become one Swift case", groups("[dark_gray, dark__gray, level_2, level2]"),
            "bad.yaml:3:21: error: groups 'dark_gray' and 'dark__gray' both become the Swift case 'darkGray'; rename one",
            "bad.yaml:3:10: note: 'dark_gray' is defined here",
            "bad.yaml:3:42: error: groups 'level_2' and 'level2' both become the Swift case 'level2'; rename one",
            "bad.yaml:3:33: note: 'level_2' is defined here"),
        DiagnosticCase(
            "reserved member names, while keywords are fine", groups("[raw_value, self, hash_value, all_cases, default]"),
            "bad.yaml:3:10: error: group name 'raw_value' (Swift 'rawValue') is reserved: the generated group enum already has a member of that name; choose another name",
            "bad.yaml:3:21: error: group name 'self' is reserved: the generated group enum already has a member of that name; choose another name",
            "bad.yaml:3:27: error: group name 'hash_value' (Swift 'hashValue') is reserved: the generated group enum already has a member of that name; choose another name",
            "bad.yaml:3:39: error: group name 'all_cases' (Swift 'allCases') is reserved: the generated group enum already has a member of that name; choose another name"),
        DiagnosticCase(
            "negative, non-numeric, NaN and infinite weights", groups("{ a: -1, b: heavy, c: .nan, d: .inf, e: 1 }"),
            "bad.yaml:3:14: error: the weight of group 'a' must not be negative; found '-1'",
            "bad.yaml:3:21: error: the weight of group 'b' must be a number; found 'heavy'",
            "bad.yaml:3:31: error: the weight of group 'c' must be a finite number; found '.nan'",
            "bad.yaml:3:40: error: the weight of group 'd' must be a finite number; found '.inf'"),
        DiagnosticCase(
            "a quoted weight is a string", groups("{ a: '1', b: 1 }"),
            "bad.yaml:3:14: error: the weight of group 'a' must be a number; found '1'"),
        DiagnosticCase(
            "all weights zero", groups("{ a: 0, b: 0 }"),
            "bad.yaml:3:9: error: at least one group must have a positive weight"),
        DiagnosticCase(
            "a positive weight too small for a bucket", groups("{ a: 1, b: 100000 }"),
            "bad.yaml:3:14: error: group 'a' has weight 1, too small a share of the total for one of the 10,000 buckets; raise it or make it 0"),
        DiagnosticCase(
            "groups that are a scalar", groups("red"),
            "bad.yaml:3:9: error: 'groups' must map group names to weights or settings, or list group names; found 'red'"),
        DiagnosticCase(
            "a list item that is a mapping", groups("[a, { b: 1 }]"),
            "bad.yaml:3:13: error: each item of 'groups' must be a group name; found a mapping"),
        DiagnosticCase(
            "a group whose value is a list", groups("{ a: [1], b: 1 }"),
            "bad.yaml:3:14: error: group 'a' must have a weight or a mapping of 'weight', 'description' and 'params'; found a list"),
        DiagnosticCase(
            "a misspelt key in a group", groups("\n  a: { wieght: 1 }\n  b: {}"),
            "bad.yaml:4:8: error: unknown key 'wieght' in group 'a'; did you mean 'weight'?"),
    ]

    @Test(arguments: cases) func reports(_ testCase: DiagnosticCase) {
        testCase.check()
    }
}
