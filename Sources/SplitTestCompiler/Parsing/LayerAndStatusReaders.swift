@_spi(Generated) import SplitTesting
import SplitTestFormats

/// The keys of `layer`.
enum LayerKey: Int, FixedKey {
    case name, range

    static let names = ["name", "range"]
}

/// Readers of the keys that refer to groups or place the experiment: `layer`, `control`,
/// `status` and `winner` (`force` is in ForceReader.swift).
extension ExperimentParser {
    /// `layer: { name, range: [start, end] }`, with the range node that overlap errors point to.
    mutating func readLayer(_ node: YAMLNode) -> (layer: SplitTestLayer, rangeNode: YAMLNode)? {
        guard node.kind == .mapping else {
            log.error(
                "'layer' must be a mapping like { name: checkout, range: [0, 50] }; "
                    + "found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        let keys = entries(of: node, keys: LayerKey.self, place: " in 'layer'")
        var name: String?
        if let nameNode = keys[.name]?.value, let text = readText(nameNode, key: "name") {
            if NameRules.isName(text) {
                name = text
            } else {
                log.error("layer name '\(shownInMessage(text))' \(NameRules.nameRequirement)", at: nameNode)
            }
        } else if keys[.name] == nil {
            log.error("missing required key 'name' in 'layer'", at: node)
        }
        guard let rangeNode = keys[.range]?.value else {
            log.error("missing required key 'range' in 'layer'", at: node)
            return nil
        }
        guard rangeNode.kind == .sequence, rangeNode.entryCount == 2 else {
            log.error(
                "'range' must be a list of two percentages of the layer, like [0, 50]; "
                    + "found \(document.kindDescription(of: rangeNode))", at: rangeNode)
            return nil
        }
        let ends = [document.item(0, of: rangeNode), document.item(1, of: rangeNode)]
        let bounds = "between 0 and 100"
        let start = readPercent(ends[0], what: "the start of 'range'", bounds: bounds)
        let end = readPercent(ends[1], what: "the end of 'range'", bounds: bounds)
        guard let name, let start, let end else { return nil }
        guard start < end else {
            log.error(
                "the layer range must start before it ends (0 ≤ start < end ≤ 100); "
                    + "found [\(document.scalarText(of: ends[0]) ?? ""), \(document.scalarText(of: ends[1]) ?? "")]", at: rangeNode)
            return nil
        }
        return (SplitTestLayer(name: name, buckets: start..<end), rangeNode)
    }

    /// The index of the group `control:` names.
    mutating func readGroupReference(_ pair: YAMLPair?, groups: [GroupDraft]?) -> Int? {
        guard let pair else { return nil }
        return readGroupReference(pair.value, key: "control", groups: groups)
    }

    /// The index of the group that `node` names.
    mutating func readGroupReference(_ node: YAMLNode, key: String, groups: [GroupDraft]?) -> Int? {
        if let factorial { return readCellReference(node, key: key, factorial: factorial) }
        guard let name = readText(node, key: key) else { return nil }
        // Without valid groups there is nothing to check against; the groups' errors say why.
        guard let groups else { return nil }
        guard let index = groups.firstIndex(where: { $0.name == name }) else {
            log.error(
                "group '\(shownInMessage(name))' is not defined" + Suggestions.didYouMean(name, in: groups.map(\.name)),
                at: node)
            return nil
        }
        return index
    }

    /// `status` and `winner`, paired by ``SplitTestStatus``'s one rule: the status, with its
    /// winner when it is resolved. A resolved status without a valid winner is an error; the status
    /// returned is then `running`, so that the experiment it belongs to (never built, having
    /// errors) stays consistent.
    mutating func readStatusAndWinner(_ keys: FixedKeyEntries<ExperimentKey>, groups: [GroupDraft]?) -> SplitTestStatus {
        readStatusAndWinner(status: keys[.status], winner: keys[.winner], groups: groups)
    }

    /// `status` and `winner` written as these pairs (an experiment's, or an environment's).
    mutating func readStatusAndWinner(status: YAMLPair?, winner: YAMLPair?, groups: [GroupDraft]?) -> SplitTestStatus {
        let statusNode = status?.value
        let statusName = statusNode.flatMap { readChoice($0, key: "status", choices: SplitTestStatus.names) }
        // A status that does not read is reported already; a winner beside it needs no second error.
        if statusNode != nil && statusName == nil { return .running }
        let winnerText = winner.map { document.scalarText(of: $0.value) ?? "" }
        switch SplitTestStatus.pairing(name: statusName, winner: winnerText) {
        case .success(nil):
            return .running
        case .success(.resolved?):
            guard let winner, let index = readGroupReference(winner.value, key: "winner", groups: groups), let groups else {
                return .running
            }
            return .resolved(winner: groups[index].name)
        case .success(let status?):
            return status
        case .failure(.resolvedWithoutWinner):
            if let statusNode { log.error("a resolved experiment must name its 'winner'", at: statusNode) }
            return .running
        case .failure(.winnerOfStopped):
            if let winner {
                log.error(
                    "a stopped experiment serves its control to every unit and has no 'winner'; "
                        + "remove it, or write 'status: resolved'", at: winner.key)
            }
            return .stopped
        case .failure(.winnerWithoutResolved), .failure(.unknownName):
            if let winner { log.error("'winner' is only allowed together with 'status: resolved'", at: winner.key) }
            return .running
        }
    }
}
