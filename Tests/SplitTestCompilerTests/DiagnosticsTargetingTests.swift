@_spi(Tools) import SplitTestCompiler
@_spi(Generated) import SplitTesting
import Testing

/// `targeting:` of an experiment, checked against the built-in and declared attributes.
@Suite struct DiagnosticsTargetingTests {
    /// The attributes document the cases declare their custom attributes in.
    static let attributes = """
        attributes:
          plan: { type: string, values: [free, trial, pro] }
          days_since_install: { type: int }
          beta_tester: { type: bool }
          carrier: { type: string }
        """

    /// An experiment whose targeting is `lines`, each indented under `targeting:` (line 5 on).
    static func targeted(_ lines: String...) -> String {
        experiment(extra: "targeting:\n" + lines.map { "  " + $0 }.joined(separator: "\n"))
    }

    /// Compiles the experiment as `bad.yaml` with the attributes in `attributes.yaml`.
    static func printed(_ yaml: String) -> [String] {
        compile([("attributes.yaml", attributes), ("bad.yaml", yaml)]).diagnostics.map(\.description)
    }

    static let cases: [(name: String, yaml: String, expected: [String])] = [
        ("an undeclared attribute, with a suggestion", targeted("paln: [pro]"), [
            "bad.yaml:5:3: error: attribute 'paln' is not declared: the built-in attributes are app_version, platform, os_version, region, and custom ones are declared in an 'attributes' document; did you mean 'plan'?",
        ]),
        ("a value outside values", targeted("plan: [pro, platinum]"), [
            "bad.yaml:5:15: error: 'platinum' is not a value of attribute 'plan' (free, trial, pro)",
        ]),
        ("a misspelt value", targeted("plan: { not: [tiral] }"), [
            "bad.yaml:5:17: error: 'tiral' is not a value of attribute 'plan' (free, trial, pro); did you mean 'trial'?",
        ]),
        ("a comparison on a string", targeted("plan: \">= pro\""), [
            "bad.yaml:5:9: error: attribute 'plan' is a string: comparisons such as '>= pro' apply to versions and numbers only; write a value, a list of values or { not: [values] }",
        ]),
        ("a comparison on a bool", targeted("beta_tester: \"== true\""), [
            "bad.yaml:5:16: error: attribute 'beta_tester' is a bool: comparisons such as '== true' apply to versions and numbers only; write true or false",
        ]),
        ("a comparison on a platform", targeted("platform: \"> ios\""), [
            "bad.yaml:5:13: error: attribute 'platform' is a platform: comparisons such as '> ios' apply to versions and numbers only; write a value, a list of values or { not: [values] }",
        ]),
        ("a bool that is not true or false", targeted("beta_tester: yes"), [
            "bad.yaml:5:16: error: attribute 'beta_tester' is a bool: write true or false; found 'yes'",
        ]),
        ("an int that is not a number", targeted("days_since_install: [3, many]"), [
            "bad.yaml:5:27: error: attribute 'days_since_install' is an int; found 'many'",
        ]),
        ("an int comparison with a fraction", targeted("days_since_install: \">= 7.5\""), [
            "bad.yaml:5:23: error: attribute 'days_since_install' is an int; found '7.5' in '>= 7.5'",
        ]),
        ("a version with a leading zero", targeted("app_version: \">= 5.02\""), [
            "bad.yaml:5:16: error: '5.02' is not a version: 'app_version' is compared by whole numbers joined by dots, without leading zeros or suffixes, like 5.2.0",
        ]),
        ("a version with a suffix", targeted("os_version: [17.0-beta]"), [
            "bad.yaml:5:16: error: '17.0-beta' is not a version: 'os_version' is compared by whole numbers joined by dots, without leading zeros or suffixes, like 5.2.0",
        ]),
        ("a version with an empty component", targeted("app_version: \"5..2\""), [
            "bad.yaml:5:16: error: '5..2' is not a version: 'app_version' is compared by whole numbers joined by dots, without leading zeros or suffixes, like 5.2.0",
        ]),
        ("a malformed operator", targeted("app_version: \"=> 5\""), [
            "bad.yaml:5:16: error: '=> 5' in the condition on 'app_version' is not a comparison: write ==, !=, <, <=, > or >= followed by a value, and join comparisons with commas, like \">= 5.2, < 6\"",
        ]),
        ("a comparison without a value", targeted("app_version: \">= 5, <\""), [
            "bad.yaml:5:16: error: '<' in the condition on 'app_version' is not a comparison: write ==, !=, <, <=, > or >= followed by a value, and join comparisons with commas, like \">= 5.2, < 6\"",
        ]),
        ("a second comparison without an operator", targeted("app_version: \">= 5, 6\""), [
            "bad.yaml:5:16: error: '6' in the condition on 'app_version' is not a comparison: write ==, !=, <, <=, > or >= followed by a value, and join comparisons with commas, like \">= 5.2, < 6\"",
        ]),
        ("an empty comparison", targeted("app_version: \">= 5,\""), [
            "bad.yaml:5:16: error: an empty comparison in the condition on 'app_version' is not a comparison: write ==, !=, <, <=, > or >= followed by a value, and join comparisons with commas, like \">= 5.2, < 6\"",
        ]),
        ("a region code in lower case", targeted("region: [US, ca]"), [
            "bad.yaml:5:16: error: 'ca' is not a region code: 'region' is an ISO 3166-1 alpha-2 code, two upper-case letters like US; did you mean 'CA'?",
        ]),
        ("a region code of three letters", targeted("region: USA"), [
            "bad.yaml:5:11: error: 'USA' is not a region code: 'region' is an ISO 3166-1 alpha-2 code, two upper-case letters like US",
        ]),
        ("an unknown platform", targeted("platform: [ios, andriod]"), [
            "bad.yaml:5:19: error: 'andriod' is not a platform; 'platform' is one of ios, ipados, macos, tvos, watchos, visionos, linux, android, web; did you mean 'android'?",
        ]),
        ("a misspelt platform", targeted("platform: macso"), [
            "bad.yaml:5:13: error: 'macso' is not a platform; 'platform' is one of ios, ipados, macos, tvos, watchos, visionos, linux, android, web; did you mean 'macos'?",
        ]),
        ("contradictory version comparisons", targeted("app_version: \">= 6, < 5\""), [
            "bad.yaml:5:16: error: the condition '>= 6, < 5' on 'app_version' can never hold: no version satisfies all its comparisons",
        ]),
        ("equal and not equal", targeted("os_version: \"== 5, != 5.0\""), [
            "bad.yaml:5:15: error: the condition '== 5, != 5.0' on 'os_version' can never hold: no version satisfies all its comparisons",
        ]),
        ("two different equalities", targeted("days_since_install: \"== 3, == 4\""), [
            "bad.yaml:5:23: error: the condition '== 3, == 4' on 'days_since_install' can never hold: no number satisfies all its comparisons",
        ]),
        ("no whole number between", targeted("days_since_install: \"> 5, < 6\""), [
            "bad.yaml:5:23: error: the condition '> 5, < 6' on 'days_since_install' can never hold: no number satisfies all its comparisons",
        ]),
        ("every whole number excluded", targeted("days_since_install: \">= 5, <= 6, != 5, != 6\""), [
            "bad.yaml:5:23: error: the condition '>= 5, <= 6, != 5, != 6' on 'days_since_install' can never hold: no number satisfies all its comparisons",
        ]),
        ("a version below zero", targeted("app_version: \"< 0\""), [
            "bad.yaml:5:16: error: the condition '< 0' on 'app_version' can never hold: no version satisfies all its comparisons",
        ]),
        ("a point excluded", targeted("app_version: \">= 5, <= 5.0.0, != 5\""), [
            "bad.yaml:5:16: error: the condition '>= 5, <= 5.0.0, != 5' on 'app_version' can never hold: no version satisfies all its comparisons",
        ]),
        ("an empty list", targeted("plan: []"), [
            "bad.yaml:5:9: error: the list of 'plan' is empty; list at least one value",
        ]),
        ("an empty not list", targeted("plan: { not: [] }"), [
            "bad.yaml:5:16: error: the 'not' list of 'plan' is empty; list at least one value",
        ]),
        ("not that is not a list", targeted("plan: { not: free }"), [
            "bad.yaml:5:16: error: 'not' must be a list of values, like { not: [free] }; found 'free'",
        ]),
        ("a misspelt not", targeted("plan: { nto: [free] }"), [
            "bad.yaml:5:11: error: unknown key 'nto' in the condition on 'plan'; did you mean 'not'?",
        ]),
        ("a condition without a value", targeted("plan:"), [
            "bad.yaml:5:8: error: a value of the condition on 'plan' must be a single value; found nothing",
        ]),
        ("a nested list", targeted("plan: [[pro]]"), [
            "bad.yaml:5:10: error: a value of the condition on 'plan' must be a single value; found a list",
        ]),
        ("targeting that is a list", experiment(extra: "targeting: [plan]"), [
            "bad.yaml:4:12: error: 'targeting' must be a mapping of attribute to condition, like { app_version: \">= 5.2\" }; found a list",
        ]),
        ("empty targeting", experiment(extra: "targeting: {}"), [
            "bad.yaml:4:12: error: 'targeting' lists no condition; remove it to enrol every unit",
        ]),
        ("an attribute named twice", targeted("plan: [pro]", "plan: [free]"), [
            "bad.yaml:6:3: error: duplicate attribute 'plan' in 'targeting'",
            "bad.yaml:5:3: note: 'plan' is first defined here",
        ]),
        ("every problem of the targeting at once", targeted("paln: [pro]", "region: usa", "app_version: \">= 6, < 5\""), [
            "bad.yaml:5:3: error: attribute 'paln' is not declared: the built-in attributes are app_version, platform, os_version, region, and custom ones are declared in an 'attributes' document; did you mean 'plan'?",
            "bad.yaml:6:11: error: 'usa' is not a region code: 'region' is an ISO 3166-1 alpha-2 code, two upper-case letters like US",
            "bad.yaml:7:16: error: the condition '>= 6, < 5' on 'app_version' can never hold: no version satisfies all its comparisons",
        ]),
    ]

    @Test(arguments: cases.indices)
    func reportsEachErrorAtItsLineAndColumn(_ index: Int) {
        let testCase = Self.cases[index]
        let result = compile([("attributes.yaml", Self.attributes), ("bad.yaml", testCase.yaml)])
        #expect(result.diagnostics.map(\.description) == testCase.expected, "\(testCase.name)")
        #expect(result.experiments.isEmpty, "\(testCase.name): an experiment with an error is left out")
    }

    /// Every operator, on a version, an int and a list: compiled into the runtime's data.
    @Test func compilesEveryOperatorAndForm() throws {
        let yaml = Self.targeted(
            "app_version: \">= 5.2.0, < 6, != 5.3\"", "os_version: \"> 16, <= 18.1\"",
            "days_since_install: \"== 7\"", "platform: [ios, ipados]", "region: { not: [CN] }",
            "plan: pro", "beta_tester: true", "carrier: [\"310\", acme]")
        let result = compile([("attributes.yaml", Self.attributes), ("good.yaml", yaml)])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let targeting = try #require(result.experiments.first?.definition.targeting)
        func version(_ text: String) -> SplitTestAttributeValue { .version(SplitTestVersion(text)!) }
        #expect(targeting.conditions == [
            SplitTestCondition(attribute: "app_version", test: .comparisons([
                SplitTestComparison(operator: .greaterThanOrEqual, value: version("5.2.0")),
                SplitTestComparison(operator: .lessThan, value: version("6")),
                SplitTestComparison(operator: .notEqual, value: version("5.3")),
            ])),
            SplitTestCondition(attribute: "os_version", test: .comparisons([
                SplitTestComparison(operator: .greaterThan, value: version("16")),
                SplitTestComparison(operator: .lessThanOrEqual, value: version("18.1")),
            ])),
            SplitTestCondition(attribute: "days_since_install", test: .comparisons([
                SplitTestComparison(operator: .equal, value: .int(7)),
            ])),
            SplitTestCondition(attribute: "platform", test: .oneOf([.string("ios"), .string("ipados")])),
            SplitTestCondition(attribute: "region", test: .noneOf([.string("CN")])),
            SplitTestCondition(attribute: "plan", test: .equals(.string("pro"))),
            SplitTestCondition(attribute: "beta_tester", test: .equals(.bool(true))),
            SplitTestCondition(attribute: "carrier", test: .oneOf([.string("310"), .string("acme")])),
        ])
        #expect(result.attributes.map(\.name) == ["plan", "days_since_install", "beta_tester", "carrier"])
    }

    /// A version written as a plain number keeps its text: `5.10` is not `5.1`.
    @Test func versionsKeepTheirWrittenComponents() throws {
        let result = compile([("good.yaml", Self.targeted("app_version: 5.10"))])
        let targeting = try #require(result.experiments.first?.definition.targeting)
        #expect(targeting.conditions == [
            SplitTestCondition(attribute: "app_version", test: .equals(.version(SplitTestVersion(components: [5, 10])))),
        ])
    }

    /// Satisfiable edge cases the interval check must not reject.
    @Test(arguments: [
        "app_version: \"> 5, < 5.0.1\"", "app_version: \"<= 0\"", "app_version: \">= 5, <= 5, != 6\"",
        "days_since_install: \">= 5, <= 7, != 5, != 6\"", "days_since_install: \"< -3\"",
        "os_version: \"== 17, >= 17.0, <= 17.0.0\"",
    ])
    func acceptsConditionsThatCanHold(_ line: String) {
        let result = compile([("attributes.yaml", Self.attributes), ("good.yaml", Self.targeted(line))])
        #expect(result.diagnostics.map(\.description) == [], "\(line)")
        #expect(result.experiments.count == 1)
    }

    /// A condition on an attribute whose declaration has errors is not also called undeclared.
    @Test func aBadDeclarationIsReportedOnce() {
        let result = compile([
            ("attributes.yaml", "attributes:\n  plan: { type: text }\n"),
            ("bad.yaml", Self.targeted("plan: [pro]")),
        ])
        #expect(result.diagnostics.map(\.description) == [
            "attributes.yaml:2:17: error: 'type' must be 'string' or 'int' or 'bool', not 'text'",
        ])
    }

    /// An experiment with another error still has its targeting checked.
    @Test func targetingIsCheckedWhenTheExperimentHasOtherErrors() {
        let yaml = "identifier: x\ntype: devise\ngroups: [a, b]\ntargeting:\n  paln: [pro]\n"
        #expect(Self.printed(yaml) == [
            "bad.yaml:2:7: error: 'type' must be 'device' or 'user', not 'devise'; did you mean 'device'?",
            "bad.yaml:5:3: error: attribute 'paln' is not declared: the built-in attributes are app_version, platform, os_version, region, and custom ones are declared in an 'attributes' document; did you mean 'plan'?",
        ])
    }
}
