@_spi(Tools) import SplitTestCompiler
@_spi(Generated) import SplitTesting
import Testing

/// `attributes:` and `holdout:` documents, alone and across files.
@Suite struct DiagnosticsHoldoutTests {
    /// Two device experiments and a user experiment, in `experiments.yaml`.
    static let experiments = """
        identifier: button_color
        type: device
        groups: [red, blue]
        ---
        identifier: feed_prefetch
        type: device
        groups: [off, on]
        ---
        identifier: profile_redesign
        type: user
        groups: [old, new]
        """

    static func printed(_ files: [(path: String, yaml: String)]) -> [String] {
        compile([("experiments.yaml", experiments)] + files).diagnostics.map(\.description)
    }

    static let holdoutCases: [(name: String, yaml: String, expected: [String])] = [
        ("a percent over 50", "holdout: { name: h, type: device, percent: 60, experiments: all }", [
            "bad.yaml:1:44: error: 'percent' must be more than 0 and at most 50; found '60'",
        ]),
        ("a percent of zero", "holdout: { name: h, type: device, percent: 0, experiments: all }", [
            "bad.yaml:1:44: error: 'percent' must be more than 0 and at most 50; found '0'",
        ]),
        ("a percent finer than a bucket", "holdout: { name: h, type: device, percent: 5.005, experiments: all }", [
            "bad.yaml:1:44: error: 'percent' is 5.005, finer than 0.01 percent (one of the 10,000 buckets); round it to two decimals",
        ]),
        ("a name that is not a name", "holdout: { name: Q1-holdout, type: device, percent: 5, experiments: all }", [
            "bad.yaml:1:18: error: holdout name 'Q1-holdout' must start with a lowercase letter and contain only lowercase letters, digits and underscores",
        ]),
        ("every required key missing", "holdout: { description: nothing }", [
            "bad.yaml:1:10: error: missing required key 'name' in 'holdout'",
            "bad.yaml:1:10: error: missing required key 'type' in 'holdout'",
            "bad.yaml:1:10: error: missing required key 'percent' in 'holdout'",
            "bad.yaml:1:10: error: missing required key 'experiments' in 'holdout'",
        ]),
        ("an unknown unit type", "holdout: { name: h, type: devices, percent: 5, experiments: all }", [
            "bad.yaml:1:27: error: 'type' must be 'device' or 'user', not 'devices'; did you mean 'device'?",
        ]),
        ("a misspelt key", "holdout: { name: h, type: device, precent: 5, experiments: all }", [
            "bad.yaml:1:10: error: missing required key 'percent' in 'holdout'",
            "bad.yaml:1:35: error: unknown key 'precent' in 'holdout'; did you mean 'percent'?",
        ]),
        ("an unknown experiment", "holdout: { name: h, type: device, percent: 5, experiments: [buton_color] }", [
            "bad.yaml:1:61: error: holdout 'h' names experiment 'buton_color', which is not defined; did you mean 'button_color'?",
        ]),
        ("an experiment of the other type", "holdout: { name: h, type: device, percent: 5, experiments: [button_color, profile_redesign] }", [
            "bad.yaml:1:75: error: holdout 'h' keeps out devices, but experiment 'profile_redesign' assigns users; a holdout covers experiments of its own type",
        ]),
        ("an experiment listed twice", "holdout: { name: h, type: device, percent: 5, experiments: [feed_prefetch, feed_prefetch] }", [
            "bad.yaml:1:76: error: experiment 'feed_prefetch' is listed twice in 'holdout'",
            "bad.yaml:1:61: note: 'feed_prefetch' is first listed here",
        ]),
        ("experiments that are neither all nor a list", "holdout: { name: h, type: device, percent: 5, experiments: every }", [
            "bad.yaml:1:60: error: 'experiments' must be 'all' or a list of experiment identifiers; found 'every'",
        ]),
        ("a holdout that is not a mapping", "holdout: q1", [
            "bad.yaml:1:10: error: 'holdout' must be a mapping like { name: q1_holdout, type: device, percent: 5, experiments: all }; found 'q1'",
        ]),
        ("another key beside holdout", "holdout: { name: h, type: device, percent: 5, experiments: all }\nowner: growth", [
            "bad.yaml:2:1: error: unknown key 'owner' of a holdout document",
        ]),
        ("an experiment in two holdouts",
         "holdout: { name: a, type: device, percent: 5, experiments: [button_color] }\n---\nholdout: { name: b, type: device, percent: 5, experiments: [feed_prefetch, button_color] }", [
            "bad.yaml:3:76: error: experiment 'button_color' is already in holdout 'a'; an experiment can be in one holdout only",
            "bad.yaml:1:18: note: holdout 'a' is defined here",
        ]),
        ("two holdouts over all",
         "holdout: { name: a, type: device, percent: 5, experiments: all }\n---\nholdout: { name: b, type: device, percent: 1, experiments: all }", [
            "bad.yaml:3:60: error: holdout 'b' covers 'button_color', 'feed_prefetch', already in holdout 'a'; an experiment can be in one holdout only",
            "bad.yaml:1:18: note: holdout 'a' is defined here",
        ]),
        ("two holdouts of one name",
         "holdout: { name: a, type: device, percent: 5, experiments: [button_color] }\n---\nholdout: { name: a, type: user, percent: 5, experiments: all }", [
            "bad.yaml:3:18: error: duplicate holdout name 'a'",
            "bad.yaml:1:18: note: 'a' is first defined here",
        ]),
    ]

    @Test(arguments: holdoutCases.indices)
    func reportsEachHoldoutErrorAtItsLineAndColumn(_ index: Int) {
        let testCase = Self.holdoutCases[index]
        let result = compile([("experiments.yaml", Self.experiments), ("bad.yaml", testCase.yaml)])
        #expect(result.diagnostics.map(\.description) == testCase.expected, "\(testCase.name)")
        // A holdout with an error is left out; in the cases of two holdouts, the first one ('a') is fine.
        let kept = testCase.name.contains("two") ? ["a"] : []
        #expect(result.holdouts.map(\.name) == kept, "\(testCase.name)")
    }

    static let attributeCases: [(name: String, yaml: String, expected: [String])] = [
        ("a built-in declared", "attributes:\n  region: { type: string }", [
            "bad.yaml:2:3: error: 'region' is a built-in attribute (app_version, platform, os_version, region); it needs no declaration",
        ]),
        ("an unknown type", "attributes:\n  plan: { type: enum }", [
            "bad.yaml:2:17: error: 'type' must be 'string' or 'int' or 'bool', not 'enum'",
        ]),
        ("a missing type", "attributes:\n  plan: { values: [free] }", [
            "bad.yaml:2:9: error: missing required key 'type' of attribute 'plan'",
        ]),
        ("values on an int", "attributes:\n  days: { type: int, values: [1, 2] }", [
            "bad.yaml:2:22: error: 'values' is allowed for string attributes only",
        ]),
        ("a value that is not a name", "attributes:\n  plan: { type: string, values: [free, Pro] }", [
            "bad.yaml:2:40: error: value 'Pro' of attribute 'plan' must start with a lowercase letter and contain only lowercase letters, digits and underscores",
        ]),
        ("a value listed twice", "attributes:\n  plan: { type: string, values: [free, free] }", [
            "bad.yaml:2:40: error: duplicate value 'free' of attribute 'plan'",
            "bad.yaml:2:34: note: 'free' is first listed here",
        ]),
        ("a misspelt key", "attributes:\n  plan: { type: string, vaules: [free] }", [
            "bad.yaml:2:25: error: unknown key 'vaules' of attribute 'plan'; did you mean 'values'?",
        ]),
        ("a name that is not a name", "attributes:\n  Plan: { type: string }", [
            "bad.yaml:2:3: error: attribute name 'Plan' must start with a lowercase letter and contain only lowercase letters, digits and underscores",
        ]),
        ("a declaration that is not a mapping", "attributes:\n  plan: string", [
            "bad.yaml:2:9: error: the declaration of 'plan' must be a mapping like { type: string }; found 'string'",
        ]),
        ("attributes that are a list", "attributes: [plan]", [
            "bad.yaml:1:13: error: 'attributes' must be a mapping of attribute name to declaration, like { plan: { type: string, values: [free, pro] } }; found a list",
        ]),
        ("two names that become one Swift property", "attributes:\n  tier_1: { type: int }\n  tier1: { type: int }", [
            "bad.yaml:3:3: error: attributes 'tier_1' and 'tier1' both become the Swift property 'tier1'; rename one",
            "bad.yaml:2:3: note: 'tier_1' is declared here",
        ]),
        ("a reserved property", "attributes:\n  attribute_values: { type: int }", [
            "bad.yaml:2:3: error: attribute name 'attribute_values' is reserved: the generated SplitTestAttributes already has a member 'attributeValues'; choose another name",
        ]),
        ("an enum named like a Swift keyword", "attributes:\n  any: { type: string, values: [a, b] }", [
            "bad.yaml:2:3: error: attribute 'any' with values becomes the Swift enum 'Any', a name the generated code already uses; choose another name",
        ]),
        ("two values that become one case", "attributes:\n  plan: { type: string, values: [pro_1, pro1] }", [
            "bad.yaml:2:3: error: values 'pro_1' and 'pro1' of attribute 'plan' both become the Swift case 'pro1'; rename one",
        ]),
        ("another key beside attributes", "attributes:\n  plan: { type: string }\nowner: growth", [
            "bad.yaml:3:1: error: unknown key 'owner' of an attributes document",
        ]),
    ]

    @Test(arguments: attributeCases.indices)
    func reportsEachAttributeErrorAtItsLineAndColumn(_ index: Int) {
        let testCase = Self.attributeCases[index]
        let result = compile([("bad.yaml", testCase.yaml)])
        #expect(result.diagnostics.map(\.description) == testCase.expected, "\(testCase.name)")
        #expect(result.hasErrors, "\(testCase.name)")
    }

    @Test func anAttributeDeclaredTwiceAcrossFiles() {
        let declaration = "attributes:\n  plan: { type: string }\n"
        #expect(Self.printed([("a.yaml", declaration), ("b.yaml", "attributes:\n  beta: { type: bool }\n  plan: { type: int }\n")]) == [
            "b.yaml:3:3: error: attribute 'plan' is declared twice",
            "a.yaml:2:3: note: 'plan' is first declared here",
        ])
    }

    @Test func aHoldoutCoversItsExperimentsOfItsType() throws {
        let result = compile([
            ("experiments.yaml", Self.experiments),
            ("holdouts.yaml", "holdout:\n  name: q1_holdout\n  type: device\n  percent: 5\n  experiments: all\n"),
        ])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let holdout = try #require(result.holdouts.first)
        #expect(holdout.experiments == ["button_color", "feed_prefetch"])
        #expect(holdout.buckets == 500)
        let expected = SplitTestHoldout(name: "q1_holdout", unitType: .device, buckets: 500)
        #expect(result.experiments.map(\.definition.holdout) == [expected, expected, nil])
    }

    @Test func aHoldoutOverNoExperimentIsAWarning() {
        let result = compile([("h.yaml", "holdout: { name: h, type: user, percent: 5, experiments: all }\n")])
        #expect(result.diagnostics.map(\.description) == [
            "h.yaml:1:58: warning: holdout 'h' covers no experiment: none is of type user",
        ])
        #expect(!result.hasErrors && result.holdouts.count == 1)
    }

    /// A holdout naming an experiment whose definition has errors is not also told it names none.
    @Test func aHoldoutOverABrokenExperimentReportsOnlyTheExperiment() {
        let broken = "identifier: broken\ntype: devise\ngroups: [a, b]\n"
        #expect(Self.printed([("broken.yaml", broken), ("h.yaml", "holdout: { name: h, type: device, percent: 5, experiments: [broken] }")]) == [
            "broken.yaml:2:7: error: 'type' must be 'device' or 'user', not 'devise'; did you mean 'device'?",
        ])
    }

    /// A file of attribute and holdout documents alone defines no experiment, and that is fine.
    @Test func aFileOfOtherDocumentsIsNotEmpty() {
        let result = compile([
            ("experiments.yaml", Self.experiments),
            ("more.yaml", "attributes:\n  plan: { type: string }\n---\nholdout: { name: h, type: user, percent: 2.5, experiments: all }\n"),
        ])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.holdouts.map(\.buckets) == [250])
    }
}
