@_spi(Tools) import SplitTestCompiler
@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestFormats

/// What running test documents found: how many ran, and each failure at its `expect`.
public struct DefinitionTestReport: Sendable {
    /// One case, or one distribution, whose expectation did not hold.
    public struct Failure: Sendable {
        /// Where its `expect` is written.
        public var location: SourceLocation
        /// The experiment under test.
        public var test: String
        /// The case's unit; `nil` for a distribution.
        public var unit: String?
        /// What was expected, in words (`group dark_gray`).
        public var expected: String
        /// What the unit got (`red (reason bucketed, bucket 4155)`), or every group's share.
        public var actual: String

        /// The error line's message: `button_color: unit user-42 expected group dark_gray, got red (reason bucketed, bucket 4155)`.
        public var message: String {
            if let unit { return "\(test): unit \(unit) expected \(expected), got \(actual)" }
            return "\(test): distribution expected \(expected), got \(actual)"
        }

        /// The failure as a diagnostic at its `expect`.
        public var diagnostic: Diagnostic { .error(message, at: location) }
    }

    /// The test documents run.
    public var tests: Int
    /// The cases run (a distribution counts as one).
    public var cases: Int
    /// The failures, in file order.
    public var failures: [Failure]
    /// How many failed.
    public var failed: Int { failures.count }
}

/// Runs test documents through the one resolution function, as a fresh install of an app in the
/// test's environment, at its time, would resolve: no stored group and no override.
public enum DefinitionTestRunner {
    /// Runs every case and distribution of `tests` against `experiments`.
    public static func run(_ tests: [DefinitionTest], experiments: [Experiment]) -> DefinitionTestReport {
        var byIdentifier: [String: Experiment] = [:]
        for experiment in experiments { byIdentifier[experiment.identifier] = experiment }
        var failures: [DefinitionTestReport.Failure] = []
        var cases = 0
        let now = SplitTestDefinition.currentTime
        for test in tests {
            guard let experiment = byIdentifier[test.experiment] else { continue }
            for testCase in test.cases {
                cases += 1
                if let failure = run(testCase, of: test, experiment: experiment, now: now) { failures.append(failure) }
            }
            if let distribution = test.distribution {
                cases += 1
                if let failure = run(distribution, of: test, experiment: experiment, now: now) { failures.append(failure) }
            }
        }
        failures.sort { $0.location < $1.location }
        return DefinitionTestReport(tests: tests.count, cases: cases, failures: failures)
    }

    private static func run(
        _ testCase: DefinitionTest.Case, of test: DefinitionTest, experiment: Experiment, now: Double
    ) -> DefinitionTestReport.Failure? {
        let environment = testCase.environment
        let adjusting = { (compiled: SplitTestDefinition) in compiled.inEnvironment(environment) }
        let definition = adjusting(experiment.definition)
        let resolution = definition.resolve(
            units: ResolutionUnits(device: testCase.device, user: testCase.user), attributes: testCase.attributes,
            time: testCase.at ?? now, adjusting: adjusting)
        let group = definition.groups[resolution.groupIndex]
        let expect = testCase.expect
        var expected: [String] = []
        var holds = true
        if let wanted = expect.group {
            expected.append("group \(wanted)")
            holds = holds && wanted == group
        }
        if let wanted = expect.reason {
            expected.append("reason \(wanted.rawValue)")
            holds = holds && wanted == resolution.reason
        }
        if let wanted = expect.enrolled {
            expected.append(wanted ? "enrolled" : "not enrolled")
            holds = holds && wanted == resolution.reason.isEnrolled
        }
        let params = experiment.parameterValues(ofGroup: resolution.groupIndex)
        var actualParams: [String] = []
        for (name, value) in expect.params {
            expected.append("param \(name) \(value.text)")
            let actual = params[name]
            actualParams.append("\(name) \(actual?.text ?? "unset")")
            holds = holds && actual == value
        }
        let levels = definition.factorial.map { design in
            Dictionary(uniqueKeysWithValues: zip(design.factors.map(\.name), design.levels(ofCell: resolution.groupIndex)))
        } ?? [:]
        var actualLevels: [String] = []
        for (factor, level) in expect.levels {
            expected.append("level \(factor) \(level)")
            actualLevels.append("\(factor) \(levels[factor] ?? "none")")
            holds = holds && levels[factor] == level
        }
        guard !holds else { return nil }
        var detail = "reason \(resolution.reason.rawValue)"
        if let bucket = resolution.bucket { detail += ", bucket \(bucket)" }
        if let holdout = resolution.holdout { detail += ", holdout \(holdout)" }
        if let prerequisite = resolution.prerequisite { detail += ", requires \(prerequisite)" }
        var actual = "\(group) (\(detail))"
        if !actualParams.isEmpty { actual += " with param " + actualParams.joined(separator: ", ") }
        if !actualLevels.isEmpty { actual += " with level " + actualLevels.joined(separator: ", ") }
        return DefinitionTestReport.Failure(
            location: expect.location, test: test.experiment, unit: testCase.unit,
            expected: expected.joined(separator: ", "), actual: actual)
    }

    private static func run(
        _ distribution: DefinitionTest.Distribution, of test: DefinitionTest, experiment: Experiment, now: Double
    ) -> DefinitionTestReport.Failure? {
        let environment = test.environment
        let adjusting = { (compiled: SplitTestDefinition) in compiled.inEnvironment(environment) }
        let definition = adjusting(experiment.definition)
        let time = test.at ?? now
        var counts = [Int](repeating: 0, count: definition.groups.count)
        for index in 0..<distribution.units {
            let unit = distribution.prefix + String(index)
            let resolution = definition.resolve(
                units: ResolutionUnits(either: unit), attributes: SplitTestAttributeValues(), time: time, adjusting: adjusting)
            counts[resolution.groupIndex] += 1
        }
        func share(_ group: String) -> Double {
            guard let index = definition.groups.firstIndex(of: group) else { return 0 }
            return Double(counts[index]) * 100 / Double(distribution.units)
        }
        let outside = distribution.shares.filter { abs(share($0.group) - $0.percent) > distribution.tolerance }
        guard !outside.isEmpty else { return nil }
        let expected = distribution.shares.map { "\($0.group) \(percent($0.percent))" }.joined(separator: ", ")
            + " of \(Counted.phrase(distribution.units, "unit")) within \(distribution.tolerance) points"
        let actual = definition.groups.map { "\($0) \(percent(share($0)))" }.joined(separator: ", ")
        return DefinitionTestReport.Failure(
            location: distribution.location, test: test.experiment, unit: nil, expected: expected, actual: actual)
    }

    /// A percent with two decimals (`33.41%`).
    private static func percent(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let whole = hundredths / 100
        let fraction = abs(hundredths % 100)
        return "\(whole).\(fraction < 10 ? "0" : "")\(fraction)%"
    }
}
