import SplitTestFormats

/// An ``AssignmentStore`` that forgets everything when the process ends: the store for tests and
/// previews, which ask for it explicitly (a configuration that names no store persists).
///
/// Keys are told apart by their UTF-8 bytes, as bucketing tells unit ids apart: two keys that
/// differ only in their Unicode normalization are two entries.
///
/// ```swift
/// let store = InMemoryAssignmentStore()
/// let firstLaunch = SplitTestingService(configuration: .init(store: store))
/// let secondLaunch = SplitTestingService(configuration: .init(store: store))  // same groups
/// ```
@_spi(Tools) public final class InMemoryAssignmentStore: AssignmentStore {
    private let values: Locked<[UTF8Key: String]>

    /// Creates a store holding `values`.
    public init(_ values: [String: String] = [:]) {
        self.values = Locked(Dictionary(uniqueKeysWithValues: values.map { (UTF8Key($0.key), $0.value) }))
    }

    /// Everything stored, by key.
    package var snapshot: [UTF8Key: String] {
        values.withLock { $0 }
    }

    /// The value stored for `key`, if any.
    public func string(for key: String) -> String? {
        values.withLock { $0[UTF8Key(key)] }
    }

    /// Stores `value` for `key`.
    public func set(_ value: String, for key: String) {
        values.withLock { $0[UTF8Key(key)] = value }
    }

    /// Removes the value stored for `key`.
    public func removeValue(for key: String) {
        _ = values.withLock { $0.removeValue(forKey: UTF8Key(key)) }
    }

    /// Stores `value` for `key` unless a value is stored already, atomically; returns the value
    /// stored after the call.
    public func setIfAbsent(_ value: String, for key: String) -> String {
        // Mutating through the defaulting subscript inserts `value` when the key is absent and
        // yields the value stored either way, hashing the key once (a first-time assignment
        // calls this for the experiment and for each one it requires).
        let key = UTF8Key(key)
        return values.withLock { values in Self.kept(&values[key, default: value]) }
    }

    private static func kept(_ value: inout String) -> String { value }
}
