import SplitTestFormats
/// One entry of a mapping whose keys are names the definition chooses (groups, parameters): a
/// key that is a valid name, and its pair.
struct MappingEntry {
    var name: String
    var pair: YAMLPair
}

extension ExperimentParser {
    /// The most entries compared with each other pairwise to find duplicates; past it, names are
    /// indexed, so that a huge mapping never turns quadratic.
    private static var pairwiseLimit: Int { 12 }

    /// The entries of `node`, a mapping of names, in file order and each name once: reports keys
    /// that are not names, and duplicates (with a note at the first).
    ///
    /// - Parameters:
    ///   - noun: what a key is, for messages ("group", "parameter").
    ///   - place: where the mapping is, for messages (" of group 'red'"), or empty.
    mutating func namedEntries(
        of node: YAMLNode, noun: String, place: @autoclosure () -> String = ""
    ) -> [MappingEntry] {
        precondition(node.kind == .mapping, "namedEntries(of:) is called on mappings only")
        let count = node.entryCount
        var result: [MappingEntry] = []
        result.reserveCapacity(count)
        var index: NameIndex<YAMLNode>? = count > Self.pairwiseLimit ? NameIndex(capacity: count) : nil
        for position in 0..<count {
            let pair = document.pair(position, of: node)
            guard let name = document.stringValue(of: pair.key) else {
                log.error(
                    "\(noun)s\(place()) must be names; found \(document.kindDescription(of: pair.key))", at: pair.key)
                continue
            }
            let first: YAMLNode?
            if index != nil {
                first = index?.insert(name, pair.key)
            } else {
                first = result.first { document.sameScalar($0.pair.key, pair.key) }?.pair.key
            }
            if let first {
                log.error(
                    "duplicate \(noun) '\(shownInMessage(name))'\(place())", at: pair.key,
                    note: ("'\(shownInMessage(name))' is first defined here", first))
                continue
            }
            result.append(MappingEntry(name: name, pair: pair))
        }
        return result
    }
}
