import ArgumentParser
import SplitTestCompiler

/// `splitc assign`: the group a unit gets on a fresh install.
struct Assign: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Shows the group a device or user gets on a fresh install.",
        discussion: "A user-level experiment resolves the unit as the signed-in user. Exit status as lint."
    )

    @Option(help: "The experiment's identifier.")
    var experiment: String

    @Option(help: "The device id or user id.")
    var unit: String

    @OptionGroup var definitions: DefinitionOptions

    @Option(help: ArgumentHelp(
        "The unit's targeting attributes as a JSON object, built-in and declared, e.g. '{\"app_version\": \"5.3.1\", \"platform\": \"ios\", \"plan\": \"pro\"}'.",
        valueName: "json"))
    var attributes: String?

    @Option(help: "text or json ({experiment, unit, group, reason, bucket}).")
    var format: OutputFormat = .text

    func run() throws {
        let compiled = try definitions.compile()
        try compiled.requireNoErrors()
        let experiments = compiled.result.experiments
        guard let definition = experiments.first(where: { $0.identifier == experiment }) else {
            let known = experiments.map(\.identifier).joined(separator: ", ")
            throw InputError("no experiment '\(experiment)' is defined (defined: \(known.isEmpty ? "none" : known))")
        }
        let values = try AttributesOption.values(attributes, declarations: compiled.result.attributes)
        let assignment = UnitAssignment(experiment: definition, unit: unit, attributes: values)
        switch format {
        case .text:
            let bucket = assignment.bucket.map { ", bucket \($0)" } ?? assignment.holdout.map { " '\($0)'" }
                ?? assignment.notTargetedBecause.map { ": \($0)" } ?? ""
            Console.output(
                "\(assignment.experiment): unit '\(assignment.unit)' is in group '\(assignment.group)' "
                    + "(\(assignment.reason.rawValue)\(bucket))")
        case .json:
            try JSONOutput.print(assignment)
        }
    }
}
