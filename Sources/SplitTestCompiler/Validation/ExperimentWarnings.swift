@_spi(Tools) import SplitTesting

/// What deserves attention in an otherwise valid experiment, reported as warnings.
extension ExperimentParser {
    /// Warns about an expired date, a resolved or stopped experiment, and a control that receives
    /// no units.
    mutating func warn(about experiment: Experiment, keys: FixedKeyEntries<ExperimentKey>, groups: [GroupDraft]) {
        if let expires = experiment.expires, expires < today, let node = keys[.expires]?.value {
            log.warning(
                "experiment '\(experiment.identifier)' expired on \(expires); resolve it or remove it",
                at: node)
        }
        let definition = experiment.definition
        if let winner = definition.winner, let node = keys[.status]?.value {
            log.warning(
                "experiment '\(experiment.identifier)' is resolved: every unit gets "
                    + "'\(winner)'; its code can be removed once no "
                    + "released app version runs it", at: node)
        }
        if definition.status == .stopped, let node = keys[.status]?.value {
            log.warning(
                "experiment '\(experiment.identifier)' is stopped: every unit gets the control "
                    + "'\(definition.control)' and nothing is enrolled or exposed; stored groups "
                    + "are kept for when it runs again", at: node)
        }
        if experiment.groups[definition.controlIndex].weight == 0 {
            let control = groups[definition.controlIndex]
            let (what, others) = definition.factorial == nil ? ("control group", "groups") : ("control cell", "cells")
            log.warning(
                "\(what) '\(control.name)' has weight 0: it receives no units, so the other "
                    + "\(others) have nothing to be compared with",
                at: keys[.control]?.value ?? control.weightNode ?? control.nameNode)
        }
    }
}
