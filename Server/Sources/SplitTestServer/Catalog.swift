import Foundation
@_spi(Tools) import SplitTestCompiler
@_spi(Generated) @_spi(Tools) import SplitTesting
@_spi(Tools) import SplitTestServiceBodies
@_spi(Tools) import SplitTestingRemote

/// What the service answers from: the compiled experiments, each with the control document's
/// entry applied as the runtime applies it, the declared attributes, and the document itself.
public struct Catalog: Sendable {
    /// One experiment as served.
    ///
    /// A class, so that a request refers to its experiments without copying them.
    final class Served: Sendable {
        /// The compiler's model: parameters, factors.
        let experiment: Experiment
        /// The definition in force: the compiled one with the control document's entry applied.
        let definition: SplitTestDefinition
        /// Each group's answer written ahead: its name, parameters and levels.
        let answers: ResponseBodies.PrewrittenExperiment

        init(experiment: Experiment, definition: SplitTestDefinition) {
            self.experiment = experiment
            self.definition = definition
            answers = ResponseBodies.PrewrittenExperiment(
                experiment: definition.identifier,
                groups: definition.groups.indices.map { index in
                    (definition.groups[index], experiment.parameterValues(ofGroup: index),
                        Decider.levels(of: definition, groupIndex: index))
                })
        }
    }

    /// The experiments in definition order (by identifier, as the compiler sorts them).
    var experiments: [Served]
    /// The custom targeting attributes the definitions declare.
    var attributes: [AttributeDeclaration]
    /// The control document in force, as read, with its sequence.
    var control: ControlInForce?
    /// The environment whose values the experiments take (`--environment`), or `nil` for their base values.
    var environment: String?
    /// The position of each experiment in ``experiments``, by identifier, for prerequisites.
    var positions: [String: Int] = [:]

    /// What the service starts with but should be told: the compiler's warnings and notes, and
    /// control entries that cannot apply.
    public var warnings: [String]

    /// A control document that was read and verified.
    struct ControlInForce: Sendable {
        /// The document's bytes, served as they were published.
        var data: Data
        /// The payload's sequence.
        var sequence: Int
        /// A strong validator of the bytes.
        var etag: String
    }

    /// The number of experiments served.
    public var experimentCount: Int { experiments.count }
    /// The control document's sequence, when one is in force.
    public var controlSequence: Int? { control?.sequence }

    /// Compiles the definitions at `paths`, takes `environment`'s values (one the definitions
    /// declare) and applies the control document at `controlPath` (verified with `publicKey` when
    /// one is given; published for the same environment); throws ``CatalogError`` with every
    /// located diagnostic when the definitions have errors or the document is rejected.
    public static func load(
        definitions paths: [String], control controlPath: String?, publicKey: String?, environment: String? = nil
    ) throws(CatalogError) -> Catalog {
        let result = try DefinitionLoading.compile(paths)
        if let environment, let message = result.undeclaredEnvironmentMessage(environment) {
            throw CatalogError(message)
        }
        var control: ControlInForce?
        // Warnings do not stop the service, but whoever starts it should see them.
        var warnings = result.diagnostics.filter { $0.severity != .error }.map(\.description)
        var definitions = result.experiments.map { $0.definition.inEnvironment(environment) }
        if let controlPath {
            let (document, data) = try ControlLoading.read(controlPath, publicKey: publicKey)
            if let published = document.environment, published != environment {
                throw CatalogError(
                    "control document '\(controlPath)' is rejected: it is for environment '\(published)', "
                        + (environment.map { "not '\($0)'" } ?? "and the service runs with no --environment"))
            }
            control = ControlInForce(data: data, sequence: document.sequence, etag: ControlLoading.etag(of: data))
            for index in definitions.indices {
                guard let entry = document.experiments[definitions[index].identifier] else { continue }
                switch definitions[index].applying(entry) {
                case .success(let applied):
                    definitions[index] = applied
                case .failure(let problem):
                    // As in apps: an entry that cannot apply is reported and the compiled
                    // definition serves.
                    warnings.append(
                        "control document '\(controlPath)': the entry for '\(definitions[index].identifier)' "
                            + "cannot apply (\(problem)); the compiled definition serves")
                }
            }
        }
        let experiments = zip(result.experiments, definitions).map { Served(experiment: $0, definition: $1) }
        var catalog = Catalog(
            experiments: experiments, attributes: result.attributes, control: control, environment: environment,
            warnings: warnings)
        for (index, served) in experiments.enumerated() { catalog.positions[served.definition.identifier] = index }
        return catalog
    }

    /// The experiment in force with `identifier`.
    func served(_ identifier: String) -> Served? {
        positions[identifier].map { experiments[$0] }
    }
}

/// Why the service cannot start: definitions with errors or a rejected control document.
public struct CatalogError: Error, CustomStringConvertible, Sendable {
    /// Every line to print, diagnostics with file:line:column.
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
