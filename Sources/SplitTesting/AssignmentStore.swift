/// Where a service keeps what must survive a relaunch: the device id and the group each unit
/// was bucketed into (stickiness).
///
/// The service uses these keys:
/// - `split_test.device_id`: the device id it created on first use (see ``StorageKey/deviceID``);
/// - `split_test.assignment.<experiment>.<unit>`: the raw group name bucketed for that unit
///   (see ``StorageKey/assignment(experiment:unit:)``). Keying by unit as well as experiment is
///   what keeps a user's group from ever being served to another user of the same device.
///
/// A store must answer from memory: the service calls it while it resolves an experiment, which
/// may be on the main thread. Stores that persist (``FileAssignmentStore``) write in the
/// background. Implementations must be safe to call from any thread.
///
/// ```swift
/// let store = FileAssignmentStore(fileURL: applicationSupport.appendingPathComponent("split-tests.json"))
/// let service = SplitTestingService(configuration: .init(store: store, catalog: SplitTestCatalog.all))
/// ```
public protocol AssignmentStore: Sendable {
    /// The value stored for `key`, if any.
    func string(for key: String) -> String?
    /// Stores `value` for `key`, replacing what was there.
    func set(_ value: String, for key: String)
    /// Removes the value stored for `key`, if any.
    func removeValue(for key: String)
}

/// The keys under which a ``SplitTestingService`` keeps its state in an ``AssignmentStore``.
public enum StorageKey: Sendable {
    /// The key of the device id the service created on first use.
    public static let deviceID = "split_test.device_id"

    /// The prefix shared by every stored assignment.
    public static let assignmentPrefix = "split_test.assignment."

    /// The key of the group stored for `unit` in `experiment`:
    /// `split_test.assignment.<experiment>.<unit>`. Experiment identifiers contain no dot, so
    /// the key is unambiguous whatever the unit id holds.
    public static func assignment(experiment: String, unit: String) -> String {
        assignmentPrefix + experiment + "." + unit
    }
}
