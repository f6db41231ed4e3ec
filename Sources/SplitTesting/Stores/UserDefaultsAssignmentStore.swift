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
///
/// On Apple platforms `UserDefaults` persists what it is given by itself. Foundation elsewhere
/// writes a suite's file only when asked to, so there every change asks for it in the
/// background, which a normal exit of the process and ``flush()`` wait for, as they wait for a
/// file store's writes.
@_spi(Tools) public final class UserDefaultsAssignmentStore: AssignmentStore, PersistsInBackground, @unchecked Sendable {
    // @unchecked Sendable is sound: `defaults` is immutable and Foundation documents
    // `UserDefaults` as thread-safe (Apple's SDKs declare it Sendable; swift-corelibs-foundation
    // does not annotate it yet). On top of that, every access here holds `lock`, so this store
    // never races with itself even where the platform's own locking were missing.
    private let defaults: UserDefaults
    private let lock = Locked(())
    #if !canImport(Darwin)
        private let writer = BackgroundWriter(label: "SplitTesting.UserDefaultsAssignmentStore")
    #endif

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
        persist()
    }

    /// Removes the value stored for `key`.
    public func removeValue(for key: String) {
        lock.withLock { _ in defaults.removeObject(forKey: key) }
        persist()
    }

    /// Stores `value` for `key` unless a string is stored already (a value of another type
    /// counts as absent and is replaced); returns the string stored after the call. Atomic
    /// among the callers of this store; `UserDefaults` offers no such operation across processes,
    /// so for a store that an app shares with its extensions use ``FileAssignmentStore``.
    public func setIfAbsent(_ value: String, for key: String) -> String {
        let existing: String? = lock.withLock { _ in
            if let existing = defaults.object(forKey: key) as? String { return existing }
            defaults.set(value, forKey: key)
            return nil
        }
        if let existing { return existing }
        persist()
        return value
    }

    /// Blocks until every change made so far is in the suite's file: at once on Apple platforms,
    /// where `UserDefaults` persists by itself; elsewhere once the file is written.
    package func flush() {
        #if !canImport(Darwin)
            persist()
            writer.waitUntilIdle()
        #endif
    }

    /// Outside Apple platforms, asks in the background for the suite's file to be written.
    private func persist() {
        #if !canImport(Darwin)
            writer.schedule { [self] in _ = defaults.synchronize() }
        #endif
    }
}
