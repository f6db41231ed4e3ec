import ArgumentParser
import Foundation
@_spi(Tools) import SplitTestCompiler
@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestFormats
import SplitcCommandLine
@_spi(Tools) import SplitTestTools

/// `splitc assign`: the group a unit gets on a fresh install.
struct Assign: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Shows the group a device or user gets on a fresh install.",
        discussion: """
            A user-level experiment resolves the unit as the signed-in user. With --control, the \
            control document is applied first by the runtime's own rules; a rejected document \
            (not an envelope of format 1, bad JSON, a missing or wrong signature when --public-key \
            is given) exits 1 and says why. Exit status otherwise as lint.
            """
    )

    @Option(help: "The experiment's identifier.")
    var experiment: String

    @Option(help: "The device id or user id.")
    var unit: String

    @OptionGroup var definitions: DefinitionOptions

    @OptionGroup var resolution: ResolutionOptions

    @Option(help: ArgumentHelp(
        "The unit's targeting attributes as a JSON object, built-in and declared, e.g. '{\"app_version\": \"5.3.1\", \"platform\": \"ios\", \"plan\": \"pro\"}'.",
        valueName: "json"))
    var attributes: String?

    @Option(help: "text or json ({experiment, unit, group, reason, bucket}; a multivariate experiment's group is a cell, and levels gives each factor's).")
    var format: OutputFormat = .text

    @Option(help: ArgumentHelp("A control document (as splitc publish writes it) to apply first.", valueName: "file"))
    var control: String?

    @Option(name: .customLong("public-key"), help: ArgumentHelp("The Ed25519 public key (base64 of 32 bytes) that the control document's signature must verify with.", valueName: "key"))
    var publicKey: String?

    func validate() throws {
        if publicKey != nil && control == nil {
            throw ValidationError("--public-key verifies a --control document; give one")
        }
    }

    func run() throws {
        let compiled = try definitions.compile()
        try compiled.requireNoErrors()
        let experiments = compiled.result.experiments
        guard let definition = experiments.first(where: { $0.identifier == experiment }) else {
            let known = experiments.map(\.identifier)
            throw InputError(
                "no experiment '\(experiment)' is defined (defined: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
                    + Suggestions.didYouMean(experiment, in: known))
        }
        let environment = try resolution.checkedEnvironment(in: compiled.result)
        let time = try resolution.time()
        var document: SplitTestControl?
        if let control {
            document = try ControlDocument.read(control, publicKey: publicKey, environment: environment)
        }
        let inForce = DefinitionsInForce(environment: environment, control: document)
        let adjusting = { inForce.definition($0, problem: Console.warning) }
        let values = try AttributesOption.values(attributes, declarations: compiled.result.attributes)
        let assignment = UnitAssignment(
            experiment: definition, unit: unit, attributes: values, time: time, adjusting: adjusting)
        switch format {
        case .text:
            let required: String? = assignment.prerequisite.map { ": does not get the groups required of '\($0)'" }
            let bucket = assignment.bucket.map { ", bucket \($0)" } ?? assignment.holdout.map { " '\($0)'" }
                ?? assignment.notTargetedBecause.map { ": \($0)" } ?? required ?? ""
            // A multivariate experiment's group is a cell: say so, with each factor's level.
            let group = assignment.levels.map { levels in
                "cell '\(assignment.group)' (" + levels.map { "\($0.factor): \($0.level)" }.joined(separator: ", ") + ")"
            } ?? "group '\(assignment.group)'"
            Console.output(
                "\(assignment.experiment): unit '\(assignment.unit)' is in \(group) "
                    + "(\(assignment.reason.rawValue)\(bucket))")
        case .json:
            try JSONOutput.print(assignment)
        }
    }
}
