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
        DiagnosticCase(
            "weights that look like percentages adding up to more than 100", groups("{ control: 60, variant: 50 }"),
            "bad.yaml:3:1: warning: weights add up to 110, not 100; they are relative, so the split is 54.55% / 45.45%"),
        DiagnosticCase(
            "weights that look like percentages adding up to less than 100",
            groups("\n  a: 30\n  b: { weight: 30 }\n  c: 30.5"),
            "bad.yaml:3:1: warning: weights add up to 90.5, not 100; they are relative, so the split is 33.15% / 33.15% / 33.7%"),
        DiagnosticCase("weights adding up to 100", groups("{ a: 50, b: 25, c: 25 }")),
        DiagnosticCase("relative weights far from 100", groups("{ a: 2, b: 1 }")),
        DiagnosticCase(
            "a group's keys indented one level too little",
            groups("\n  control:\n    weight: 50\n    params: { color: red }\n  variant:\n  weight: 50\n  params:\n    color: blue"),
            "bad.yaml:8:3: error: 'weight' is read as a group: is it indented under 'variant'?",
            "bad.yaml:9:3: error: 'params' is read as a group: is it indented under 'variant'?"),
        DiagnosticCase(
            "a description indented one level too little in the short form",
            groups("\n  control: 50\n  variant: 50\n  description: Blue"),
            "bad.yaml:6:3: error: 'description' is read as a group: is it indented under 'variant'?"),
    ]

    @Test func aGroupNamedWeightBesideGroupsWithWeightsIsAGroup() {
        let result = compile([("ok.yaml", Self.groups("{ control: 1, weight: 1 }"))])
        #expect(result.diagnostics.isEmpty)
        #expect(result.experiments.first?.definition.groups == ["control", "weight"])
    }

    @Test func aReservedGroupNameAndAParameterCollisionAreReportedInOneRun() {
        let yaml = Self.groups("\n  self: { params: { red: 1 } }\n  red: { params: { red: 2 } }")
        #expect(diagnostics(yaml) == [
            "bad.yaml:4:3: error: group name 'self' is reserved: the generated group enum already has a member of that name; choose another name",
            "bad.yaml:4:21: error: parameter 'red' and group 'red' both become the Swift member 'red' of the group enum; rename one",
            "bad.yaml:5:3: note: group 'red' is defined here",
        ])
    }

    @Test(arguments: cases) func reports(_ testCase: DiagnosticCase) {
        testCase.check()
    }
}
