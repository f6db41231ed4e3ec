import ArgumentParser
import Foundation
import SplitTestCompiler
@_spi(Generated) import SplitTesting
import SplitTestingRemote
import SplitcCommandLine

/// `splitc publish`: the control document of the definitions, for apps already released.
struct Publish: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Writes the control document (status, winner, traffic, force of every experiment) that released apps fetch.",
        discussion: """
            The document is the envelope {"format":1,"payload":"<base64>","signature":"<base64>"}, \
            written atomically, and not at all when the definitions have errors. Exit status as lint.
            """
    )

    @OptionGroup var definitions: DefinitionOptions

    @Option(help: "The control document to write.")
    var output: String

    @Option(help: "The document's sequence, a positive integer greater than the last one published (default: seconds since 1970).")
    var sequence: Int?

    @Option(name: .customLong("sign-key"), help: ArgumentHelp("The private key that signs the payload, as splitc keygen writes it.", valueName: "file"))
    var signKey: String?

    func validate() throws {
        if let sequence, sequence <= 0 {
            throw ValidationError("--sequence must be a positive integer; found \(sequence)")
        }
    }

    func run() throws {
        let key = try signKey.map { path throws(InputError) in try ControlKeys.privateKey(at: path) }
        let compiled = try definitions.compile()
        try compiled.requireNoErrors()
        let now = Date()
        let control = SplitTestControl(
            publishing: compiled.result.experiments,
            sequence: sequence ?? Int(now.timeIntervalSince1970),
            generated: ISO8601DateFormatter().string(from: now))
        try ControlEnvelope(control: control, signingKey: key).write(to: output)
        // A published entry has no weights: it puts a bandit back on its compiled weights, period 0.
        for experiment in compiled.result.experiments where experiment.definition.allocation.bandit != nil {
            Console.error(
                "splitc: note: bandit '\(experiment.identifier)' is published with its compiled weights (period 0); "
                    + "once splitc bandit has written weights, this document starts them over")
        }
        Console.error(
            "splitc: wrote \(output): \(control.experiments.count) experiments, sequence \(control.sequence), "
                + (key == nil ? "unsigned" : "signed"))
    }
}
