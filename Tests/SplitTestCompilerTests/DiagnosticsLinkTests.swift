import SplitTestCompiler
@_spi(Generated) @_spi(Tools) import SplitTesting
import Testing

/// Segments, prerequisites, schedules and environments: each mistake located, across files.
@Suite struct DiagnosticsLinkTests {
    /// The environments, an attribute and a segment, in `shared.yaml`.
    static let shared = """
        environments: [development, staging, production]
        ---
        attributes:
          plan: { type: string, values: [free, trial, pro] }
          days_since_install: { type: int }
        ---
        segment:
          name: paying_users
          conditions:
            plan: [trial, pro]
            days_since_install: ">= 7"
        """

    /// An experiment that others require, in `flow.yaml`; it names the segment, so that the
    /// segment is used.
    static let flow = """
        identifier: onboarding_flow
        type: device
        groups: [old_flow, new_flow]
        targeting: { segments: [paying_users] }
        """

    static func printed(_ yaml: String) -> [String] {
        compile([("shared.yaml", shared), ("flow.yaml", flow), ("bad.yaml", yaml)]).diagnostics.map(\.description)
    }

    @Test func everyFeatureTogetherCompilesAndLinks() throws {
        let result = compile([("shared.yaml", Self.shared), ("flow.yaml", Self.flow), ("good.yaml", """
            identifier: button_color
            type: device
            groups: [red, blue]
            requires: { onboarding_flow: [new_flow] }
            schedule: { start: 2026-12-01T09:00:00Z, end: 2027-01-15T00:00:00+01:00 }
            targeting: { segments: [paying_users], app_version: ">= 5" }
            environments:
              development: { traffic: 100, force: { "simulator-1": blue } }
              staging: { traffic: 50, weights: { red: 1, blue: 3 } }
            """)])
        #expect(result.diagnostics.isEmpty)
        #expect(result.environments == ["development", "staging", "production"])
        #expect(result.segments.map(\.name) == ["paying_users"])
        let definition = try #require(result.experiments.first { $0.identifier == "button_color" }).definition
        #expect(definition.requirements.map(\.experiment) == ["onboarding_flow"])
        #expect(definition.requirements.first?.groups == ["new_flow"])
        #expect(definition.schedule == SplitTestSchedule(start: 1_796_115_600, end: 1_799_967_600))
        #expect(definition.targeting?.segments.map(\.name) == ["paying_users"])
        #expect(definition.inEnvironment("staging").trafficBuckets == 5_000)
        #expect(definition.inEnvironment("staging").bucketTable.upperBounds == [2_500, 10_000])
        #expect(definition.inEnvironment("development").force == ["simulator-1": 1])
        #expect(definition.inEnvironment("production") == definition)
        // The bucket is the same in every environment: only the values that may vary differ.
        #expect(definition.inEnvironment("staging").salt == definition.salt)
    }

    static let cases: [(name: String, yaml: String, expected: [String])] = [
        ("an unknown segment, with did you mean", experiment(extra: "targeting: { segments: [paying_user] }"), [
            "bad.yaml:4:25: error: segment 'paying_user' is not defined; segments are defined in 'segment' documents; did you mean 'paying_users'?",
        ]),
        ("a segment in both lists", experiment(extra: "targeting: { segments: [paying_users], exclude_segments: [paying_users] }"), [
            "bad.yaml:4:59: error: segment 'paying_users' is both required and excluded: no unit can be in it and out of it",
            "bad.yaml:4:25: note: 'paying_users' is required here",
        ]),
        ("a combination that can never hold", experiment(extra: "targeting: { segments: [paying_users], days_since_install: \"< 5\" }"), [
            "bad.yaml:4:60: error: the conditions on 'days_since_install' of the experiment's own targeting and segment 'paying_users' can never hold together: no unit is targeted",
            "shared.yaml:11:25: note: the other condition on 'days_since_install' is written here",
        ]),
        ("an unknown required experiment", experiment(extra: "requires: { onboarding_flo: [new_flow] }"), [
            "bad.yaml:4:13: error: experiment 'onboarding_flo' is not defined; did you mean 'onboarding_flow'?",
        ]),
        ("an unknown required group", experiment(extra: "requires: { onboarding_flow: [new_flo] }"), [
            "bad.yaml:4:31: error: group 'new_flo' is not a group of experiment 'onboarding_flow'; did you mean 'new_flow'?",
        ]),
        ("an experiment requiring itself", experiment(extra: "requires: { button_color: [red] }"), [
            "bad.yaml:4:13: error: experiment 'button_color' requires itself: a unit could never meet it",
        ]),
        ("a cycle, every member located", experiment("a", extra: "requires: { b: [red] }") + "\n---\n" + experiment("b", extra: "requires: { a: [red] }"), [
            "bad.yaml:4:13: error: experiment 'a' is part of a cycle of requirements (a → b → a): none of them could ever enrol a unit",
            "bad.yaml:9:13: error: experiment 'b' is part of a cycle of requirements (a → b → a): none of them could ever enrol a unit",
        ]),
        ("a time without a zone", experiment(extra: "schedule: { start: 2026-12-01T09:00:00 }"), [
            "bad.yaml:4:20: error: '2026-12-01T09:00:00' is not a time in ISO 8601 with a zone: write the date, the time and Z or an offset, like 2026-12-01T09:00:00Z or 2026-12-01T10:00:00+01:00",
        ]),
        ("an end not after the start", experiment(extra: "schedule: { start: 2026-12-01T09:00:00Z, end: 2026-12-01T09:00:00Z }"), [
            "bad.yaml:4:47: error: the schedule's 'end' (2026-12-01T09:00:00Z) must come after its 'start'",
            "bad.yaml:4:20: note: 'start' is written here",
        ]),
        ("an end in the past", experiment(extra: "schedule: { end: 2026-11-01T00:00:00Z }"), [
            "bad.yaml:4:18: warning: the schedule ended on 2026-11-01T00:00:00Z: the experiment serves its control to every unit; remove it, or move 'end' later",
        ]),
        ("an undeclared environment, with did you mean", experiment(extra: "environments: { developmen: { traffic: 100 } }"), [
            "bad.yaml:4:17: error: environment 'developmen' is not declared; did you mean 'development'?",
        ]),
        ("a field that may not vary", experiment(extra: "environments: { staging: { salt: other } }"), [
            "bad.yaml:4:28: error: 'salt' cannot vary by environment: groups, params, salt, type, layer and targeting are the same everywhere, so that a unit's bucket is; only traffic, status, winner, force, schedule, weights may",
        ]),
        ("weights missing a group", experiment(extra: "environments: { staging: { weights: { red: 1 } } }"), [
            "bad.yaml:4:37: error: the weights of environment 'staging' must list every group; missing 'blue'",
        ]),
        ("weights in an environment of a bandit", experiment(extra: "allocation: { bandit: { goal: signup } }\nenvironments: { staging: { weights: { red: 1, blue: 3 } } }"), [
            "bad.yaml:5:28: error: environment 'staging' cannot give weights: the experiment is a bandit, whose weights follow the rewards in every environment (splitc bandit writes them); remove 'weights' here, or give the environment its own traffic",
            "bad.yaml:4:1: note: the bandit is defined here",
        ]),
        ("an environment's traffic checked as the base one", experiment(extra: "environments: { staging: { traffic: 0 } }"), [
            "bad.yaml:4:37: error: 'traffic' must be more than 0 and at most 100; found '0'",
        ]),
    ]

    @Test(arguments: cases.indices) func mistakeIsLocated(_ index: Int) {
        let (_, yaml, expected) = Self.cases[index]
        #expect(Self.printed(yaml) == expected, "\(Self.cases[index].name)")
    }

    @Test func aSegmentNoExperimentUsesIsAWarning() {
        let printed = compile([("shared.yaml", Self.shared)]).diagnostics.map(\.description)
        #expect(printed == [
            "shared.yaml:8:9: warning: segment 'paying_users' is not used by any experiment; remove it, or name it in an experiment's 'targeting: { segments: [paying_users] }'",
        ])
    }

    /// An experiment with an error still uses its segments: the error is the one problem, not
    /// the segment, whether the error is in the targeting, elsewhere, or the YAML itself.
    @Test(arguments: [
        ("an unknown key", "identifier: offer\ntype: device\ngroups: [a, b]\ntrafic: 50\ntargeting: { segments: [paying_users] }\n",
         "offer.yaml:4:1: error: unknown key 'trafic'; did you mean 'traffic'?"),
        ("a bad condition beside the segment",
         "identifier: offer\ntype: device\ngroups: [a, b]\ntargeting: { segments: [paying_users], platform: andriod }\n",
         "offer.yaml:4:50: error: 'andriod' is not a platform; 'platform' is one of ios, ipados, macos, tvos, watchos, visionos, linux, android, web; did you mean 'android'?"),
        ("a syntax error", "identifier: offer\ntype: device\ngroups: [a, b]\ntargeting: { segments: [paying_users] }\n\towner: me\n",
         "offer.yaml:5:1: error: invalid YAML: this line is indented with a tab; YAML indents with spaces only: replace the tab with spaces"),
    ])
    func aSegmentUsedOnlyByABrokenExperimentIsNotUnused(_ mistake: String, _ yaml: String, _ expected: String) {
        let result = compile([("shared.yaml", Self.shared), ("offer.yaml", yaml)])
        #expect(result.diagnostics.map(\.description) == [expected], "\(mistake)")
        #expect(result.experimentDocuments == 1, "\(mistake)")
    }

    @Test func aSegmentDoesNotNameOtherSegments() {
        let printed = diagnostics("segment: { name: s, conditions: { segments: [t] } }")
        #expect(printed.first == "bad.yaml:1:35: error: a segment does not name other segments: write its conditions in full")
    }

    @Test func moreThanEightLevelsOfRequirementIsAnError() {
        var documents = [experiment("level_0")]
        for level in 1...9 { documents.append(experiment("level_\(level)", extra: "requires: { level_\(level - 1): [red] }")) }
        let printed = diagnostics(documents.joined(separator: "\n---\n"))
        #expect(printed == ["bad.yaml:49:1: error: experiment 'level_9' has 9 levels of requirement; the most allowed is 8"])
    }

    @Test func environmentsAreDeclaredOnce() {
        let printed = diagnostics("environments: [a]\n---\nenvironments: [b]")
        #expect(printed.first?.hasPrefix("bad.yaml:3:15: error: the environments are declared twice") == true)
    }

    /// A tool's `--environment` is one the definitions declare, or a message that lists them.
    @Test func anUndeclaredEnvironmentIsRefusedWithThoseDeclared() {
        let declared = CompilationResult(experiments: [], diagnostics: [], environments: ["development", "staging"])
        #expect(declared.undeclaredEnvironmentMessage("staging") == nil)
        #expect(declared.undeclaredEnvironmentMessage("prod") == "no environment 'prod' is declared (declared: development, staging)")
        #expect(CompilationResult(experiments: [], diagnostics: []).undeclaredEnvironmentMessage("prod")
            == "no environment 'prod' is declared (the definitions declare none)")
    }
}
