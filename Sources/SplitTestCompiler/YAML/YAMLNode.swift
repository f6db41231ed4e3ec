/// One node of a YAML document: its kind, its place in the file, and where its contents lie in
/// the `YAMLDocument` that holds it.
///
/// A node is a plain value with no references, so copying one costs nothing: drafts and
/// diagnostics keep nodes freely, and the text of a scalar becomes a `String` only when the
/// parser needs it (most keys are compared as bytes and never do).
struct YAMLNode: Sendable, Equatable {
    /// What a node is.
    enum Kind: UInt8, Sendable {
        /// An untagged, unquoted scalar: the only kind whose type the core schema resolves.
        case plainScalar
        /// A quoted, block or `!!str`-tagged scalar: always a string.
        case quotedScalar
        /// Key/value pairs in the order the file writes them, duplicates included, so that the
        /// parser can report them.
        case mapping
        /// Items in order.
        case sequence
    }

    /// What the node is.
    var kind: Kind
    /// The 1-based line of the node's first character.
    var line: Int
    /// The 1-based column of the node's first character.
    var column: Int
    /// A scalar's first byte in the document's scalar bytes; a collection's first child in the
    /// document's children.
    var start: Int
    /// A scalar's length in bytes; a collection's number of children (two per mapping entry).
    var count: Int

    /// Whether the node is a scalar, plain or not.
    var isScalar: Bool { kind == .plainScalar || kind == .quotedScalar }

    /// A mapping's number of key/value pairs, or a sequence's number of items.
    var entryCount: Int { kind == .mapping ? count / 2 : count }

    /// An empty plain scalar (a null) at a place: what the reader leaves where it drops a part of
    /// the document it has reported.
    static func placeholder(line: Int, column: Int) -> YAMLNode {
        YAMLNode(kind: .plainScalar, line: line, column: column, start: 0, count: 0)
    }
}

/// One entry of a YAML mapping.
struct YAMLPair: Sendable, Equatable {
    /// The key node (a scalar in every valid definition).
    var key: YAMLNode
    /// The value node.
    var value: YAMLNode
}
