/// Names mapped to values, in insertion order: a linear scan while there are few (most mappings
/// of a definition hold a handful of keys, where hashing costs more than comparing), a hash table
/// once there are many, so that lookups never turn quadratic.
struct NameIndex<Value> {
    /// How many names are scanned linearly before the hash table is built.
    private static var linearLimit: Int { 12 }

    private(set) var names: [String] = []
    private(set) var values: [Value] = []
    private var positions: [String: Int]?

    /// An empty index with room for `capacity` names.
    init(capacity: Int = 0) {
        names.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    /// The number of names.
    var count: Int { names.count }

    /// The value of `name`, if it has one.
    subscript(name: String) -> Value? {
        position(of: name).map { values[$0] }
    }

    /// Replaces the value at `position`, keeping its name.
    mutating func replaceValue(at position: Int, with value: Value) {
        values[position] = value
    }

    /// The position of `name` in insertion order.
    func position(of name: String) -> Int? {
        if let positions { return positions[name] }
        return Self.linearPosition(of: name, in: names)
    }

    /// The position of `name`, looked for first at `hint`: where callers expect it when names
    /// tend to come in the same order.
    func position(of name: String, hint: Int) -> Int? {
        if hint >= 0 && hint < names.count && names[hint] == name { return hint }
        return position(of: name)
    }

    /// The position of `name` in `names`, comparing lengths first: unequal strings of one length
    /// are rare among keys, and a length is far cheaper to compare than a string.
    static func linearPosition(of name: String, in names: [String]) -> Int? {
        let length = name.utf8.count
        return names.firstIndex { $0.utf8.count == length && $0 == name }
    }

    /// Adds `name`; returns the value already there instead, leaving it, when there is one.
    @discardableResult
    mutating func insert(_ name: String, _ value: Value) -> Value? {
        if let position = position(of: name) { return values[position] }
        append(name, value)
        return nil
    }

    /// Adds `name`, which the caller knows is not in the index yet.
    mutating func append(_ name: String, _ value: Value) {
        names.append(name)
        values.append(value)
        if positions != nil {
            positions?[name] = names.count - 1
        } else if names.count > Self.linearLimit {
            var table: [String: Int] = [:]
            table.reserveCapacity(names.count * 2)
            for (position, known) in names.enumerated() { table[known] = position }
            positions = table
        }
    }
}
