import SplitTestFormats
/// The reader of `force:`, the units (QA accounts, employees) always served a given group.
extension ExperimentParser {
    /// `force: { unit id: group name }`: the group index of each unit, or nil when any entry is
    /// wrong (each reported where it is written).
    mutating func readForce(_ node: YAMLNode, groups: [GroupDraft]?) -> [String: Int]? {
        guard node.kind == .mapping else {
            log.error(
                "'force' must be a mapping of unit ids to group names, like { \"qa-device-1\": blue }; "
                    + "found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        var units: [String: Int] = [:]
        units.reserveCapacity(node.entryCount)
        var seen = NameIndex<YAMLNode>(capacity: node.entryCount)
        var valid = true
        for position in 0..<node.entryCount {
            let pair = document.pair(position, of: node)
            guard let unit = document.stringValue(of: pair.key) else {
                log.error(
                    "unit ids in 'force' must be text; found \(document.kindDescription(of: pair.key))", at: pair.key)
                valid = false
                continue
            }
            guard !unit.isEmpty else {
                log.error("a unit id in 'force' must not be empty", at: pair.key)
                valid = false
                continue
            }
            if let first = seen.insert(unit, pair.key) {
                log.error(
                    "duplicate unit id '\(shownInMessage(unit))' in 'force'", at: pair.key,
                    note: ("'\(shownInMessage(unit))' is first forced here", first))
                valid = false
                continue
            }
            guard pair.value.isScalar, document.stringValue(of: pair.value) != nil else {
                log.error(
                    "unit '\(shownInMessage(unit))' in 'force' must name a group; "
                        + "found \(document.kindDescription(of: pair.value))", at: pair.value)
                valid = false
                continue
            }
            guard let groupIndex = readGroupReference(pair.value, key: "force", groups: groups) else {
                valid = false
                continue
            }
            units[unit] = groupIndex
        }
        return valid ? units : nil
    }
}
