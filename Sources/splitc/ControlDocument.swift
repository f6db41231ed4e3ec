import Foundation
import SplitTestCompiler
@_spi(Tools) import SplitTesting
@_spi(Tools) import SplitTestingRemote
import SplitcCommandLine

/// A control document as `splitc assign --control` applies it: opened and verified by
/// `SplitTestingRemote`'s `ControlEnvelope`, and applied to each experiment's definition as the
/// runtime applies it, so that the tool and apps accept, reject and resolve alike.
struct ControlDocument {
    var control: SplitTestControl

    /// Reads and opens the document at `path`; a rejected one, or one published for another
    /// environment than `environment`, is a ``Refusal`` (exit 1), as apps reject it.
    static func read(_ path: String, publicKey text: String?, environment: String? = nil) throws -> ControlDocument {
        let key = try text.map { text throws(InputError) in try ControlKeys.publicKey(text) }
        let (control, envelope) = try open(path, verifiedWith: key)
        if let published = control.environment, published != environment {
            throw Refusal(
                "control document '\(path)' is rejected: "
                    + "\(SplitTestingIssue.controlEnvironmentMismatch(document: published, service: environment))")
        }
        let trust = key != nil ? "signature verified" : envelope.signature == nil ? "unsigned" : "signature not checked: no --public-key"
        Console.error("splitc: applying control document '\(path)': sequence \(control.sequence), \(trust)")
        return ControlDocument(control: control)
    }

    /// The payload of the document at `path` and its envelope, verified with `key` when one is
    /// given, as apps open it; an unreadable file is an ``InputError`` (exit 2), a rejected
    /// document a ``Refusal`` (exit 1).
    static func open(_ path: String, verifiedWith key: ControlPublicKey?) throws -> (SplitTestControl, ControlEnvelope) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw InputError("cannot read the control document '\(path)': \(error.localizedDescription)")
        }
        let limit = RemoteControlConfiguration.defaultMaxDocumentSize
        guard data.count <= limit else {
            throw Refusal("control document '\(path)' is rejected: \(ControlDocumentError.tooLarge(size: data.count, limit: limit))")
        }
        do {
            let envelope = try ControlEnvelope(data: data)
            return (try envelope.control(verifiedWith: key), envelope)
        } catch {
            throw Refusal("control document '\(path)' is rejected: \(error)")
        }
    }

    /// The definition of each experiment that the document changes, by identifier. An entry
    /// that cannot apply is reported as the runtime reports it, and the compiled definition serves.
    func apply(to experiments: [Experiment]) -> [String: SplitTestDefinition] {
        var definitions: [String: SplitTestDefinition] = [:]
        for experiment in experiments where control.experiments[experiment.identifier] != nil {
            definitions[experiment.identifier] = Self.applying(control, to: experiment.definition)
        }
        return definitions
    }

    /// `definition` with `control`'s entry for it applied, as the runtime applies it; an entry that
    /// cannot apply is reported as the runtime reports it, and the compiled definition serves.
    static func applying(_ control: SplitTestControl, to definition: SplitTestDefinition) -> SplitTestDefinition {
        guard let entry = control.experiments[definition.identifier] else { return definition }
        switch definition.applying(entry) {
        case .success(let applied):
            return applied
        case .failure(.unknownGroup(let group)):
            Console.error("splitc: warning: \(SplitTestingIssue.controlGroupNotFound(experiment: definition.identifier, group: group))")
        case .failure(.invalid(let reason)):
            Console.error("splitc: warning: \(SplitTestingIssue.controlEntryInvalid(experiment: definition.identifier, reason: reason))")
        }
        return definition
    }

    /// What is wrong with an entry, in words.
    static func describe(_ problem: SplitTestDefinition.ControlEntryProblem) -> String {
        switch problem {
        case .unknownGroup(let group): "group '\(group)' is not one of its groups"
        case .invalid(let reason): reason
        }
    }
}
