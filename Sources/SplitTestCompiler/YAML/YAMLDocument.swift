/// One YAML document, read into two flat arrays: the children of every collection, and the bytes
/// of every scalar.
///
/// Nodes point into these arrays by position, so reading a document costs a few appends per
/// event rather than a `String` per scalar and an array per collection; the parser turns a
/// scalar into a `String` only when it keeps the text.
struct YAMLDocument: Sendable {
    /// The document's top node.
    var root: YAMLNode
    /// The children of every collection, each collection's together and in order; a mapping's
    /// as key, value, key, value.
    var children: [YAMLNode] = []
    /// The bytes of every scalar, one after another.
    var scalarBytes: [UInt8] = []

    // MARK: Collections

    /// The key and value of the pair at `position` of `mapping`.
    func pair(_ position: Int, of mapping: YAMLNode) -> YAMLPair {
        let first = mapping.start + 2 * position
        return YAMLPair(key: children[first], value: children[first + 1])
    }

    /// The item at `position` of `sequence`.
    func item(_ position: Int, of sequence: YAMLNode) -> YAMLNode {
        children[sequence.start + position]
    }

    // MARK: Scalars

    /// Calls `body` with the UTF-8 bytes of `scalar` (none for a collection).
    func withBytes<Result>(of scalar: YAMLNode, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        scalarBytes.withUnsafeBufferPointer { all in
            guard scalar.isScalar, scalar.count > 0, let base = all.baseAddress else {
                return body(UnsafeBufferPointer(start: nil, count: 0))
            }
            return body(UnsafeBufferPointer(start: base + scalar.start, count: scalar.count))
        }
    }

    /// The scalar's text, or nil for a mapping or a sequence.
    func scalarText(of node: YAMLNode) -> String? {
        guard node.isScalar else { return nil }
        return withBytes(of: node) { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether `node` is a plain scalar that means null: `~`, `null`, `Null`, `NULL`, or nothing.
    func isNull(_ node: YAMLNode) -> Bool {
        node.kind == .plainScalar && withBytes(of: node, CoreSchema.isNull)
    }

    /// The scalar's text when the node is a plain or quoted scalar that is not a null.
    func stringValue(of node: YAMLNode) -> String? {
        guard node.isScalar, !isNull(node) else { return nil }
        return scalarText(of: node)
    }

    /// Whether `node` is a scalar whose text is exactly `text`, compared as bytes.
    func scalar(_ node: YAMLNode, is text: String) -> Bool {
        guard node.isScalar, node.count == text.utf8.count else { return false }
        return withBytes(of: node) { bytes in
            text.withUTF8Bytes { expected in
                var index = 0
                while index < bytes.count {
                    guard bytes[index] == expected[index] else { return false }
                    index += 1
                }
                return true
            }
        }
    }

    /// Whether two scalars have the same text, compared as bytes.
    func sameScalar(_ a: YAMLNode, _ b: YAMLNode) -> Bool {
        guard a.isScalar, b.isScalar, a.count == b.count else { return false }
        return scalarBytes.withUnsafeBufferPointer { all in
            var index = 0
            while index < a.count {
                guard all[a.start + index] == all[b.start + index] else { return false }
                index += 1
            }
            return true
        }
    }

    /// The value of `node` under the core schema when it is a scalar; nil for a collection.
    func scalarValue(of node: YAMLNode) -> ScalarValue? {
        switch node.kind {
        case .plainScalar: withBytes(of: node, CoreSchema.resolvePlain)
        case .quotedScalar: .string(scalarText(of: node) ?? "")
        case .mapping, .sequence: nil
        }
    }

    /// Words for the kind of node, as messages name it ("found a mapping").
    func kindDescription(of node: YAMLNode) -> String {
        switch node.kind {
        case .plainScalar, .quotedScalar:
            if isNull(node) { return "nothing" }
            let text = scalarText(of: node) ?? ""
            return "'\(text.count <= 40 ? text : text.prefix(37) + "...")'"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        }
    }
}
