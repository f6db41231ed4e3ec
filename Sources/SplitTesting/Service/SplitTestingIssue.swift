/// A problem the runtime met and worked around, reported through
/// the `report` of ``SplitTestingService/Configuration/init(store:deviceID:catalog:tracking:launchOverrides:report:environment:clock:)`` (and the `report` closure of the stores and
/// providers that do I/O) so that the app can log it.
///
/// None of these stops the runtime: each is handled by falling back to what a fresh install
/// would do, and nothing else is lost.
///
/// ```swift
/// let configuration = SplitTestingService.Configuration(report: { issue in logger.warning("\(issue)") })
/// ```
public enum SplitTestingIssue: Sendable, Hashable, CustomStringConvertible {
    /// A stored group is not a group of the experiment (it was removed or renamed in a later
    /// release, or the store was edited); it was discarded and the unit resolved afresh.
    case storedGroupNotFound(experiment: String, unit: String, group: String)
    /// An override names an experiment that is not in the service's catalog; it was ignored.
    case overrideExperimentNotFound(experiment: String, source: OverrideSource)
    /// An override names a group the experiment does not have; it was ignored.
    case overrideGroupNotFound(experiment: String, group: String, source: OverrideSource)
    /// An override is not of the form `experiment=group`; it was ignored.
    case malformedOverride(text: String, source: OverrideSource)
    /// The catalog lists an experiment identifier twice; the first entry is used.
    case duplicateCatalogExperiment(experiment: String)
    /// The app supplied a unit id the runtime cannot use (empty); see `reason`.
    case invalidUnitID(reason: String)
    /// A store file did not hold a JSON object of strings; it was renamed to `setAsideAt`
    /// (or left in place when that failed, with the store then kept in memory only).
    case corruptStoreFile(path: String, setAsideAt: String?)
    /// A store file exists but could not be read; the store keeps assignments in memory only,
    /// so that the unreadable file is never overwritten.
    case storeFileUnreadable(path: String, reason: String)
    /// A store file could not be written; assignments stay in memory for this launch.
    case storeFileUnwritable(path: String, reason: String)
    /// The lock that processes sharing a store file take to write it could not be taken: the lock
    /// file next to the store file cannot be created or locked (a read-only container, a file
    /// system without locks), or another process held it for longer than the wait allowed
    /// (`reason` says which). The store keeps answering from memory and writes once the lock can
    /// be taken, at the next change or flush.
    case storeLockUnavailable(path: String, reason: String)
    /// A tracking file could not be written; the events were dropped.
    case trackingFileUnwritable(path: String, reason: String)
    /// A control document's entry names a group (winner or forced) that this build's experiment
    /// lacks; the entry was ignored and the compiled definition serves.
    case controlGroupNotFound(experiment: String, group: String)
    /// A control document's entry cannot apply (see `reason`); it was ignored and the compiled
    /// definition serves.
    case controlEntryInvalid(experiment: String, reason: String)
    /// A control document's sequence is not greater than `newest`, the newest this app has: the
    /// one in force or, in `SplitTestingRemote`, one kept for the next start (a replayed or older
    /// document). It was ignored and the one in force stays.
    case controlSequenceNotNewer(sequence: Int, newest: Int)
    /// A control document was published for another environment than the service's
    /// (the `environment` of the configuration; `nil` for none): it was ignored and the
    /// one in force stays.
    case controlEnvironmentMismatch(document: String, service: String?)
    /// A bandit experiment's assignments are kept in memory only (the service's store is an
    /// ``AssignmentStore/inMemory``): at the next start its units would be bucketed again, by the
    /// weights then in force, so a unit's group could change under it and the bandit's readout
    /// would mix periods. Reported once per experiment; give the service a store that persists,
    /// such as ``AssignmentStore/file(at:report:)``.
    case banditWithoutPersistentStore(experiment: String)
    /// A built-in attribute (`app_version`, `platform`, `os_version`, `region`) is not set while
    /// an experiment targets it: its conditions are false, so the experiment enrols no one (the
    /// platform has no `app_version` when the main bundle has no short version, as in tests and
    /// command-line tools, which set it with the generated `SplitTestAttributes(appVersion:)`). Reported once per
    /// attribute, when an experiment that targets it is first resolved.
    case targetedAttributeNotSet(attribute: String)
    /// A problem of a product built on the runtime, reported through the same `report` closure:
    /// `SplitTestingRemote`'s `RemoteControlIssue` (fetching, verifying or keeping a control
    /// document). Whatever it is, the document in force (or the compiled definitions) stays.
    case remoteControl(SplitTestingIssueDetail)

    /// A readable, located description of the issue, for logs.
    public var description: String {
        switch self {
        case .storedGroupNotFound(let experiment, let unit, let group):
            "stored group '\(group)' of experiment '\(experiment)' for unit '\(unit)' no longer exists; resolved afresh"
        case .overrideExperimentNotFound(let experiment, let source):
            "override from \(source.phrase) names unknown experiment '\(experiment)'; ignored"
        case .overrideGroupNotFound(let experiment, let group, let source):
            "override from \(source.phrase) names unknown group '\(group)' of experiment '\(experiment)'; ignored"
        case .malformedOverride(let text, let source):
            "override '\(text)' from \(source.phrase) is not of the form experiment=group; ignored"
        case .duplicateCatalogExperiment(let experiment):
            "the catalog lists experiment '\(experiment)' more than once; the first entry is used"
        case .invalidUnitID(let reason):
            "invalid unit id: \(reason)"
        case .corruptStoreFile(let path, let setAsideAt?):
            "assignment store \(path) is corrupt; set aside as \(setAsideAt) and started afresh"
        case .corruptStoreFile(let path, nil):
            "assignment store \(path) is corrupt and could not be set aside; keeping assignments in memory only"
        case .storeFileUnreadable(let path, let reason):
            "assignment store \(path) cannot be read (\(reason)); keeping assignments in memory only"
        case .storeFileUnwritable(let path, let reason):
            "assignment store \(path) cannot be written (\(reason)); assignments kept in memory for this launch"
        case .storeLockUnavailable(let path, let reason):
            "assignment store \(path) cannot be locked for writing (\(reason)); assignments kept in memory and written once the lock can be taken"
        case .trackingFileUnwritable(let path, let reason):
            "tracking file \(path) cannot be written (\(reason)); events dropped"
        case .controlGroupNotFound(let experiment, let group):
            "control document names unknown group '\(group)' of experiment '\(experiment)'; its entry is ignored"
        case .controlEntryInvalid(let experiment, let reason):
            "control document entry of experiment '\(experiment)' is invalid (\(reason)); ignored"
        case .controlSequenceNotNewer(let sequence, let newest):
            "control document sequence \(sequence) is not newer than \(newest), the newest this app has; ignored"
        case .controlEnvironmentMismatch(let document, let service):
            "control document is for environment '\(document)', not "
                + (service.map { "'\($0)', this app's" } ?? "this app, which sets no environment") + "; ignored"
        case .banditWithoutPersistentStore(let experiment):
            "bandit experiment '\(experiment)' keeps its assignments in memory only; its units would be bucketed "
                + "again at the next start, by the weights then in force: configure a store that persists"
        case .targetedAttributeNotSet(let attribute):
            "'\(attribute)' is not set: experiments targeting it enrol no one"
        case .remoteControl(let detail):
            detail.description
        }
    }
}

/// Where an override came from, so that a report says which input to fix.
public enum OverrideSource: Sendable, Hashable {
    /// ``SplitTestingService/setOverride(experiment:group:)``.
    case api
    /// The `SPLIT_TEST_OVERRIDES` environment variable.
    case environment
    /// The `-SPLIT_TEST_OVERRIDES` launch argument.
    case launchArgument

    /// The source as a phrase for messages.
    package var phrase: String {
        switch self {
        case .api: "the API"
        case .environment: "environment variable SPLIT_TEST_OVERRIDES"
        case .launchArgument: "launch argument -SPLIT_TEST_OVERRIDES"
        }
    }
}

/// The details of an issue that a product built on the runtime reports (see
/// ``SplitTestingIssue/remoteControl(_:)``): any `Hashable` value that describes itself, kept so
/// that its product can still match it by its own type (`SplitTestingRemote` gives
/// `issue.remoteControlIssue`).
///
/// ```swift
/// // With SplitTestingRemote:
/// if let remote = issue.remoteControlIssue { … }
/// ```
public struct SplitTestingIssueDetail: Sendable, Hashable, CustomStringConvertible {
    /// The wrapped value; two details are equal when they wrap equal values of one type.
    private let value: WrappedDetail

    /// Wraps `base`.
    package init(_ base: some Sendable & Hashable & CustomStringConvertible) {
        value = WrappedDetail(base: base)
    }

    /// The value as its product made it, such as a `RemoteControlIssue`.
    package var base: any Sendable & Hashable & CustomStringConvertible { value.base }

    /// The value's own description.
    public var description: String { value.base.description }
}

/// The value of a ``SplitTestingIssueDetail``, compared and hashed as itself, so that the detail
/// synthesizes its own `==` and `hash(into:)`.
private struct WrappedDetail: Sendable, Hashable {
    let base: any Sendable & Hashable & CustomStringConvertible

    static func == (left: WrappedDetail, right: WrappedDetail) -> Bool {
        AnyHashable(left.base) == AnyHashable(right.base)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(AnyHashable(base))
    }
}
