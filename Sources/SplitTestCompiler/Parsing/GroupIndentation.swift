/// Groups that are a group's own keys indented one level too little.
///
/// ```yaml
/// groups:
///   control: { weight: 50, params: { color: red } }
///   variant:
///   weight: 50
///   params: { color: blue }
/// ```
///
/// reads as four groups, two of them named `weight` and `params`; reported as parameter errors,
/// the mistake would be hard to see. A group named after a group key is taken for a misplaced key
/// when the group before it (not itself named after a key) lacks that key.
extension ExperimentParser {
    /// The positions in `entries` of the groups that are misplaced keys, each reported.
    mutating func misplacedGroupKeys(_ entries: [MappingEntry]) -> Set<Int> {
        var misplaced: Set<Int> = []
        var owner: MappingEntry?
        for (position, entry) in entries.enumerated() {
            guard let key = GroupKey.names.firstIndex(of: entry.name).flatMap(GroupKey.init(rawValue:)) else {
                owner = entry
                continue
            }
            guard let owner, !hasGroupKey(key, owner.pair.value) else { continue }
            log.error(
                "'\(entry.name)' is read as a group: is it indented under '\(owner.name)'?", at: entry.pair.key)
            misplaced.insert(position)
        }
        return misplaced
    }

    /// Whether a group's value in the mapping forms gives `key`: a weight written as the value
    /// counts as one.
    private func hasGroupKey(_ key: GroupKey, _ value: YAMLNode) -> Bool {
        switch value.kind {
        case .plainScalar, .quotedScalar:
            return key == .weight && !document.isNull(value)
        case .sequence:
            return false
        case .mapping:
            return (0..<value.entryCount).contains { position in
                document.stringValue(of: document.pair(position, of: value).key) == key.name
            }
        }
    }
}
