/// One node of a YAML document, as the reader builds it from libyaml's events: no anchors, no
/// aliases and no custom tags survive reading, so the tree is exactly what the file spells out.
struct YAMLNode: Sendable {
    /// What a node holds.
    enum Content: Sendable {
        /// A scalar's text, and whether it is plain (untagged and unquoted), the only kind
        /// whose type the core schema resolves; every other scalar is a string.
        case scalar(String, isPlain: Bool)
        /// Key/value pairs in the order the file writes them (duplicates included, so that the
        /// parser can report them).
        case mapping([YAMLPair])
        /// Items in order.
        case sequence([YAMLNode])
    }

    /// What the node holds.
    var content: Content
    /// The 1-based line of the node's first character.
    var line: Int
    /// The 1-based column of the node's first character.
    var column: Int

    /// The scalar's text, or nil for a mapping or a sequence.
    var scalarText: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// The scalar's text when the node is a plain or quoted scalar that is not a null.
    var stringValue: String? {
        guard case .scalar(let text, let isPlain) = content else { return nil }
        if isPlain && CoreSchema.isNull(text) { return nil }
        return text
    }

    /// Words for the kind of node, as messages name it ("found a mapping").
    var kindDescription: String {
        switch content {
        case .scalar(let text, let isPlain):
            if isPlain && CoreSchema.isNull(text) { return "nothing" }
            return "'\(text.count <= 40 ? text : text.prefix(37) + "...")'"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        }
    }
}

/// One entry of a YAML mapping.
struct YAMLPair: Sendable {
    /// The key node (a scalar in every valid definition).
    var key: YAMLNode
    /// The value node.
    var value: YAMLNode
}
