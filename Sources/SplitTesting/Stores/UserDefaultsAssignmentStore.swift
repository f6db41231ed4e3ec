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
/// Keys are the service's keys (`StorageKey`), all starting with `split_test.`, kept as they are
/// when they are ASCII. Bucketing tells unit ids apart by their UTF-8 bytes, but `UserDefaults`
/// does not always: Foundation outside Apple platforms keeps only one of two keys that differ
/// only in their Unicode normalization when it writes its file. So a key with a character
/// outside ASCII is kept under `split_test.utf8.` followed by the key with every byte outside
/// ASCII, and every `%`, written `%XX`: an ASCII name, which no normalization can make equal to
/// another. A value an earlier version kept under such a key as it is still reads, and goes
/// when the key is set or removed.
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
        lock.withLock { _ in stored(for: key) }
    }

    /// Stores `value` for `key`.
    public func set(_ value: String, for key: String) {
        lock.withLock { _ in store(value, for: key) }
        persist()
    }

    /// Removes the value stored for `key`.
    public func removeValue(for key: String) {
        lock.withLock { _ in
            let name = Self.defaultsName(for: key)
            defaults.removeObject(forKey: name)
            if name != key { defaults.removeObject(forKey: key) }
        }
        persist()
    }

    /// Stores `value` for `key` unless a string is stored already (a value of another type
    /// counts as absent and is replaced); returns the string stored after the call. Atomic
    /// among the callers of this store; `UserDefaults` offers no such operation across processes,
    /// so for a store that an app shares with its extensions use ``FileAssignmentStore``.
    public func setIfAbsent(_ value: String, for key: String) -> String {
        let existing: String? = lock.withLock { _ in
            if let existing = stored(for: key) { return existing }
            store(value, for: key)
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

    /// Holding the lock: the string under `key`'s name, or under `key` itself as an earlier
    /// version kept it.
    private func stored(for key: String) -> String? {
        let name = Self.defaultsName(for: key)
        if let value = defaults.object(forKey: name) as? String { return value }
        return name == key ? nil : defaults.object(forKey: key) as? String
    }

    /// Holding the lock: stores `value` under `key`'s name, and drops what an earlier version
    /// kept under `key` itself.
    private func store(_ value: String, for key: String) {
        let name = Self.defaultsName(for: key)
        defaults.set(value, forKey: name)
        if name != key { defaults.removeObject(forKey: key) }
    }

    /// The name `key` is kept under in the defaults: `key` itself when it is ASCII, else
    /// `split_test.utf8.` and the key with every byte outside ASCII, and every `%`, as `%XX`.
    package static func defaultsName(for key: String) -> String {
        guard key.utf8.contains(where: { $0 >= 0x80 }) else { return key }
        let hexDigits = Array("0123456789ABCDEF".utf8)
        var name = Array(escapedPrefix.utf8)
        name.reserveCapacity(name.count + key.utf8.count * 3)
        for byte in key.utf8 {
            if byte >= 0x80 || byte == UInt8(ascii: "%") {
                name += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            } else {
                name.append(byte)
            }
        }
        return String(decoding: name, as: UTF8.self)
    }

    /// The prefix of the names of keys that are not ASCII; the service's own keys never start with it.
    package static let escapedPrefix = "split_test.utf8."
}
