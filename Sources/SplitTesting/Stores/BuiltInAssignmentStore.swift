import Foundation

/// A store this package provides, made by a factory on ``AssignmentStore``:
/// ``AssignmentStore/file(at:report:)``, ``AssignmentStore/userDefaults(_:)`` or
/// ``AssignmentStore/inMemory``.
///
/// An app names the store it wants where a configuration takes one, and never this type:
///
/// ```swift
/// let service = SplitTestingService(configuration: .init(
///     store: .file(at: applicationSupport.appendingPathComponent("split-tests.json")),
///     catalog: SplitTestCatalog.all))
/// ```
public struct BuiltInAssignmentStore: AssignmentStore {
    /// The store the factory made.
    package let base: any AssignmentStore

    package init(_ base: any AssignmentStore) {
        self.base = base
    }

    /// The value stored for `key`, if any.
    public func string(for key: String) -> String? { base.string(for: key) }

    /// Stores `value` for `key`, replacing what was there.
    public func set(_ value: String, for key: String) { base.set(value, for: key) }

    /// Removes the value stored for `key`, if any.
    public func removeValue(for key: String) { base.removeValue(for: key) }

    /// Stores `value` for `key` unless a value is stored already, atomically; returns the value
    /// stored after the call.
    public func setIfAbsent(_ value: String, for key: String) -> String { base.setIfAbsent(value, for: key) }

    /// Blocks until every change made so far has been persisted (written to the file, or has
    /// failed and been reported, retrying a write that failed before); for a store that persists
    /// at once it returns at once. Apps call ``SplitTestingService/flush()``, which does this for
    /// the service's store.
    package func flush() {
        (base as? any PersistsInBackground)?.flush()
    }
}

extension AssignmentStore where Self == BuiltInAssignmentStore {
    /// A store kept in the JSON file at `fileURL`, which an app and its extensions (a widget, a
    /// notification extension) can share when it lies in their App Group container: every process
    /// serves the same groups and the same device id (see <doc:SharingAssignmentsWithExtensions>).
    ///
    /// Reads are answered from memory; writes happen in the background, by atomic replace, and
    /// create the file and its folder. A file that cannot be read or written never stops the app:
    /// `report` receives the problem (pass it the configuration's `report`), and the store keeps
    /// working from memory.
    ///
    /// ```swift
    /// let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.app")!
    /// let store: BuiltInAssignmentStore = .file(
    ///     at: container.appendingPathComponent("split-tests.json"),
    ///     report: { issue in logger.warning("\(issue)") })
    /// ```
    public static func file(
        at fileURL: URL, report: @escaping @Sendable (SplitTestingIssue) -> Void = { _ in }
    ) -> BuiltInAssignmentStore {
        BuiltInAssignmentStore(FileAssignmentStore(fileURL: fileURL, report: report))
    }

    /// A store over `defaults`, which keeps its values in memory and persists them itself. Give it
    /// a suite of its own (`UserDefaults(suiteName:)`) so that clearing the app's other defaults
    /// leaves the groups alone. `UserDefaults` does not coordinate processes that write at once,
    /// even over an App Group's suite: to share assignments with extensions use
    /// ``AssignmentStore/file(at:report:)``.
    ///
    /// ```swift
    /// let store: BuiltInAssignmentStore = .userDefaults(UserDefaults(suiteName: "com.example.split-tests") ?? .standard)
    /// ```
    public static func userDefaults(_ defaults: UserDefaults) -> BuiltInAssignmentStore {
        BuiltInAssignmentStore(UserDefaultsAssignmentStore(defaults: defaults))
    }

    /// A new, empty store that forgets everything when the process ends: for tests and previews,
    /// which ask for it explicitly (a configuration that names no store persists). Each use of
    /// `.inMemory` is another store; keep one to share it between services.
    ///
    /// ```swift
    /// let store: BuiltInAssignmentStore = .inMemory
    /// let firstLaunch = SplitTestingService(configuration: .init(store: store))
    /// let secondLaunch = SplitTestingService(configuration: .init(store: store))  // same groups
    /// ```
    public static var inMemory: BuiltInAssignmentStore {
        BuiltInAssignmentStore(InMemoryAssignmentStore())
    }
}

extension AssignmentStore {
    /// The store that does the work: the one a factory made, or this store itself.
    package var unwrapped: any AssignmentStore {
        (self as? BuiltInAssignmentStore)?.base ?? self
    }
}
