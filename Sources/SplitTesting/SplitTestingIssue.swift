/// A problem the runtime met and worked around, reported through
/// ``SplitTestingService/Configuration/report`` (and the `report` closure of the stores and
/// providers that do I/O) so that the app can log it.
///
/// None of these stops the runtime: each is handled by falling back to what a fresh install
/// would do, and nothing else is lost.
///
/// ```swift
/// configuration.report = { issue in logger.warning("\(issue)") }
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
    /// A control document could not be fetched from `url` (network error, timeout, a body cut
    /// short); the document in force stays, and the next attempt comes after a backoff.
    case controlFetchFailed(url: String, reason: String)
    /// The server answered a control document request with a status other than 200 or 304;
    /// the document in force stays.
    case controlHTTPStatus(url: String, status: Int)
    /// A control document was larger than the limit (by its `Content-Length` or its bytes);
    /// the download was cut off and the document in force stays.
    case controlDocumentTooLarge(url: String, limit: Int)
    /// A control document was rejected as a whole (not an envelope, a wrong `format`, bad
    /// base64, a missing or bad signature, a malformed payload); `source` is its URL or the
    /// cache file. The document in force stays.
    case controlDocumentRejected(source: String, reason: String)
    /// A control document without a signature was accepted because no public key is
    /// configured; fine for development, reported once per remote control.
    case controlDocumentUnsigned(source: String)
    /// The configured public key is not the base64 of 32 raw Ed25519 bytes; every document is
    /// rejected until it is fixed.
    case controlPublicKeyInvalid(reason: String)
    /// The kept control document at `path` was damaged or no longer verifies; it was renamed
    /// to `setAsideAt` (or left in place when that failed) and the compiled definitions serve.
    case controlCacheCorrupt(path: String, reason: String, setAsideAt: String?)
    /// The kept control document at `path` exists but could not be read; the compiled
    /// definitions serve.
    case controlCacheUnreadable(path: String, reason: String)
    /// A fetched control document could not be kept at `path`; it will not apply at the next
    /// start (it still applies at once when asked to).
    case controlCacheUnwritable(path: String, reason: String)

    /// A readable, located description of the issue, for logs.
    public var description: String {
        switch self {
        case .storedGroupNotFound(let experiment, let unit, let group):
            "stored group '\(group)' of experiment '\(experiment)' for unit '\(unit)' no longer exists; resolved afresh"
        case .overrideExperimentNotFound(let experiment, let source):
            "override from \(source) names unknown experiment '\(experiment)'; ignored"
        case .overrideGroupNotFound(let experiment, let group, let source):
            "override from \(source) names unknown group '\(group)' of experiment '\(experiment)'; ignored"
        case .malformedOverride(let text, let source):
            "override '\(text)' from \(source) is not of the form experiment=group; ignored"
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
        case .trackingFileUnwritable(let path, let reason):
            "tracking file \(path) cannot be written (\(reason)); events dropped"
        case .controlGroupNotFound(let experiment, let group):
            "control document names unknown group '\(group)' of experiment '\(experiment)'; its entry is ignored"
        case .controlEntryInvalid(let experiment, let reason):
            "control document entry of experiment '\(experiment)' is invalid (\(reason)); ignored"
        case .controlSequenceNotNewer(let sequence, let newest):
            "control document sequence \(sequence) is not newer than \(newest), the newest this app has; ignored"
        case .controlFetchFailed(let url, let reason):
            "control document \(url) could not be fetched (\(reason)); the one in force stays"
        case .controlHTTPStatus(let url, let status):
            "control document \(url) answered HTTP \(status); the one in force stays"
        case .controlDocumentTooLarge(let url, let limit):
            "control document \(url) is larger than \(limit) bytes; download cut off, the one in force stays"
        case .controlDocumentRejected(let source, let reason):
            "control document \(source) rejected: \(reason); the one in force stays"
        case .controlDocumentUnsigned(let source):
            "control document \(source) is unsigned and accepted because no public key is configured; configure one for release builds"
        case .controlPublicKeyInvalid(let reason):
            "the configured control public key is invalid (\(reason)); every control document is rejected"
        case .controlCacheCorrupt(let path, let reason, let setAsideAt?):
            "kept control document \(path) is corrupt (\(reason)); set aside as \(setAsideAt), the compiled definitions serve"
        case .controlCacheCorrupt(let path, let reason, nil):
            "kept control document \(path) is corrupt (\(reason)) and could not be set aside; the compiled definitions serve"
        case .controlCacheUnreadable(let path, let reason):
            "kept control document \(path) cannot be read (\(reason)); the compiled definitions serve"
        case .controlCacheUnwritable(let path, let reason):
            "control document cannot be kept at \(path) (\(reason)); it will not apply at the next start"
        }
    }
}

/// Where an override came from, so that a report says which input to fix.
public enum OverrideSource: String, Sendable, Hashable, CustomStringConvertible {
    /// ``SplitTestingService/setOverride(experiment:group:)``.
    case api
    /// The `SPLIT_TEST_OVERRIDES` environment variable.
    case environment
    /// The `-SPLIT_TEST_OVERRIDES` launch argument.
    case launchArgument

    /// The source as a phrase for messages.
    public var description: String {
        switch self {
        case .api: "the API"
        case .environment: "environment variable SPLIT_TEST_OVERRIDES"
        case .launchArgument: "launch argument -SPLIT_TEST_OVERRIDES"
        }
    }
}
