import ArgumentParser
import Foundation
@_spi(Tools) import SplitTestAnalysis
@_spi(Generated) @_spi(Tools) import SplitTesting
@_spi(Tools) import SplitTestingRemote
import SplitcCommandLine
@_spi(Tools) import SplitTestTools
import SplitTestFormats

/// `splitc bandit`: the next weights of every bandit experiment, as a control document.
struct Bandit: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Computes every bandit experiment's next weights from its events and writes the next control document.",
        discussion: """
            Reads the events (or --database, a decision service's stored events, or --aggregates, the \
            CSV of the SQL that splitc analyze --emit-sql prints) \
            and, for each bandit of the definitions, its arms' posteriors: top-two Thompson sampling, \
            floored at min_weight, rounded to 0.01 percent. NEXT is CURRENT with each updated bandit's \
            weights and period (CURRENT's + 1) and a greater sequence, other entries unchanged, signed \
            with --sign-key. Prints per arm: units, conversions (or value mean), posterior mean, \
            probability of being the best, old and new weight. When no bandit reaches its burn-in, \
            says so and writes nothing. Exit status 0; 1 when the definitions have errors or CURRENT \
            is rejected; 2 when an input cannot be read.
            """
    )

    @Argument(help: "Event files, one JSON object per line.")
    var events: [String] = []

    @Option(
        help: ArgumentHelp(
            "Read the events of a decision service's database instead of files: sqlite:PATH or postgres://user@host:port/db.",
            valueName: "location"))
    var database: String?

    @Option(help: "A CSV of the emitted SQL's result, instead of event files.")
    var aggregates: String?

    @Option(name: .customLong("definitions"), help: "Definition files or folders, with the bandit experiments; repeatable.")
    var definitionPaths: [String] = []

    @Option(help: ArgumentHelp("The control document in force: the weights and period the next ones follow.", valueName: "current"))
    var control: String

    @Option(help: ArgumentHelp("The next control document to write.", valueName: "next"))
    var output: String

    @Option(name: .customLong("sign-key"), help: ArgumentHelp("The private key that signs the payload, as splitc keygen writes it.", valueName: "file"))
    var signKey: String?

    @Option(parsing: .unconditional, help: "The next document's sequence, greater than CURRENT's (default: CURRENT's + 1, or seconds since 1970 if greater).")
    var sequence: Int?

    func validate() throws {
        let inputs = [!events.isEmpty, database != nil, aggregates != nil].filter { $0 }.count
        if inputs > 1 { throw ValidationError("give one of event files, --database or --aggregates, not several") }
        if inputs == 0 { throw ValidationError("give at least one event file (or --database LOCATION, or --aggregates FILE)") }
        if definitionPaths.isEmpty { throw ValidationError("--definitions PATH is needed: it says which experiments are bandits") }
        if let sequence, sequence <= 0 { throw ValidationError("--sequence must be a positive integer; found \(sequence)") }
    }

    func run() throws {
        // Everything that can refuse is checked before the events are read, and nothing is
        // written unless all of it holds.
        let key = try signKey.map { path throws(InputError) in try ControlKeys.privateKey(at: path) }
        let current = try ControlDocument.open(control)
        let now = Date()
        let nextSequence = sequence ?? max(current.sequence + 1, Int(now.timeIntervalSince1970))
        guard nextSequence > current.sequence else {
            throw InputError("--sequence \(nextSequence) is not greater than \(current.sequence), the sequence of '\(control)'")
        }
        let definitions = try AnalysisDefinitionFiles.compile(definitionPaths)
        let bandits = definitions.filter { $0.allocation.bandit != nil }
        guard !bandits.isEmpty else {
            throw Refusal("the definitions have no bandit experiment (allocation: { bandit: … }); nothing to update")
        }
        let totals: [ExperimentTotals]
        if let aggregates {
            totals = try AnalyzeInput.fromAggregates(aggregates, definitions: definitions)
        } else if let database {
            totals = try AnalyzeInput.fromDatabase(database, definitions: definitions, command: "bandit")
        } else {
            totals = try AnalyzeInput.fromEvents(events, definitions: definitions, command: "bandit")
        }
        let byExperiment = Dictionary(totals.map { ($0.experiment, $0) }, uniquingKeysWith: { first, _ in first })
        let updates = bandits.map { definition in
            BanditUpdate.update(
                definition: DefinitionsInForce(environment: nil, control: current).definition(definition, problem: Console.warning),
                totals: byExperiment[definition.identifier])
        }
        Console.output(BanditReport.render(updates))
        guard let next = BanditUpdate.nextControl(
            after: current, updates: updates, sequence: nextSequence, generated: ISO8601DateFormatter().string(from: now))
        else {
            Console.error("splitc: no bandit experiment reached its burn-in: the weights stay, and no document is written")
            return
        }
        try ControlEnvelope(control: next, signingKey: key).write(to: output)
        let updated = updates.filter { if case .updated = $0.outcome { true } else { false } }.count
        Console.error(
            "splitc: wrote \(output): \(Counted.phrase(updated, "bandit experiment")) updated, sequence \(next.sequence), "
                + (key == nil ? "unsigned" : "signed"))
    }
}
