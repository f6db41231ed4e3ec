/// The entries of one YAML mapping, each key once, in the order the file writes them.
struct MappingEntries {
    /// The first entry of every key, in file order.
    private(set) var ordered: [(name: String, pair: YAMLPair)] = []
    private var indexByName: [String: Int] = [:]

    /// The entry of `name`, if the mapping has it.
    subscript(name: String) -> YAMLPair? {
        indexByName[name].map { ordered[$0].pair }
    }

    /// The number of distinct keys.
    var count: Int { ordered.count }

    /// Adds an entry; returns the earlier entry of the same name instead when there is one.
    mutating func insert(_ name: String, _ pair: YAMLPair) -> YAMLPair? {
        if let index = indexByName[name] { return ordered[index].pair }
        indexByName[name] = ordered.count
        ordered.append((name, pair))
        return nil
    }
}

extension ExperimentParser {
    /// The entries of `node`, a mapping: reports keys that are not names, duplicate keys (with a
    /// note at the first), and, when `allowed` is given, unknown keys with a suggestion.
    ///
    /// - Parameters:
    ///   - noun: what a key is, for messages ("key", "group", "parameter").
    ///   - place: where the mapping is, for messages (" in group 'red'"), or empty.
    mutating func entries(
        of node: YAMLNode, allowed: [String]? = nil, noun: String = "key", place: String = ""
    ) -> MappingEntries {
        guard case .mapping(let pairs) = node.content else {
            preconditionFailure("entries(of:) is called on mappings only")
        }
        var result = MappingEntries()
        for pair in pairs {
            guard let name = pair.key.stringValue else {
                error("\(noun)s\(place) must be names; found \(pair.key.kindDescription)", at: pair.key)
                continue
            }
            if let allowed, !allowed.contains(name) {
                let shown = Self.shown(name)
                error(
                    "unknown key '\(shown)'\(place)" + Suggestions.didYouMean(name, in: allowed),
                    at: pair.key)
                continue
            }
            if let first = result.insert(name, pair) {
                error(
                    "duplicate \(noun) '\(Self.shown(name))'\(place)", at: pair.key,
                    note: ("'\(Self.shown(name))' is first defined here", first.key))
            }
        }
        return result
    }
}
