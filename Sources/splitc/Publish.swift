import ArgumentParser
import Foundation
@_spi(Tools) import SplitTestCompiler
@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestingRemote
import SplitcCommandLine
@_spi(Tools) import SplitTestTools
import SplitTestFormats

/// `splitc publish`: the control document of the definitions, for apps already released.
struct Publish: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Writes the control document (status, winner, traffic, force of every experiment) that released apps fetch.",
        discussion: """
            The document is the envelope {"format":1,"payload":"<base64>","signature":"<base64>"}, \
            written atomically, and not at all when the definitions have errors. With --control, the \
            document in force, each bandit experiment keeps the weights and period that splitc bandit \
            wrote there, so that publishing a change to another experiment does not start the bandit \
            over. Exit status as lint; 1 also when the --control document is rejected.
            """
    )

    @OptionGroup var definitions: DefinitionOptions

    @OptionGroup var resolution: EnvironmentOption

    @Option(help: "The control document to write.")
    var output: String

    @Option(parsing: .unconditional, help: "The document's sequence, a positive integer greater than the last one published (default: seconds since 1970).")
    var sequence: Int?

    @Option(name: .customLong("sign-key"), help: ArgumentHelp("The private key that signs the payload, as splitc keygen writes it.", valueName: "file"))
    var signKey: String?

    @Option(help: ArgumentHelp("The control document in force, whose bandit weights and periods the new one carries forward.", valueName: "current"))
    var control: String?

    @Option(name: .customLong("public-key"), help: ArgumentHelp("The Ed25519 public key (base64 of 32 bytes) that the --control document's signature must verify with.", valueName: "key"))
    var publicKey: String?

    func validate() throws {
        if let sequence, sequence <= 0 {
            throw ValidationError("--sequence must be a positive integer; found \(sequence)")
        }
        if publicKey != nil && control == nil {
            throw ValidationError("--public-key verifies a --control document; give one")
        }
    }

    func run() throws {
        let key = try signKey.map { path throws(InputError) in try ControlKeys.privateKey(at: path) }
        let compiled = try definitions.compile()
        try compiled.requireNoErrors()
        let current = try control.map { path in
            try ControlDocument.open(path, publicKey: publicKey)
        }
        let now = Date()
        let defaultSequence = max(Int(now.timeIntervalSince1970), (current?.sequence ?? 0) + 1)
        if let current, let sequence, sequence <= current.sequence {
            throw InputError("--sequence \(sequence) is not greater than \(current.sequence), the sequence of '\(control ?? "")'")
        }
        let environment = try resolution.checkedEnvironment(in: compiled.result)
        var document = SplitTestControl(
            publishing: compiled.result.experiments, sequence: sequence ?? defaultSequence,
            generated: ISO8601DateFormatter().string(from: now), environment: environment)
        for experiment in compiled.result.experiments where experiment.definition.allocation.bandit != nil {
            carryBandit(experiment.definition, from: current, into: &document)
        }
        try ControlEnvelope(control: document, signingKey: key).write(to: output)
        Console.error(
            "splitc: wrote \(output): \(Counted.phrase(document.experiments.count, "experiment")), sequence \(document.sequence), "
                + (key == nil ? "unsigned" : "signed"))
    }

    /// Puts the weights and period of `definition`'s entry in `current` into `document`, when they
    /// still fit the definition; says on standard error what the bandit is published with.
    private func carryBandit(_ definition: SplitTestDefinition, from current: SplitTestControl?, into document: inout SplitTestControl) {
        let identifier = definition.identifier
        guard let current else {
            Console.error(
                "splitc: note: bandit '\(identifier)' is published with its compiled weights (period 0); "
                    + "once splitc bandit has written weights, pass that document as --control to carry them forward")
            return
        }
        guard let entry = current.experiments[identifier], entry.weights != nil || entry.period != nil else {
            Console.error(
                "splitc: note: bandit '\(identifier)' has no weights in '\(control ?? "")'; it is published with its "
                    + "compiled weights (period 0)")
            return
        }
        var carried = document.experiments[identifier] ?? SplitTestControl.Entry()
        carried.weights = entry.weights
        carried.period = entry.period
        // Only what the runtime would apply is carried: weights of groups the definition no longer
        // has would have the whole entry rejected by apps.
        switch definition.applying(carried) {
        case .success:
            document.experiments[identifier] = carried
            Console.error(
                "splitc: note: bandit '\(identifier)' keeps the weights of period \(entry.period ?? 0) from '\(control ?? "")'")
        case .failure(let problem):
            Console.error(
                "splitc: warning: bandit '\(identifier)': the weights in '\(control ?? "")' no longer fit its definition "
                    + "(\(problem.described)); it is published with its compiled weights (period 0)")
        }
    }
}
