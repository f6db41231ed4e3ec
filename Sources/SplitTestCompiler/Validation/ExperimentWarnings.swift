@_spi(Tools) import SplitTesting

/// What deserves attention in an otherwise valid experiment, reported as warnings.
extension ExperimentParser {
    /// Warns about an expired date, a resolved or stopped experiment, a control that receives
    /// no units, and weights that look like percentages that miss 100.
    mutating func warn(about experiment: Experiment, keys: FixedKeyEntries<ExperimentKey>, groups: [GroupDraft]) {
        if factorial == nil, let pair = keys[.groups] { warnAboutWeightSum(groups, at: pair.key) }
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

    /// Weights are relative, so 60 and 50 are a split of 54.55% and 45.45%; weights that add up to
    /// nearly 100 were most likely meant as percentages, and the split they give deserves a word.
    private mutating func warnAboutWeightSum(_ groups: [GroupDraft], at node: YAMLNode) {
        guard groups.contains(where: { $0.weightNode != nil }) else { return }
        let sum = groups.reduce(0) { $0 + $1.weight }
        guard (90...110).contains(sum), abs(sum - 100) > 1e-9 else { return }
        let split = BucketTable.bucketCounts(forWeights: groups.map(\.weight)).map(Self.percentOfBuckets)
        log.warning(
            "weights add up to \(Self.shownNumber(sum)), not 100; they are relative, so the split is "
                + split.joined(separator: " / "), at: node)
    }

    /// A number of buckets as a percentage of all of them, to 0.01 and without trailing zeros.
    private static func percentOfBuckets(_ buckets: Int) -> String {
        let (whole, hundredths) = buckets.quotientAndRemainder(dividingBy: Bucketing.bucketCount / 100)
        if hundredths == 0 { return "\(whole)%" }
        if hundredths % 10 == 0 { return "\(whole).\(hundredths / 10)%" }
        return "\(whole).\(hundredths < 10 ? "0" : "")\(hundredths)%"
    }

    /// A sum of weights to 0.01, without a trailing `.0`.
    private static func shownNumber(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? "\(Int(rounded))" : "\(rounded)"
    }
}
