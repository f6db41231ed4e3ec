/// The entries of one YAML mapping, each key once, in the order the file writes them.
///
/// A definition's mappings hold a handful of keys: those are kept as the mapping's own pairs
/// with a mask of the pairs left out (invalid or repeated keys), which costs no allocation;
/// larger mappings are indexed by name, so that lookups never turn quadratic.
struct MappingEntries {
    /// The most pairs kept without an index.
    private static var smallLimit: Int { 12 }

    private enum Storage {
        /// The mapping's pairs; bit `i` of `skipped` set when pair `i` is not an entry.
        case small(pairs: [YAMLPair], skipped: UInt64)
        case indexed(NameIndex<YAMLPair>)
    }

    private var storage: Storage

    /// Entries to be filled from `pairs` by `insert`, in order.
    init(for pairs: [YAMLPair]) {
        if pairs.count <= Self.smallLimit {
            // Every pair starts out skipped; `insert` keeps it.
            storage = .small(pairs: pairs, skipped: pairs.isEmpty ? 0 : UInt64.max >> (64 - pairs.count))
        } else {
            storage = .indexed(NameIndex(capacity: pairs.count))
        }
    }

    /// The entry of `name`, if the mapping has it.
    subscript(name: String) -> YAMLPair? {
        switch storage {
        case .small(let pairs, let skipped):
            return Self.position(of: name, in: pairs, skipped: skipped, before: pairs.count).map { pairs[$0] }
        case .indexed(let index):
            return index[name]
        }
    }

    /// The first entry of every key, in file order.
    var ordered: [MappingEntry] {
        var result: [MappingEntry] = []
        switch storage {
        case .small(let pairs, let skipped):
            result.reserveCapacity(pairs.count)
            for position in pairs.indices where skipped & (1 << position) == 0 {
                result.append(MappingEntry(name: Self.keyText(pairs[position]), pair: pairs[position]))
            }
        case .indexed(let index):
            result.reserveCapacity(index.count)
            for position in 0..<index.count {
                result.append(MappingEntry(name: index.names[position], pair: index.values[position]))
            }
        }
        return result
    }

    /// Adds the pair at `position` of the mapping, whose key is `name`; returns the earlier
    /// entry of the same name instead when there is one.
    mutating func insert(_ name: String, _ pair: YAMLPair, at position: Int) -> YAMLPair? {
        switch storage {
        case .small(let pairs, var skipped):
            if let first = Self.position(of: name, in: pairs, skipped: skipped, before: position) {
                return pairs[first]
            }
            skipped &= ~(1 << position)
            storage = .small(pairs: pairs, skipped: skipped)
            return nil
        case .indexed(var index):
            // Moved out of `storage` first, so that the insertion does not copy the index.
            storage = .small(pairs: [], skipped: 0)
            let earlier = index.insert(name, pair)
            storage = .indexed(index)
            return earlier
        }
    }

    /// The key text of a kept pair: its key is a scalar, since `insert` was given its name.
    private static func keyText(_ pair: YAMLPair) -> String {
        guard let text = pair.key.scalarText else {
            preconditionFailure("only pairs whose key is a scalar become entries")
        }
        return text
    }

    private static func position(of name: String, in pairs: [YAMLPair], skipped: UInt64, before end: Int) -> Int? {
        let length = name.utf8.count
        for position in 0..<end where skipped & (1 << position) == 0 {
            guard case .scalar(let text, _) = pairs[position].key.content else { continue }
            // Unequal keys of one length are rare, and a length is cheaper to compare than text.
            if text.utf8.count == length && text == name { return position }
        }
        return nil
    }
}

/// One entry of a mapping: a key that is a valid name, and its pair.
struct MappingEntry {
    var name: String
    var pair: YAMLPair
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
        var result = MappingEntries(for: pairs)
        for position in pairs.indices {
            let pair = pairs[position]
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
            if let first = result.insert(name, pair, at: position) {
                error(
                    "duplicate \(noun) '\(Self.shown(name))'\(place())", at: pair.key,
                    note: ("'\(Self.shown(name))' is first defined here", first.key))
            }
        }
        return result
    }
}
