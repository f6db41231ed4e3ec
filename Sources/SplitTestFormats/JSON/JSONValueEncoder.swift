/// `Encodable` values as ``JSONValue``s, as Foundation's `JSONEncoder` encoded them (so that what
/// `splitc` prints stays the same without Foundation): numbers in their shortest text without a
/// trailing `.0`, `nil` through `encode` as `null` and through `encodeIfPresent` left out, a
/// member encoded twice keeping its last value, and a number that is not finite an error.
extension JSONValue {
    /// The JSON of `value`.
    /// - Throws: `EncodingError.invalidValue` for a `Double` or `Float` that is not finite, or
    ///   what `value`'s own encoding throws.
    package init(encoding value: some Encodable) throws {
        let node = EncodingNode()
        try node.store(value, codingPath: [])
        self = node.json
    }
}

/// One value being encoded; containers hold their children's nodes, filled as they are encoded.
private final class EncodingNode {
    enum Content {
        case empty
        case value(JSONValue)
        case object([(key: String, node: EncodingNode)])
        case array([EncodingNode])
    }

    var content = Content.empty

    var json: JSONValue {
        switch content {
        case .empty: .object([])
        case .value(let value): value
        case .object(let members): .object(members.map { .init(key: $0.key, value: $0.node.json) })
        case .array(let items): .array(items.map(\.json))
        }
    }

    /// Stores `value`: a scalar directly, anything else through its own `encode(to:)`.
    func store<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws {
        switch value {
        case let flag as Bool: content = .value(.bool(flag))
        case let text as String: content = .value(.string(text))
        case let number as Double: content = .value(.number(try Self.text(of: number, codingPath: codingPath)))
        case let number as Float:
            guard number.isFinite else { throw Self.notFinite(number, codingPath: codingPath) }
            let text = number.description
            content = .value(.number(text.hasSuffix(".0") ? String(text.dropLast(2)) : text))
        case let number as any BinaryInteger: content = .value(.number("\(number)"))
        default: try value.encode(to: NodeEncoder(node: self, codingPath: codingPath))
        }
    }

    static func text(of number: Double, codingPath: [any CodingKey]) throws -> String {
        guard number.isFinite else { throw notFinite(number, codingPath: codingPath) }
        return JSONValue.foundationText(of: number)
    }

    static func notFinite(_ value: Any, codingPath: [any CodingKey]) -> EncodingError {
        EncodingError.invalidValue(
            value, .init(codingPath: codingPath, debugDescription: "Unable to encode \(value) directly in JSON."))
    }

    /// The node of member `key`, made (or, encoded again, replaced) now.
    func member(_ key: String) -> EncodingNode {
        let child = EncodingNode()
        guard case .object(var members) = content else {
            content = .object([(key, child)])
            return child
        }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].node = child
        } else {
            members.append((key, child))
        }
        content = .object(members)
        return child
    }

    /// A node appended to this array.
    func appendItem() -> EncodingNode {
        let child = EncodingNode()
        guard case .array(var items) = content else {
            content = .array([child])
            return child
        }
        items.append(child)
        content = .array(items)
        return child
    }

    var itemCount: Int {
        if case .array(let items) = content { items.count } else { 0 }
    }

    func becomeObject() {
        if case .object = content { return }
        content = .object([])
    }

    func becomeArray() {
        if case .array = content { return }
        content = .array([])
    }
}

private struct IndexKey: CodingKey {
    var stringValue: String { "Index \(index)" }
    var intValue: Int? { index }
    let index: Int
    init(index: Int) { self.index = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.index = intValue }
}

private struct NodeEncoder: Encoder {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray()
        return UnkeyedNodeContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeContainer(node: node, codingPath: codingPath)
    }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.member(key.stringValue).content = .value(.null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try store(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try store(value, key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try store(value, key) }

    private func store<T: Encodable>(_ value: T, _ key: Key) throws {
        try node.member(key.stringValue).store(value, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = node.member(key.stringValue)
        child.becomeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.member(key.stringValue)
        child.becomeArray()
        return UnkeyedNodeContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.member("super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var count: Int { node.itemCount }

    mutating func encodeNil() throws { node.appendItem().content = .value(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = codingPath + [IndexKey(index: count)]
        try node.appendItem().store(value, codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = codingPath + [IndexKey(index: count)]
        let child = node.appendItem()
        child.becomeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = codingPath + [IndexKey(index: count)]
        let child = node.appendItem()
        child.becomeArray()
        return UnkeyedNodeContainer(node: child, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.appendItem(), codingPath: codingPath)
    }
}

private struct SingleNodeContainer: SingleValueEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.content = .value(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws { try node.store(value, codingPath: codingPath) }
}
