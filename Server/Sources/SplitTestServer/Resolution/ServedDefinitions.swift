import Foundation
@_spi(Tools) import SplitTestCompiler
@_spi(Generated) @_spi(Tools) import SplitTesting
@_spi(Tools) import SplitTestServiceBodies
@_spi(Tools) import SplitTestTools
@_spi(Tools) import SplitTestingRemote

/// What the service answers from: the compiled experiments, each in force (its environment's
/// values, then the control document's entry, as the runtime applies them), the declared
/// attributes and events, and the control document itself.
public struct ServedDefinitions: Sendable {
    /// One experiment as served.
    ///
    /// A class, so that a request refers to its experiments without copying them.
    final class Experiment: Sendable {
        /// The definition in force.
        let definition: SplitTestDefinition
        /// Each group's answer written ahead: its name, parameters and levels.
        let answers: ResponseBodies.PrewrittenExperiment

        init(experiment: SplitTestCompiler.Experiment, definition: SplitTestDefinition) {
            self.definition = definition
            answers = ResponseBodies.PrewrittenExperiment(experiment: experiment, definition: definition)
        }
    }

    /// The experiments in definition order (by identifier, as the compiler sorts them).
    var experiments: [Experiment]
    /// The kind of every attribute a request may give: the built-ins and those declared.
    var attributeKinds: [String: SplitTestAttributeKind]
    /// The events the definitions declare, which `POST /v1/events` accepts beside the runtime's own.
    var events = EventBatch.DeclaredEvents([])
    /// The control document in force, as read, with its sequence.
    var control: ControlInForce?
    /// The environment whose values the experiments take (`--environment`), or `nil` for their base values.
    var environment: String?
    /// The position of each experiment in ``experiments``, by identifier, for prerequisites.
    private var positions: [String: Int] = [:]

    /// What the service starts with but should be told: the compiler's warnings and notes, and
    /// control entries that cannot apply.
    public var warnings: [String]
    /// The OpenAPI document of the service for these definitions, served at `GET /openapi.yaml`.
    public private(set) var openAPIDocument = ""
    /// A fingerprint of what the answers depend on besides the units: the definition files, the
    /// environment and the control document. The same after a restart with the same ones, so
    /// that OFREP's ETags stay valid across restarts.
    private(set) var generation: UInt64 = 0

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

    /// Compiles the definitions at `paths` as `splitc` finds and reads them, takes `environment`'s
    /// values (one the definitions declare) and applies the control document at `controlPath`
    /// (verified with `publicKey` when one is given; published for the same environment). Throws
    /// ``DefinitionsError`` with every located diagnostic when the definitions have errors or
    /// define no experiment, or when the document is rejected.
    public static func load(
        definitions paths: [String], control controlPath: String?, publicKey: String?, environment: String? = nil
    ) throws(DefinitionsError) -> ServedDefinitions {
        let definitionSet: DefinitionSet
        do {
            definitionSet = try DefinitionSet.load(paths: paths)
        } catch {
            throw DefinitionsError(error.message)
        }
        let result = definitionSet.result
        if result.hasErrors {
            throw DefinitionsError(result.diagnostics.map(\.description).joined(separator: "\n"))
        }
        guard !result.experiments.isEmpty else {
            throw DefinitionsError(
                "no experiment is defined in \(paths.map { "'\($0)'" }.joined(separator: ", ")): "
                    + "give the folder or files of the definitions to serve")
        }
        var control: ControlInForce?
        var document: SplitTestControl?
        if let controlPath {
            do {
                let file = try ControlDocumentFile(path: controlPath, publicKey: publicKey, environment: environment)
                document = file.control
                control = ControlInForce(data: file.data, sequence: file.control.sequence, etag: Self.etag(of: file.data))
            } catch {
                throw DefinitionsError(error.description)
            }
        }
        let inForce: DefinitionsInForce
        do {
            inForce = try DefinitionsInForce(environment: environment, control: document, declaredIn: result)
        } catch {
            throw DefinitionsError(error.message)
        }
        // Warnings do not stop the service, but whoever starts it should see them.
        var warnings = result.diagnostics.filter { $0.severity != .error }.map(\.description)
        let experiments = result.experiments.map { experiment in
            // As in apps: an entry that cannot apply is reported and the compiled definition serves.
            let definition = inForce.definition(experiment.definition) { problem in
                warnings.append("control document '\(controlPath ?? "")': \(problem); the compiled definition serves")
            }
            return Experiment(experiment: experiment, definition: definition)
        }
        var served = ServedDefinitions(
            experiments: experiments, attributeKinds: AttributeDeclaration.kinds(result.attributes), control: control,
            environment: environment, warnings: warnings)
        for (index, experiment) in experiments.enumerated() { served.positions[experiment.definition.identifier] = index }
        var fingerprinted: [UInt8] = []
        for source in definitionSet.sources {
            fingerprinted += source.displayPath.utf8
            fingerprinted.append(0)
            fingerprinted += source.contents
            fingerprinted.append(0)
        }
        fingerprinted += (environment ?? "").utf8
        fingerprinted.append(0)
        fingerprinted += control?.data ?? Data()
        served.generation = Self.fingerprint(fingerprinted)
        served.events = EventBatch.DeclaredEvents(result.events)
        served.openAPIDocument = ServiceContract.openAPIDocument(for: ServiceContract.Definitions(
            experiments: experiments.map(\.definition.identifier), attributeKinds: served.attributeKinds,
            events: result.events))
        return served
    }

    /// The experiment in force with `identifier`.
    func experiment(_ identifier: String) -> Experiment? {
        positions[identifier].map { experiments[$0] }
    }

    /// A strong ETag of the bytes served: their length and 64-bit FNV-1a hash, which changes
    /// whenever a new document is published (it validates a cache; it does not authenticate).
    static func etag(of data: Data) -> String {
        "\"\(data.count)-\(String(fingerprint(data), radix: 16))\""
    }

    /// The 64-bit FNV-1a hash of `bytes`.
    static func fingerprint(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}

/// Why the service cannot start, or reload: definitions with errors or none at all, or a rejected
/// control document.
public struct DefinitionsError: Error, CustomStringConvertible, Sendable {
    /// Every line to print, diagnostics with file:line:column.
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
