import ArgumentParser
import Foundation
@_spi(Tools) import SplitTestCompiler
import SplitTestFormats
import SplitcCommandLine
@_spi(Tools) import SplitTestTools

/// `splitc simulate`: synthetic units through every experiment, with a sample-ratio check.
struct Simulate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Resolves N synthetic units (unit-0, unit-1, …) through every experiment.",
        discussion: """
            Per group: the expected and observed share of enrolled units; per experiment: the \
            chi-square sample-ratio p-value, the enrolled and not-enrolled counts, and why those \
            not enrolled are not (outside the traffic, held out, not targeted, not in a required \
            group, outside the schedule, forced, stopped or resolved). A multivariate \
            experiment's groups are its cells; each of its factors also gets its levels' shares and \
            their p-value. Exit status as lint.

            With --events FILE, also writes the events an app would send for those units, in the \
            runtime's JSON-lines format: an exposure for every enrolled unit and, with --goal and \
            --rate, for each exposure a goal with the probability of the unit's group, so that \
            `splitc analyze FILE` can be tried at once.
            """
    )

    /// Enough for any sample-ratio check, small enough to finish in seconds.
    static let maximumUnits = 10_000_000

    @OptionGroup var definitions: DefinitionOptions

    @OptionGroup var resolution: ResolutionOptions

    // Unconditional, so that `--units -5` is read as a number and said to be wrong as one,
    // rather than as a flag that leaves --units without a value.
    @Option(parsing: .unconditional, help: "How many synthetic units (1 to 10,000,000).")
    var units: Int

    @Option(help: "text or json.")
    var format: OutputFormat = .text

    @Option(help: ArgumentHelp("The targeting attributes every synthetic unit has, as a JSON object (as for assign).", valueName: "json"))
    var attributes: String?

    @OptionGroup var events: SimulatedEventsOptions

    func validate() throws {
        guard units > 0 else { throw ValidationError("--units must be positive: a number of units from 1 to 10,000,000; got \(units)") }
        guard units <= Self.maximumUnits else {
            throw ValidationError("--units must be at most 10,000,000 (enough for any sample-ratio check); got \(units)")
        }
    }

    func run() throws {
        let compiled = try definitions.compile()
        try compiled.requireNoErrors()
        let values = try AttributesOption.values(attributes, declarations: compiled.result.attributes)
        try events.write(compiled.result.experiments, unitCount: units, attributes: values)
        let environment = try resolution.checkedEnvironment(in: compiled.result)
        let simulations = Simulation.run(
            compiled.result.experiments, unitCount: units, attributes: values, time: try resolution.time(),
            adjusting: { DefinitionsInForce(environment: environment).definition($0) })
        switch format {
        case .text:
            let holdouts = Simulation.holdoutShares(compiled.result.holdouts, unitCount: units).map { share in
                "holdout \(share.holdout): expected \(Self.percent(share.expectedShare))  observed "
                    + "\(Self.percent(share.observedShare))  \(share.heldOut) of \(Counted.phrase(share.units, "unit")) held out"
            }
            Console.output((simulations.map(Self.text) + holdouts).joined(separator: "\n"))
        case .json:
            try JSONOutput.print(simulations)
        }
    }

    private static func text(_ simulation: ExperimentSimulation) -> String {
        let pValue = simulation.sampleRatioPValue.map { String(format: "%.4f", $0) } ?? "n/a (nothing bucketed)"
        var lines = [
            "\(simulation.experiment): \(Counted.phrase(simulation.units, "unit")), \(simulation.enrolled) enrolled, "
                + "\(simulation.notEnrolled) not enrolled\(Self.notEnrolledDetail(simulation)), sample-ratio p = \(pValue)"
        ]
        let width = simulation.groups.map(\.group.count).max() ?? 0
        for group in simulation.groups {
            let name = group.group.padding(toLength: width, withPad: " ", startingAt: 0)
            lines.append(
                "  \(name)  expected \(percent(group.expectedShare))  observed \(percent(group.observedShare))  \(Counted.phrase(group.units, "unit"))")
        }
        for factor in simulation.factors ?? [] { lines += Self.text(factor) }
        return lines.joined(separator: "\n")
    }

    /// A multivariate experiment's factor: its levels' shares (each the sum of its cells') and
    /// their own sample-ratio p-value.
    private static func text(_ factor: FactorShares) -> [String] {
        let pValue = factor.sampleRatioPValue.map { String(format: "%.4f", $0) } ?? "n/a (nothing bucketed)"
        var lines = ["  factor \(factor.factor): sample-ratio p = \(pValue)"]
        let width = factor.levels.map(\.level.count).max() ?? 0
        for level in factor.levels {
            let name = level.level.padding(toLength: width, withPad: " ", startingAt: 0)
            lines.append(
                "    \(name)  expected \(percent(level.expectedShare))  observed \(percent(level.observedShare))  \(Counted.phrase(level.units, "unit"))")
        }
        return lines
    }

    /// " (2000 outside the traffic, 50 held out, 20 not targeted, 300 not in a required group)",
    /// or nothing: every unit not enrolled, by why.
    private static func notEnrolledDetail(_ simulation: ExperimentSimulation) -> String {
        var parts: [String] = []
        if simulation.stopped > 0 { parts.append("\(simulation.stopped) served the control: the experiment is stopped") }
        if simulation.resolved > 0 { parts.append("\(simulation.resolved) served the winner: the experiment is resolved") }
        if simulation.forced > 0 { parts.append("\(simulation.forced) forced") }
        if simulation.outsideTraffic > 0 { parts.append("\(simulation.outsideTraffic) outside the traffic") }
        if simulation.heldOut > 0 { parts.append("\(simulation.heldOut) held out") }
        if simulation.notTargeted > 0 { parts.append("\(simulation.notTargeted) not targeted") }
        if simulation.prerequisiteUnmet > 0 { parts.append("\(simulation.prerequisiteUnmet) not in a required group") }
        if simulation.notStarted > 0 { parts.append("\(simulation.notStarted) before the schedule's start") }
        if simulation.ended > 0 { parts.append("\(simulation.ended) after the schedule's end") }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
    }

    private static func percent(_ share: Double) -> String {
        String(format: "%6.2f%%", share * 100)
    }
}
