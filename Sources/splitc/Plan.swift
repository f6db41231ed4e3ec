import ArgumentParser
import Foundation
@_spi(Tools) import SplitTestAnalysis
@_spi(Tools) import SplitTestCompiler
import SplitTestFormats
@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitcCommandLine
@_spi(Tools) import SplitTestTools

/// `splitc plan`: how many units an experiment needs to see an effect on one of its metrics.
struct Plan: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Says how many units (and days) an experiment needs to see an effect on a metric.",
        discussion: """
            For the experiment's groups and weights, the units per group that a two-sided test of \
            each group against the control needs to see a difference of --mde with the given power: \
            for a conversion metric from its --baseline rate (the normal test on Cohen's h), for a \
            count, a sum or a ratio from the control's --mean and --sd per unit (the two-sample \
            t-test), as statsmodels' power solver sizes them. With --relative, --mde is a share of \
            the baseline or the mean (0.05 for 5%). No correction is made for several treatments. \
            Exit status 0; 1 when the definitions have errors; 2 for a usage mistake.
            """
    )

    @Option(help: "The experiment to plan.")
    var experiment: String

    @Option(help: "The metric to size it for (declared in the definitions).")
    var metric: String

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("A conversion metric's rate in the control, between 0 and 1.", valueName: "rate"))
    var baseline: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("The control's mean value per unit (counts, sums and ratios).", valueName: "m"))
    var mean: String?

    @Option(name: .customLong("sd"), parsing: .unconditional, help: ArgumentHelp("The standard deviation of the value per unit.", valueName: "s"))
    var standardDeviation: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The smallest difference to see: in the metric's unit, or with --relative a share of --baseline or --mean.", valueName: "d"))
    var mde: String

    @Flag(help: "Read --mde as a share of the baseline or mean (0.05: 5%).")
    var relative = false

    @Option(parsing: .unconditional, help: "The significance level of the two-sided test (default 0.05).")
    var alpha: String?

    @Option(parsing: .unconditional, help: "The chance of seeing the effect when it is there (default 0.8).")
    var power: String?

    @Option(
        name: .customLong("daily-units"), parsing: .unconditional,
        help: ArgumentHelp("Units the experiment enrols a day, for the days it needs.", valueName: "n"))
    var dailyUnits: String?

    @Option(
        name: .customLong("definitions"),
        help: "Definition files or folders with the experiment and the metric; repeatable (default: experiments).")
    var definitionPaths: [String] = []

    @Option(help: "text or json.")
    var format: OutputFormat = .text

    func validate() throws {
        let values = try numbers()
        guard values.alpha > 0, values.alpha < 1 else { throw ValidationError("--alpha must be between 0 and 1; found \(values.alpha)") }
        guard values.power > values.alpha, values.power < 1 else {
            throw ValidationError("--power must be between --alpha (\(values.alpha)) and 1; found \(values.power)")
        }
        guard values.mde > 0 else { throw ValidationError("--mde must be a positive number; found \(values.mde)") }
        if let daily = values.daily, daily <= 0 { throw ValidationError("--daily-units must be a positive number; found \(daily)") }
        if baseline != nil, mean != nil || standardDeviation != nil {
            throw ValidationError("give --baseline (a conversion metric) or --mean and --sd (any other), not both")
        }
        if baseline == nil, mean == nil || standardDeviation == nil {
            throw ValidationError("give --baseline RATE for a conversion metric, or --mean M and --sd S for a count, a sum or a ratio")
        }
    }

    /// The numbers of the options, each checked in words.
    private func numbers() throws -> (mde: Double, alpha: Double, power: Double, daily: Double?, baseline: Double?, mean: Double?, sd: Double?) {
        func number(_ text: String?, _ flag: String) throws -> Double? {
            guard let text else { return nil }
            guard let value = Double(text), value.isFinite else { throw ValidationError("\(flag) must be a number; found '\(text)'") }
            return value
        }
        return (
            try number(mde, "--mde")!, try number(alpha, "--alpha") ?? 0.05, try number(power, "--power") ?? 0.8,
            try number(dailyUnits, "--daily-units"), try number(baseline, "--baseline"), try number(mean, "--mean"),
            try number(standardDeviation, "--sd")
        )
    }

    func run() throws {
        let paths = definitionPaths.isEmpty ? [Analyze.defaultDefinitions] : definitionPaths
        if definitionPaths.isEmpty, !Analyze.hasDefaultDefinitions {
            throw InputError("no definitions: give --definitions PATH, or run where the experiments folder is")
        }
        let result = try AnalysisDefinitionFiles.compileResult(paths)
        guard let found = result.experiments.first(where: { $0.identifier == experiment }) else {
            throw InputError(
                "no experiment '\(experiment)' in the definitions"
                    + Suggestions.didYouMean(experiment, in: result.experiments.map(\.identifier)))
        }
        guard let declared = result.metrics.first(where: { $0.name == metric }) else {
            let known = result.metrics.map(\.name)
            throw InputError(
                "no metric '\(metric)' is declared"
                    + (known.isEmpty ? " (the definitions declare none: a metric is a 'metric:' document)" : Suggestions.didYouMean(metric, in: known)))
        }
        let values = try numbers()
        let outcome: SampleSizePlan.Outcome
        switch declared.kind {
        case .conversion:
            guard let baseline = values.baseline else {
                throw InputError("'\(metric)' is a conversion metric: give its --baseline rate, not --mean and --sd")
            }
            outcome = .conversion(baseline: baseline)
        case .count, .sum, .ratio:
            guard let mean = values.mean, let deviation = values.sd else {
                throw InputError("'\(metric)' is a \(declared.kindName) metric: give the control's --mean and --sd per unit, not --baseline")
            }
            outcome = .mean(mean, standardDeviation: deviation)
        case .quantile:
            throw InputError(
                "'\(metric)' is a quantile metric, which plan does not size: a quantile's variance depends on how dense the values are around it, which --mean and --sd do not say")
        }
        let definition = found.definition
        let plan: SampleSizePlan
        do {
            plan = try SampleSizePlan.make(
                outcome: outcome, minimumDetectableEffect: values.mde, relative: relative, alpha: values.alpha, power: values.power,
                groups: definition.groups, shares: definition.bucketTable.shares, control: definition.control, dailyUnits: values.daily)
        } catch {
            throw InputError(error.description)
        }
        Console.output(format == .json ? json(plan) : text(plan, metric: declared, alpha: values.alpha, power: values.power))
    }

    private func json(_ plan: SampleSizePlan) -> String {
        JSONValue.object(pairs: [
            ("experiment", .string(experiment)),
            ("metric", .string(metric)),
            ("units_per_group", .object(pairs: plan.unitsPerGroup.map { ($0.group, .integer($0.units)) })),
            ("total_units", .integer(plan.totalUnits)),
            ("days", plan.days.map(JSONValue.integer) ?? .null),
        ]).text(style: .report)
    }

    private func text(_ plan: SampleSizePlan, metric declared: SplitTestMetric, alpha: Double, power: Double) -> String {
        let test = if case .conversion = declared.kind { "the normal test on the rates" } else { "the two-sample t-test" }
        let share = (Double(mde) ?? 0) * 100
        let effect = relative ? "\(String(format: "%g", share))% of the control's \(baseline != nil ? "rate" : "mean")" : mde
        var lines = [
            "\(experiment) on \(metric) (\(declared.kindName)): \(test), two-sided at alpha \(alpha), power \(power), to see a difference of \(effect):"
        ]
        let width = max(5, plan.unitsPerGroup.map(\.group.count).max() ?? 0)
        for (group, units) in plan.unitsPerGroup {
            lines.append("  " + group.padding(toLength: width, withPad: " ", startingAt: 0) + "  \(units) units")
        }
        lines.append("  " + "total".padding(toLength: width, withPad: " ", startingAt: 0) + "  \(plan.totalUnits) units"
            + (plan.days.map { "; \($0) day\($0 == 1 ? "" : "s") at \(dailyUnits ?? "") units a day" } ?? ""))
        return lines.joined(separator: "\n")
    }
}
