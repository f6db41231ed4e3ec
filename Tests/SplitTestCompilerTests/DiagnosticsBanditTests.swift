import SplitTestCompiler
@_spi(Generated) @_spi(Tools) import SplitTesting
import Testing

/// `allocation: { bandit: … }`: every rule with its location, and what a valid bandit compiles to.
@Suite struct DiagnosticsBanditTests {
    /// Three equal arms and `extra` after the bandit's goal.
    static func bandit(_ settings: String = "", groups: String = "groups: [short, story, video]", extra: String = "") -> String {
        """
        identifier: onboarding_copy
        type: device
        \(groups)
        allocation:
          bandit: { goal: signup\(settings) }
        \(extra)
        """
    }

    static let cases: [DiagnosticCase] = [
        DiagnosticCase(
            "a bandit over a factorial's cells",
            bandit(groups: "factors:\n  headline: [classic, urgent]\n  button: [green, orange]"),
            "bad.yaml:6:1: error: a multivariate experiment cannot be a bandit: the bandit would starve the cells its "
                + "factors' effects are measured on; run the bandit over the combinations as plain groups, or the "
                + "factorial with fixed weights",
            "bad.yaml:3:1: note: the factors are declared here"),
        DiagnosticCase(
            "a misspelt allocation key", experiment(extra: "alocation: { bandit: { goal: signup } }"),
            "bad.yaml:4:1: error: unknown key 'alocation'; did you mean 'allocation'?"),
        DiagnosticCase(
            "a misspelt kind", experiment(extra: "allocation: { bandt: { goal: signup } }"),
            "bad.yaml:4:15: error: unknown key 'bandt' in 'allocation'; did you mean 'bandit'?"),
        DiagnosticCase(
            "an allocation that is not a mapping", experiment(extra: "allocation: bandit"),
            "bad.yaml:4:13: error: 'allocation' must be a mapping like { bandit: { goal: signup } }; found 'bandit'"),
        DiagnosticCase(
            "an empty allocation", experiment(extra: "allocation: {}"),
            "bad.yaml:4:13: error: 'allocation' must name its kind: { bandit: { goal: … } }"),
        DiagnosticCase(
            "a bandit that is not a mapping", experiment(extra: "allocation: { bandit: signup }"),
            "bad.yaml:4:23: error: 'bandit' must be a mapping like { goal: signup, min_weight: 1, burn_in: 100 }; found 'signup'"),
        DiagnosticCase(
            "a bandit without a goal", experiment(extra: "allocation: { bandit: { min_weight: 2 } }"),
            "bad.yaml:4:23: error: missing required key 'goal' in 'bandit': the goal whose conversions reward an arm"),
        DiagnosticCase(
            "a misspelt bandit key", bandit(", min_weigth: 2"),
            "bad.yaml:5:27: error: unknown key 'min_weigth' in 'bandit'; did you mean 'min_weight'?"),
        DiagnosticCase(
            "a goal that is a list", experiment(extra: "allocation: { bandit: { goal: [signup] } }"),
            "bad.yaml:4:31: error: 'goal' must be a goal's name; found a list"),
        DiagnosticCase(
            "a goal that is not a name", experiment(extra: "allocation: { bandit: { goal: \"sign up!\" } }"),
            "bad.yaml:4:31: error: goal 'sign up!' is not a goal name: a letter, then letters, digits, '_', '-' or '.', at most 64 characters"),
        DiagnosticCase(
            "an empty goal", experiment(extra: "allocation: { bandit: { goal: \"\" } }"),
            "bad.yaml:4:31: error: goal '' is not a goal name: a letter, then letters, digits, '_', '-' or '.', at most 64 characters"),
        DiagnosticCase(
            "value that is not a Boolean", bandit(", value: yes"),
            "bad.yaml:5:34: error: 'value' must be true (the goal's value is the reward) or false (conversion to it is); found 'yes'"),
        DiagnosticCase(
            "a minimum weight of 0", bandit(", min_weight: 0"),
            "bad.yaml:5:39: error: 'min_weight' must be more than 0 and at most 50 percent; found '0'"),
        DiagnosticCase(
            "a minimum weight over 50", bandit(", min_weight: 50.01", groups: "groups: [short, story]"),
            "bad.yaml:5:39: error: 'min_weight' must be more than 0 and at most 50 percent; found '50.01'"),
        DiagnosticCase(
            "a minimum weight finer than 0.01", bandit(", min_weight: 0.005"),
            "bad.yaml:5:39: error: 'min_weight' is 0.005, finer than 0.01 percent (one of the 10,000 buckets); round it to two decimals"),
        DiagnosticCase(
            "a minimum weight too large for the arms", bandit(", min_weight: 34"),
            "bad.yaml:5:39: error: 'min_weight' 34 is too large for 3 groups: 102 percent in all; at most 33.33"),
        DiagnosticCase(
            "a burn-in of 0", bandit(", burn_in: 0"),
            "bad.yaml:5:36: error: 'burn_in' must be a whole number of units, at least 1; found '0'"),
        DiagnosticCase(
            "a fractional burn-in", bandit(", burn_in: 2.5"),
            "bad.yaml:5:36: error: 'burn_in' must be a whole number of units, at least 1; found '2.5'"),
        DiagnosticCase(
            "a resolved bandit", bandit(extra: "status: resolved\nwinner: story"),
            "bad.yaml:6:9: error: a resolved experiment serves its winner to every unit and cannot be a bandit; remove 'allocation', or the status (a control document can still resolve it)",
            "bad.yaml:4:1: note: the bandit is defined here"),
        DiagnosticCase(
            "unequal weights", bandit(groups: "groups: { short: 2, story: 1, video: 2 }"),
            "bad.yaml:3:28: error: group 'story' has weight 1 but 'short' has 2: a bandit's groups start with equal weights, which the bandit then sets; remove the weights"),
        DiagnosticCase(
            "an arm of weight 0", bandit(groups: "groups: { short: { weight: 1 }, story: { weight: 0 } }"),
            "bad.yaml:3:50: error: group 'story' has weight 0 but 'short' has 1: a bandit's groups start with equal weights, which the bandit then sets; remove the weights"),
        DiagnosticCase(
            "more arms than the default minimum weight allows",
            bandit(groups: "groups: [" + (0..<101).map { "g\($0)" }.joined(separator: ", ") + "]"),
            "bad.yaml:5:11: error: the default 'min_weight' of 1 percent is too large for 101 groups (101 percent in all); set 'min_weight' to at most 0.99"),
    ]

    @Test(arguments: cases) func reports(_ testCase: DiagnosticCase) {
        testCase.check()
    }

    @Test func aBanditCompilesWithItsDefaultsIntoTheDefinition() throws {
        let result = compile([("onboarding_copy.yaml", Self.bandit())])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        let definition = try #require(result.experiments.first?.definition)
        let bandit = try #require(definition.allocation.bandit)
        #expect(bandit == SplitTestBandit(goal: "signup", rewardsValue: false, minimumWeight: 1, burnIn: 100))
        #expect(bandit.minimumWeightBuckets == 100)
        #expect(definition.period == 0)
        #expect(definition.bucketTable.bucketCounts == [3334, 3333, 3333])
    }

    @Test func everySettingIsRead() throws {
        let yaml = Self.bandit(", value: true, min_weight: 2.5, burn_in: 1", groups: "groups: { short: 3, story: 3 }")
        let result = compile([("onboarding_copy.yaml", yaml)])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        let bandit = try #require(result.experiments.first?.definition.allocation.bandit)
        #expect(bandit.goal == "signup" && bandit.rewardsValue && bandit.minimumWeightBuckets == 250 && bandit.burnIn == 1)
        #expect(bandit.minimumWeight == 2.5)
    }

    @Test func anExperimentWithoutAllocationHasFixedWeights() throws {
        let result = compile([("bad.yaml", experiment())])
        #expect(result.experiments.first?.definition.allocation == .fixed)
    }

    @Test func aStoppedBanditCompilesWithTheStoppedWarning() throws {
        let result = compile([("onboarding_copy.yaml", Self.bandit(extra: "status: stopped"))])
        #expect(!result.hasErrors && result.experiments.first?.definition.allocation.bandit != nil)
    }
}
