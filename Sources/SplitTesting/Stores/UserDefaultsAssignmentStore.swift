import Foundation

/// An ``AssignmentStore`` over `UserDefaults`, which keeps its values in memory and persists
/// them itself.
///
/// Use a suite of its own so that clearing the app's other defaults leaves groups alone:
///
/// ```swift
/// let store = UserDefaultsAssignmentStore(suiteName: "com.example.split-tests")
/// ```
///
/// Keys are the service's keys (`StorageKey`) as they are, all starting with `split_test.`.
@_spi(Tools) public final class UserDefaultsAssignmentStore: AssignmentStore, @unchecked Sendable {
    // @unchecked Sendable is sound: `defaults` is immutable and Foundation documents
    // `UserDefaults` as thread-safe (Apple's SDKs declare it Sendable; swift-corelibs-foundation
    // does not annotate it yet). On top of that, every access here holds `lock`, so this store
    // never races with itself even where the platform's own locking were missing.
    private let defaults: UserDefaults
    private let lock = Locked(())

    /// A store over `defaults` (the standard defaults unless told otherwise).
    public init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    /// A store over the suite `suiteName`; the standard defaults if the suite cannot be opened
    /// (`UserDefaults(suiteName:)` refuses the app's own bundle identifier).
    public convenience init(suiteName: String) {
        self.init(defaults: UserDefaults(suiteName: suiteName) ?? .standard)
    }

    /// The string stored for `key`; a value of another type counts as absent.
    public func string(for key: String) -> String? {
        lock.withLock { _ in defaults.object(forKey: key) as? String }
    }

    /// Stores `value` for `key`.
    public func set(_ value: String, for key: String) {
        lock.withLock { _ in defaults.set(value, forKey: key) }
    }

    /// Removes the value stored for `key`.
    public func removeValue(for key: String) {
        lock.withLock { _ in defaults.removeObject(forKey: key) }
    }

    /// Stores `value` for `key` unless a string is stored already (a value of another type
    /// counts as absent and is replaced); returns the string stored after the call. Atomic
    /// among the callers of this store; `UserDefaults` offers no such operation across processes,
    /// so for a store that an app shares with its extensions use ``FileAssignmentStore``.
    public func setIfAbsent(_ value: String, for key: String) -> String {
        lock.withLock { _ in
            if let existing = defaults.object(forKey: key) as? String { return existing }
            defaults.set(value, forKey: key)
            return value
        }
    }
}
