/// Where a service keeps what must survive a relaunch: the device id and the group each unit
/// was bucketed into (stickiness).
///
/// The service uses these keys:
/// - `split_test.device_id`: the device id it created on first use (see `StorageKey.deviceID`);
/// - `split_test.assignment.<experiment>.<unit>`: the raw group name bucketed for that unit
///   (see `StorageKey.assignment(experiment:unit:)`). Keying by unit as well as experiment is
///   what keeps a user's group from ever being served to another user of the same device.
/// - `split_test.period.<experiment>.<unit>`: for a bandit, the allocation period in force when
///   that unit was bucketed (see `StorageKey.period(experiment:unit:)`), kept apart from the
///   group so that a build that knows no periods still reads the group.
///
/// The package provides the stores an app needs, made by factories that a configuration takes
/// by name: ``file(at:report:)``, a JSON file that an app may share with its extensions;
/// ``userDefaults(_:)``; and ``inMemory``, for tests and previews. A configuration that names no
/// store uses the platform's persistent one (see the `store` of ``SplitTestingService/Configuration/init(store:deviceID:catalog:tracking:launchOverrides:report:environment:clock:)``).
/// Conform a type of your own to keep assignments elsewhere.
///
/// A store must answer from memory: the service calls it while it resolves an experiment, which
/// may be on the main thread. Stores that persist (``file(at:report:)``) write in the
/// background. Implementations must be safe to call from any thread. The API is synchronous,
/// so a store that locks a file (as ``file(at:report:)`` does to share it with an app's
/// extensions) never holds that lock across a suspension point.
///
/// The service stores the device id and each freshly bucketed group with
/// ``setIfAbsent(_:for:)``, so that when several processes (an app and its widget) or several
/// services share a store, the first value stored wins and every one of them serves it.
///
/// A store must tell keys apart by their UTF-8 bytes, as bucketing tells unit ids apart: the keys
/// of `josé` written with a precomposed `é` and with `e` and a combining accent are two keys, of
/// two units. A `[String: String]` takes them for one (Swift compares strings by canonical
/// equivalence); the package's stores keep them apart.
///
/// ```swift
/// let service = SplitTestingService(configuration: .init(
///     store: .file(at: applicationSupport.appendingPathComponent("split-tests.json")),
///     catalog: SplitTestCatalog.all))
/// ```
public protocol AssignmentStore: Sendable {
    /// The value stored for `key`, if any.
    func string(for key: String) -> String?
    /// Stores `value` for `key`, replacing what was there.
    func set(_ value: String, for key: String)
    /// Removes the value stored for `key`, if any.
    func removeValue(for key: String)
    /// Stores `value` for `key` unless a value is stored already, and returns the value stored
    /// after the call: `value`, or the one that was there first.
    ///
    /// A store that several threads, services or processes share should make this atomic: two
    /// callers offering different values must both get the same one back. The default
    /// implementation reads and then sets, which is atomic only for a store that one service
    /// alone uses (the service calls it under its own lock).
    func setIfAbsent(_ value: String, for key: String) -> String
}

extension AssignmentStore {
    /// Reads `key` and stores `value` only when nothing is stored; returns the value stored
    /// after the call. Not atomic across threads: stores shared by several services or
    /// processes implement ``AssignmentStore/setIfAbsent(_:for:)`` themselves.
    ///
    /// ```swift
    /// let deviceID = store.setIfAbsent(UUID().uuidString.lowercased(), for: StorageKey.deviceID)
    /// ```
    public func setIfAbsent(_ value: String, for key: String) -> String {
        if let existing = string(for: key) { return existing }
        set(value, for: key)
        return value
    }
}

/// A store of the package that persists what it is given in the background, which
/// ``SplitTestingService/flush()`` waits for.
protocol PersistsInBackground {
    /// Blocks until every change made so far is persisted (or has failed and been reported).
    func flush()
}

/// The keys under which a ``SplitTestingService`` keeps its state in an ``AssignmentStore``.
package enum StorageKey: Sendable {
    /// The key of the device id the service created on first use.
    package static let deviceID = "split_test.device_id"

    /// The prefix shared by every stored assignment.
    package static let assignmentPrefix = "split_test.assignment."

    /// The key of the group stored for `unit` in `experiment`:
    /// `split_test.assignment.<experiment>.<unit>`. Experiment identifiers contain no dot, so
    /// the key is unambiguous whatever the unit id holds.
    package static func assignment(experiment: String, unit: String) -> String {
        key(assignmentPrefix, experiment, unit)
    }

    /// The prefix shared by every stored period.
    package static let periodPrefix = "split_test.period."

    /// The key of the allocation period in force when `unit` was bucketed in `experiment`, a
    /// bandit: `split_test.period.<experiment>.<unit>`, the decimal period. A unit stored with
    /// no period was assigned before any control document set one: period 0.
    package static func period(experiment: String, unit: String) -> String {
        key(periodPrefix, experiment, unit)
    }

    /// `<prefix><experiment>.<unit>`, built in one allocation: a first-time assignment builds
    /// one for the experiment and one for each experiment it requires.
    private static func key(_ prefix: String, _ experiment: String, _ unit: String) -> String {
        var key = ""
        key.reserveCapacity(prefix.utf8.count + experiment.utf8.count + 1 + unit.utf8.count)
        key += prefix
        key += experiment
        key += "."
        key += unit
        return key
    }
}
