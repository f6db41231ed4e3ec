@_spi(Generated) import SplitTesting
import SplitTestFormats

/// The rules that tie holdouts to experiments: names are unique, every listed experiment exists
/// and has the holdout's unit type, and no experiment is in two holdouts.
enum HoldoutValidation {
    /// The holdouts that hold, in input order, with the experiments each covers; sets `holdout`
    /// on every covered experiment.
    ///
    /// - Parameters:
    ///   - identifiersWritten: the identifiers of every experiment document, valid or not, so
    ///     that a holdout naming an experiment with errors is not also told it names no experiment.
    static func check(
        _ drafts: [HoldoutDraft], experiments: inout [Experiment], identifiersWritten: Set<String>,
        log: inout DiagnosticLog
    ) -> [Holdout] {
        guard !drafts.isEmpty else { return [] }
        var positions: [String: Int] = [:]
        for index in experiments.indices { positions[experiments[index].identifier] = index }
        var firstByName: [String: SourceLocation] = [:]
        var coveredBy: [String: HoldoutDraft] = [:]
        var holdouts: [Holdout] = []
        for draft in drafts {
            if let first = firstByName[draft.name] {
                log.error(
                    "duplicate holdout name '\(draft.name)'", at: draft.nameLocation, fileIndex: draft.fileIndex,
                    note: .note("'\(draft.name)' is first defined here", at: first))
                continue
            }
            firstByName[draft.name] = draft.nameLocation
            var covered: [(identifier: String, location: SourceLocation)] = []
            var valid = true
            switch draft.coverage {
            case .all(let location):
                covered = experiments.filter { $0.definition.unitType == draft.unitType }.map { ($0.identifier, location) }
            case .listed(let listed):
                for (identifier, location) in listed {
                    guard let position = positions[identifier] else {
                        if !identifiersWritten.contains(identifier) {
                            log.error(
                                "holdout '\(draft.name)' names experiment '\(identifier)', which is not defined"
                                    + Suggestions.didYouMean(identifier, in: experiments.map(\.identifier)),
                                at: location, fileIndex: draft.fileIndex)
                        }
                        valid = false
                        continue
                    }
                    let experiment = experiments[position]
                    guard experiment.definition.unitType == draft.unitType else {
                        log.error(
                            "holdout '\(draft.name)' keeps out \(draft.unitType.rawValue)s, but experiment "
                                + "'\(identifier)' assigns \(experiment.definition.unitType.rawValue)s; a holdout covers "
                                + "experiments of its own type", at: location, fileIndex: draft.fileIndex)
                        valid = false
                        continue
                    }
                    covered.append((identifier, location))
                }
            }
            var clashes: [(identifier: String, location: SourceLocation, other: HoldoutDraft)] = []
            for (identifier, location) in covered {
                if let other = coveredBy[identifier] {
                    clashes.append((identifier, location, other))
                }
            }
            if case .all(let location) = draft.coverage, let first = clashes.first {
                let names = clashes.map { "'\($0.identifier)'" }
                let listed = names.count <= 3 ? names.joined(separator: ", ") : names.prefix(3).joined(separator: ", ") + " and \(names.count - 3) more"
                log.error(
                    "holdout '\(draft.name)' covers \(listed), already in holdout '\(first.other.name)'; an "
                        + "experiment can be in one holdout only", at: location, fileIndex: draft.fileIndex,
                    note: .note("holdout '\(first.other.name)' is defined here", at: first.other.nameLocation))
            } else {
                for clash in clashes {
                    log.error(
                        "experiment '\(clash.identifier)' is already in holdout '\(clash.other.name)'; an "
                            + "experiment can be in one holdout only", at: clash.location, fileIndex: draft.fileIndex,
                        note: .note("holdout '\(clash.other.name)' is defined here", at: clash.other.nameLocation))
                }
            }
            guard valid, clashes.isEmpty else { continue }
            if covered.isEmpty, case .all(let location) = draft.coverage {
                log.add(.warning, at: location, fileIndex: draft.fileIndex) {
                    ("holdout '\(draft.name)' covers no experiment: none is of type \(draft.unitType.rawValue)", [])
                }
            }
            let holdout = Holdout(
                holdout: SplitTestHoldout(name: draft.name, unitType: draft.unitType, buckets: draft.buckets),
                experiments: covered.map(\.identifier).sorted(), description: draft.description,
                location: draft.nameLocation)
            for (identifier, _) in covered {
                coveredBy[identifier] = draft
                if let position = positions[identifier] { experiments[position].definition.holdout = holdout.holdout }
            }
            holdouts.append(holdout)
        }
        return holdouts
    }
}
