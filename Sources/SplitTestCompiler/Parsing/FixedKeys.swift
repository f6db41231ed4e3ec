import SplitTestFormats
/// A key of a mapping whose keys are fixed by the definition language: an experiment's, a
/// group's, a layer's. Each is an enum whose cases are numbered from 0 in the order of `names`.
protocol FixedKey: RawRepresentable<Int>, CaseIterable {
    /// Every key as definitions write it, in the order of the cases.
    static var names: [String] { get }
}

extension FixedKey {
    /// The key as definitions write it.
    var name: String { Self.names[rawValue] }
}

/// The entries of a mapping with fixed keys: for each key, the first pair that has it.
///
/// Read in one pass over the mapping, each key found by comparing bytes; a lookup is then an
/// index into a table, so it costs neither a string comparison nor an allocation. The positions
/// of the first 16 keys are held inline; a key set may have any number of keys, those past the
/// 16th taking a small array, made only when a mapping uses one of them.
struct FixedKeyEntries<Key: FixedKey> {
    private let document: YAMLDocument
    private let mapping: YAMLNode
    /// The position of each of the first 16 keys' pair in the mapping, by the key's raw value; -1 for none.
    private var inlinePositions = SIMD16<Int32>(repeating: -1)
    /// The positions of the keys past the 16th, by raw value − 16; empty until one is found.
    private var overflowPositions: [Int32] = []

    init(of mapping: YAMLNode, in document: YAMLDocument) {
        self.document = document
        self.mapping = mapping
    }

    /// The pair of `key`, if the mapping has it.
    subscript(key: Key) -> YAMLPair? {
        let position = position(of: key.rawValue)
        return position < 0 ? nil : document.pair(Int(position), of: mapping)
    }

    private func position(of rawValue: Int) -> Int32 {
        if rawValue < inlinePositions.scalarCount { return inlinePositions[rawValue] }
        let index = rawValue - inlinePositions.scalarCount
        return index < overflowPositions.count ? overflowPositions[index] : -1
    }

    /// Records the pair at `position` as the entry of the key whose raw value is `rawValue`;
    /// returns the earlier pair of that key instead when there is one.
    fileprivate mutating func insert(rawValue: Int, at position: Int) -> YAMLPair? {
        let earlier = self.position(of: rawValue)
        if earlier >= 0 { return document.pair(Int(earlier), of: mapping) }
        if rawValue < inlinePositions.scalarCount {
            inlinePositions[rawValue] = Int32(position)
        } else {
            if overflowPositions.isEmpty {
                overflowPositions = [Int32](repeating: -1, count: Key.names.count - inlinePositions.scalarCount)
            }
            overflowPositions[rawValue - inlinePositions.scalarCount] = Int32(position)
        }
        return nil
    }
}

extension ExperimentParser {
    /// The entries of `node`, a mapping whose keys are `Key`'s: reports keys that are not names,
    /// unknown keys (with a suggestion) and duplicate keys (with a note at the first).
    ///
    /// - Parameter place: where the mapping is, for messages (" in group 'red'"), or empty.
    /// - Parameter ignoring: names that are not keys here but were reported already.
    /// - Parameter explaining: for an unknown key that is a name and no misspelling of a key, at
    ///   its position, a message that says better what happened (a key indented too little), or nil.
    mutating func entries<Key: FixedKey>(
        of node: YAMLNode, keys: Key.Type, place: @autoclosure () -> String = "", ignoring: [String] = [],
        explaining: (_ position: Int, _ name: String) -> String? = { _, _ in nil }
    ) -> FixedKeyEntries<Key> {
        precondition(node.kind == .mapping, "entries(of:keys:) is called on mappings only")
        var result = FixedKeyEntries<Key>(of: node, in: document)
        let names = Key.names
        for position in 0..<node.entryCount {
            let key = document.pair(position, of: node).key
            guard let rawValue = knownPosition(of: key, in: names) else {
                if !ignoring.isEmpty, let text = document.stringValue(of: key), ignoring.contains(text) { continue }
                log.error(
                    Self.unknownKeyMessage(key, in: document, names: names, place: place()) { explaining(position, $0) },
                    at: key)
                continue
            }
            if let first = result.insert(rawValue: rawValue, at: position) {
                let name = names[rawValue]
                log.error(
                    "duplicate key '\(name)'\(place())", at: key, note: ("'\(name)' is first defined here", first.key))
            }
        }
        return result
    }

    /// What is wrong with `key`, which is none of `names`: a name that is not a key here (with a
    /// suggestion, or else `explaining`'s words), or no name at all.
    private static func unknownKeyMessage(
        _ key: YAMLNode, in document: YAMLDocument, names: [String], place: String,
        explaining: (String) -> String? = { _ in nil }
    ) -> String {
        guard let text = document.stringValue(of: key) else {
            return "keys\(place) must be names; found \(document.kindDescription(of: key))"
        }
        if let suggestion = Suggestions.closest(to: text, in: names) {
            return "unknown key '\(shownInMessage(text))'\(place); did you mean '\(suggestion)'?"
        }
        return explaining(text) ?? "unknown key '\(shownInMessage(text))'\(place)"
    }

    /// The position in `names` of the scalar `key`, compared as bytes.
    private func knownPosition(of key: YAMLNode, in names: [String]) -> Int? {
        guard key.isScalar else { return nil }
        var index = 0
        while index < names.count {
            if document.scalar(key, is: names[index]) { return index }
            index += 1
        }
        return nil
    }
}
