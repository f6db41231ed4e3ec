import Foundation
@_spi(Tools) import SplitTestCompiler
@_spi(Generated) @_spi(Tools) import SplitTesting
@_spi(Tools) import SplitTestingRemote

/// What the service answers from: the compiled experiments, each with the control document's
/// entry applied as the runtime applies it, the declared attributes, and the document itself.
public struct Catalog: Sendable {
    /// One experiment as served.
    struct Served: Sendable {
        /// The compiler's model: parameters, factors.
        var experiment: Experiment
        /// The definition in force: the compiled one with the control document's entry applied.
        var definition: SplitTestDefinition
    }

    /// The experiments in definition order (by identifier, as the compiler sorts them).
    var experiments: [Served]
    /// The custom targeting attributes the definitions declare.
    var attributes: [AttributeDeclaration]
    /// The control document in force, as read, with its sequence.
    var control: ControlInForce?

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

    /// Compiles the definitions at `paths` and applies the control document at `controlPath`
    /// (verified with `publicKey` when one is given); throws ``CatalogError`` with every located
    /// diagnostic when the definitions have errors or the document is rejected.
    public static func load(
        definitions paths: [String], control controlPath: String?, publicKey: String?
    ) throws(CatalogError) -> Catalog {
        let result = try DefinitionLoading.compile(paths)
        var control: ControlInForce?
        // Warnings do not stop the service, but whoever starts it should see them.
        var warnings = result.diagnostics.filter { $0.severity != .error }.map(\.description)
        var experiments = result.experiments.map { Served(experiment: $0, definition: $0.definition) }
        if let controlPath {
            let (document, data) = try ControlLoading.read(controlPath, publicKey: publicKey)
            control = ControlInForce(data: data, sequence: document.sequence, etag: ControlLoading.etag(of: data))
            for index in experiments.indices {
                guard let entry = document.experiments[experiments[index].definition.identifier] else { continue }
                switch experiments[index].definition.applying(entry) {
                case .success(let applied):
                    experiments[index].definition = applied
                case .failure(let problem):
                    // As in apps: an entry that cannot apply is reported and the compiled
                    // definition serves.
                    warnings.append(
                        "control document '\(controlPath)': the entry for '\(experiments[index].definition.identifier)' "
                            + "cannot apply (\(problem)); the compiled definition serves")
                }
            }
        }
        return Catalog(experiments: experiments, attributes: result.attributes, control: control, warnings: warnings)
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
