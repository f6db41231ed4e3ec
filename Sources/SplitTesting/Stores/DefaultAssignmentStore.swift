import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The store of a configuration that names none: the platform's persistent store, so that an app
/// taking the defaults keeps its device id and groups across launches.
///
/// - Apple platforms: `UserDefaults.standard` (a ``UserDefaultsAssignmentStore``).
/// - Elsewhere: a ``FileAssignmentStore`` at `$XDG_DATA_HOME/SplitTesting/<executable>.json`
///   (`~/.local/share` when `XDG_DATA_HOME` is unset), named after the executable so that two
///   programs on one machine never share a device id. With no home folder at all, the problem is
///   reported and assignments are kept in memory.
///
/// The store is opened by the first service that uses the configuration, with that
/// configuration's `report` (which an app may set after creating the configuration), so that a
/// file that cannot be read or written is reported where the app logs; used directly, it is
/// opened with no `report`.
final class DefaultAssignmentStore: AssignmentStore {
    private let opened = Locked<(any AssignmentStore)?>(nil)

    /// The platform's store, opened on the first call with `report`; later calls return the
    /// same store, whatever their `report`.
    func open(report: @escaping @Sendable (SplitTestingIssue) -> Void) -> any AssignmentStore {
        // Opened under the lock, so that one process never holds two stores over one file; a
        // problem the file store meets while opening is reported from inside it, and `report`
        // never reaches back into this placeholder.
        opened.withLock { opened in
            if let opened { return opened }
            let store = Self.platformStore(report: report)
            opened = store
            return store
        }
    }

    private static func platformStore(report: @escaping @Sendable (SplitTestingIssue) -> Void) -> any AssignmentStore {
        #if canImport(Darwin)
            return UserDefaultsAssignmentStore(defaults: .standard)
        #else
            let location = fileURL(
                environment: ProcessInfo.processInfo.environment,
                executableName: ProcessInfo.processInfo.processName,
                accountHome: accountHome)
            guard let location else {
                report(.storeFileUnwritable(
                    path: "$XDG_DATA_HOME/SplitTesting",
                    reason: "neither XDG_DATA_HOME nor HOME is set and the account has no home folder; assignments are kept in memory (give the configuration a store)"))
                return InMemoryAssignmentStore()
            }
            return FileAssignmentStore(fileURL: location, report: report)
        #endif
    }

    /// Where the default store keeps its file outside Apple platforms:
    /// `<data home>/SplitTesting/<executableName>.json`. The data home is `XDG_DATA_HOME` when it
    /// is an absolute path (the XDG base directory rule ignores a relative one), else
    /// `<home>/.local/share`, the home being `HOME` when absolute, else `accountHome()` (the
    /// account's home folder); `nil` when there is none.
    package static func fileURL(
        environment: [String: String], executableName: String, accountHome: () -> String?
    ) -> URL? {
        let dataHome: URL
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = URL(fileURLWithPath: xdg, isDirectory: true)
        } else if let home = [environment["HOME"], accountHome()].lazy.compactMap({ $0 }).first(where: { $0.hasPrefix("/") }) {
            dataHome = URL(fileURLWithPath: home, isDirectory: true)
                .appendingPathComponent(".local", isDirectory: true)
                .appendingPathComponent("share", isDirectory: true)
        } else {
            return nil
        }
        let name = executableName.isEmpty ? "default" : executableName
        return dataHome
            .appendingPathComponent("SplitTesting", isDirectory: true)
            .appendingPathComponent(name + ".json")
    }

    #if !canImport(Darwin)
        /// The home folder of the account running the process, from the password database.
        private static func accountHome() -> String? {
            guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
            return String(cString: directory)
        }
    #endif

    // Used directly rather than through a service: the platform's store, opened without a report.

    func string(for key: String) -> String? { open(report: { _ in }).string(for: key) }
    func set(_ value: String, for key: String) { open(report: { _ in }).set(value, for: key) }
    func removeValue(for key: String) { open(report: { _ in }).removeValue(for: key) }
    func setIfAbsent(_ value: String, for key: String) -> String {
        open(report: { _ in }).setIfAbsent(value, for: key)
    }
}
