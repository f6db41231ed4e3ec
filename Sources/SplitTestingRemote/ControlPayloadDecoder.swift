import Foundation
import SplitTesting

/// Decodes a control document's payload (SPEC §8) into a ``SplitTestControl``.
///
/// Structure only: anything malformed rejects the whole document. Whether an entry's groups
/// exist is for the service to judge per experiment (that entry is then reported and ignored).
enum ControlPayloadDecoder {
    private static let topLevelFields: Set<String> = ["sequence", "generated", "experiments"]
    private static let entryFields: Set<String> = ["status", "winner", "traffic", "force"]

    static func decode(_ payload: Data) throws(ControlDocumentError) -> SplitTestControl {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: payload)
        } catch {
            throw .malformedPayload(detail: "not JSON")
        }
        guard let fields = object as? [String: Any] else { throw .malformedPayload(detail: "not a JSON object") }
        for key in fields.keys where !topLevelFields.contains(key) {
            throw .malformedPayload(detail: "unknown field '\(key)'")
        }
        guard let rawSequence = fields["sequence"] else { throw .malformedPayload(detail: "'sequence' is missing") }
        guard let sequence = JSONNumber.integer(rawSequence), sequence > 0 else {
            throw .malformedPayload(detail: "'sequence' is \(JSONNumber.text(rawSequence)), not a positive integer")
        }
        var generated: String?
        if let rawGenerated = fields["generated"], !(rawGenerated is NSNull) {
            guard let text = rawGenerated as? String else { throw .malformedPayload(detail: "'generated' is not a string") }
            generated = text
        }
        guard let rawExperiments = fields["experiments"] else { throw .malformedPayload(detail: "'experiments' is missing") }
        guard let experiments = rawExperiments as? [String: Any] else {
            throw .malformedPayload(detail: "'experiments' is not an object")
        }
        var entries: [String: SplitTestControl.Entry] = [:]
        entries.reserveCapacity(experiments.count)
        for (identifier, rawEntry) in experiments {
            entries[identifier] = try entry(rawEntry, of: identifier)
        }
        return SplitTestControl(sequence: sequence, generated: generated, experiments: entries)
    }

    private static func entry(_ raw: Any, of experiment: String) throws(ControlDocumentError) -> SplitTestControl.Entry {
        func malformed(_ detail: String) -> ControlDocumentError {
            .malformedPayload(detail: "experiment '\(experiment)': \(detail)")
        }
        guard let fields = raw as? [String: Any] else { throw malformed("the entry is not an object") }
        for key in fields.keys where !entryFields.contains(key) { throw malformed("unknown field '\(key)'") }
        var entry = SplitTestControl.Entry()
        if let rawStatus = fields["status"] {
            guard let text = rawStatus as? String, let status = SplitTestControl.Status(rawValue: text) else {
                throw malformed("'status' is \(JSONNumber.text(rawStatus)), not running, stopped or resolved")
            }
            entry.status = status
        }
        if let rawWinner = fields["winner"] {
            guard let winner = rawWinner as? String, !winner.isEmpty else { throw malformed("'winner' is not a group name") }
            entry.winner = winner
        }
        switch (entry.status, entry.winner) {
        case (.resolved, nil): throw malformed("status resolved without a winner")
        case (.resolved, _?), (_, nil): break
        case (_, let winner?): throw malformed("winner '\(winner)' without status resolved")
        }
        if let rawTraffic = fields["traffic"] {
            guard let traffic = JSONNumber.double(rawTraffic), traffic > 0, traffic <= 100 else {
                throw malformed("'traffic' is \(JSONNumber.text(rawTraffic)), not a percentage in (0, 100]")
            }
            let buckets = (traffic * 100).rounded()
            guard abs(traffic * 100 - buckets) < 1e-6, buckets >= 1 else {
                throw malformed("'traffic' \(traffic) is not in steps of 0.01")
            }
            entry.trafficBuckets = Int(buckets)
        }
        if let rawForce = fields["force"] {
            guard let force = rawForce as? [String: Any] else { throw malformed("'force' is not an object") }
            var groups: [String: String] = [:]
            for (unit, rawGroup) in force {
                guard !unit.isEmpty else { throw malformed("'force' has an empty unit id") }
                guard let group = rawGroup as? String, !group.isEmpty else {
                    throw malformed("'force' of unit '\(unit)' is not a group name")
                }
                groups[unit] = group
            }
            entry.force = groups
        }
        return entry
    }
}
