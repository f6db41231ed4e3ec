/// The entries of one YAML mapping, each key once, in the order the file writes them.
struct MappingEntries {
    private var index: NameIndex<YAMLPair>

    /// Empty entries with room for `capacity` keys.
    init(capacity: Int) {
        index = NameIndex(capacity: capacity)
    }

    /// The entry of `name`, if the mapping has it.
    subscript(name: String) -> YAMLPair? { index[name] }

    /// The number of distinct keys.
    var count: Int { index.count }

    /// The first entry of every key, in file order.
    var ordered: Zip2Sequence<[String], [YAMLPair]> { zip(index.names, index.values) }

    /// Adds an entry; returns the earlier entry of the same name instead when there is one.
    mutating func insert(_ name: String, _ pair: YAMLPair) -> YAMLPair? {
        index.insert(name, pair)
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
        of node: YAMLNode, allowed: [String]? = nil, noun: String = "key",
        place: @autoclosure () -> String = ""
    ) -> MappingEntries {
        guard case .mapping(let pairs) = node.content else {
            preconditionFailure("entries(of:) is called on mappings only")
        }
        var result = MappingEntries(capacity: pairs.count)
        for pair in pairs {
            guard let name = pair.key.stringValue else {
                error("\(noun)s\(place()) must be names; found \(pair.key.kindDescription)", at: pair.key)
                continue
            }
            if let allowed, NameIndex<YAMLPair>.linearPosition(of: name, in: allowed) == nil {
                let shown = Self.shown(name)
                error(
                    "unknown key '\(shown)'\(place())" + Suggestions.didYouMean(name, in: allowed),
                    at: pair.key)
                continue
            }
            if let first = result.insert(name, pair) {
                error(
                    "duplicate \(noun) '\(Self.shown(name))'\(place())", at: pair.key,
                    note: ("'\(Self.shown(name))' is first defined here", first.key))
            }
        }
        return result
    }
}
