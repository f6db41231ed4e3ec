import SplitTesting
import SplitTestFormats

/// A group as read from `groups:`, before parameters are resolved across groups.
struct GroupDraft {
    var name: String
    var nameNode: YAMLNode
    /// The Swift member the name becomes, once the name rules have checked it.
    var memberName = ""
    var weight: Double = 1
    var weightNode: YAMLNode?
    var description: String?
    /// The group's `params`, or empty.
    var parameters: [ParameterDraft] = []
}

/// The keys of a group in the long form.
enum GroupKey: Int, FixedKey {
    case weight, description, params

    static let names = ["weight", "description", "params"]
}

/// The three forms of `groups:` — long (name → mapping), short (name → weight) and a list of names.
extension ExperimentParser {
    /// The groups, each with a weight that owns at least one bucket, or nil when any is invalid.
    mutating func readGroups(_ node: YAMLNode) -> [GroupDraft]? {
        var drafts: [GroupDraft] = []
        var valid = true
        switch node.kind {
        case .mapping:
            guard withinGroupLimit(node.entryCount, at: node) else { return nil }
            drafts.reserveCapacity(node.entryCount)
            let entries = namedEntries(of: node, noun: "group")
            let misplaced = misplacedGroupKeys(entries)
            valid = misplaced.isEmpty
            for (position, entry) in entries.enumerated() where !misplaced.contains(position) {
                let (name, pair) = (entry.name, entry.pair)
                guard var draft = newGroup(name, pair.key) else {
                    valid = false
                    continue
                }
                valid = readGroupBody(pair.value, into: &draft) && valid
                drafts.append(draft)
            }
        case .sequence:
            guard withinGroupLimit(node.entryCount, at: node) else { return nil }
            drafts.reserveCapacity(node.entryCount)
            var seen = NameIndex<YAMLNode>()
            for position in 0..<node.entryCount {
                let item = document.item(position, of: node)
                guard let name = document.stringValue(of: item) else {
                    log.error("each item of 'groups' must be a group name; found \(document.kindDescription(of: item))", at: item)
                    valid = false
                    continue
                }
                if let first = seen[name] {
                    log.error("duplicate group '\(shownInMessage(name))'", at: item, note: ("'\(shownInMessage(name))' is first defined here", first))
                    valid = false
                    continue
                }
                seen.insert(name, item)
                guard let draft = newGroup(name, item) else {
                    valid = false
                    continue
                }
                drafts.append(draft)
            }
        case .plainScalar, .quotedScalar:
            log.error(
                "'groups' must map group names to weights or settings, or list group names; "
                    + "found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        // A name the generated enum cannot hold is an error, so the experiment is not built; but
        // the groups still go on to the checks that follow (parameters, control, winner), which
        // read names as written, so that one run reports every problem of the file.
        _ = NameRules.checkGroupNames(&drafts, parser: &self)
        guard valid else { return nil }
        guard drafts.count >= 2 else {
            log.error("an experiment needs at least two groups; found \(drafts.count)", at: node)
            return nil
        }
        guard drafts.contains(where: { $0.weight > 0 }) else {
            log.error("at least one group must have a positive weight", at: node)
            return nil
        }
        let weights = drafts.map(\.weight)
        guard weights.reduce(0, +).isFinite else {
            log.error("the weights add up to more than a number can hold; scale them down", at: node)
            return nil
        }
        let counts = BucketTable.bucketCounts(forWeights: weights)
        for index in drafts.indices {
            if counts[index] == 0 && drafts[index].weight > 0 {
                let group = drafts[index]
                log.error(
                    "group '\(group.name)' has weight \(group.weightNode.flatMap(document.scalarText) ?? "1"), too small a "
                        + "share of the total for one of the 10,000 buckets; raise it or make it 0",
                    at: group.weightNode ?? group.nameNode)
                valid = false
            }
        }
        return valid ? drafts : nil
    }

    private mutating func withinGroupLimit(_ count: Int, at node: YAMLNode) -> Bool {
        guard count > limits.groupsPerExperiment else { return true }
        log.error(
            "'groups' declares \(count) groups; an experiment may declare at most "
                + "\(limits.groupsPerExperiment)", at: node)
        return false
    }

    private mutating func newGroup(_ name: String, _ node: YAMLNode) -> GroupDraft? {
        guard NameRules.isName(name) else {
            log.error("group name '\(shownInMessage(name))' \(NameRules.nameRequirement)", at: node)
            return nil
        }
        return GroupDraft(name: name, nameNode: node)
    }

    /// A group's value in the mapping forms: nothing, a weight, or `{ weight, description, params }`.
    private mutating func readGroupBody(_ node: YAMLNode, into draft: inout GroupDraft) -> Bool {
        switch node.kind {
        case .plainScalar, .quotedScalar:
            if document.stringValue(of: node) == nil { return true }
            return readWeight(node, into: &draft)
        case .sequence:
            log.error(
                "group '\(draft.name)' must have a weight or a mapping of 'weight', 'description' "
                    + "and 'params'; found a list", at: node)
            return false
        case .mapping:
            let name = draft.name
            let keys = entries(of: node, keys: GroupKey.self, place: " in group '\(name)'")
            var valid = true
            if let weight = keys[.weight] { valid = readWeight(weight.value, into: &draft) && valid }
            if let description = keys[.description] {
                draft.description = readText(description.value, key: "description")
                valid = draft.description != nil && valid
            }
            if let params = keys[.params] {
                if let parameters = readParameters(params.value, place: "of group '\(name)'") {
                    draft.parameters = parameters
                } else {
                    valid = false
                }
            }
            return valid
        }
    }

    private mutating func readWeight(_ node: YAMLNode, into draft: inout GroupDraft) -> Bool {
        guard let weight = document.scalarValue(of: node)?.number else {
            log.error("the weight of group '\(draft.name)' must be a number; found \(document.kindDescription(of: node))", at: node)
            return false
        }
        guard weight.isFinite else {
            log.error("the weight of group '\(draft.name)' must be a finite number; found \(document.kindDescription(of: node))", at: node)
            return false
        }
        guard weight >= 0 else {
            log.error("the weight of group '\(draft.name)' must not be negative; found \(document.kindDescription(of: node))", at: node)
            return false
        }
        draft.weight = weight
        draft.weightNode = node
        return true
    }
}
