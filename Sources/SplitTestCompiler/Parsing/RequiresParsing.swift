import SplitTestFormats
/// Reads `requires: { experiment: [groups] }`: experiments a unit must get given groups of
/// before this one enrols it. Whether they exist is checked once every file is read.
extension ExperimentParser {
    /// The requirements as written, or nil after reporting what is wrong with their shape.
    mutating func readRequires(_ node: YAMLNode) -> [RequirementDraft]? {
        guard node.kind == .mapping, node.entryCount > 0 else {
            log.error(
                "'requires' must be a mapping of experiment to the groups a unit must get in it, like "
                    + "{ onboarding_flow: [new_flow] }; found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        var requirements: [RequirementDraft] = []
        var valid = true
        for entry in namedEntries(of: node, noun: "experiment", place: " in 'requires'") {
            let list = entry.pair.value
            guard list.kind == .sequence, list.entryCount > 0 else {
                log.error(
                    "the groups required of '\(shownInMessage(entry.name))' must be a list of at least one group, "
                        + "like [new_flow]; found \(document.kindDescription(of: list))", at: list)
                valid = false
                continue
            }
            // Group names, or a multivariate experiment's cell names (`five+on+none`): whether each
            // exists is checked against the experiment required.
            var groups: [(name: String, node: YAMLNode)] = []
            for position in 0..<list.entryCount {
                let item = document.item(position, of: list)
                guard item.isScalar, let text = document.stringValue(of: item), !text.isEmpty else {
                    log.error(
                        "a group in 'requires' must be a group or cell name; found \(document.kindDescription(of: item))",
                        at: item)
                    valid = false
                    continue
                }
                if let first = groups.first(where: { $0.name == text }) {
                    log.error(
                        "group '\(shownInMessage(text))' is required twice", at: item,
                        note: ("'\(shownInMessage(text))' is first listed here", first.node))
                    valid = false
                    continue
                }
                groups.append((text, item))
            }
            requirements.append(RequirementDraft(
                experiment: NameReference(name: entry.name, location: file.location(of: entry.pair.key)),
                groups: groups.map { NameReference(name: $0.name, location: file.location(of: $0.node)) }))
        }
        return valid ? requirements : nil
    }
}
