@_spi(Tools) import SplitTesting

/// A problem of remote control, reported through the service's `report` closure as
/// ``SplitTesting/SplitTestingIssue/remoteControl(_:)``: a control document could not be fetched,
/// verified or kept. None stops the app: the document in force (or else the compiled
/// definitions) keeps serving.
///
/// ```swift
/// let configuration = SplitTestingService.Configuration(report: { issue in
///     if let remote = issue.remoteControlIssue, case .httpStatus(_, 404) = remote { … }
///     logger.warning("\(issue)")
/// })
/// ```
public enum RemoteControlIssue: Sendable, Hashable, CustomStringConvertible {
    /// A control document could not be fetched from `url` (network error, timeout, a body cut
    /// short); the document in force stays, and the next attempt comes after a backoff.
    case fetchFailed(url: String, reason: String)
    /// The server answered a control document request with a status other than 200 or 304;
    /// the document in force stays.
    case httpStatus(url: String, status: Int)
    /// A control document was larger than the limit (by its `Content-Length` or its bytes);
    /// the download was cut off and the document in force stays.
    case documentTooLarge(url: String, limit: Int)
    /// A control document was rejected as a whole (not an envelope, a wrong `format`, bad
    /// base64, a missing or bad signature, a malformed payload); `source` is its URL or the
    /// cache file. The document in force stays.
    case documentRejected(source: String, reason: String)
    /// A control document without a signature was accepted because no public key is
    /// configured; fine for development, reported once per remote control.
    case documentUnsigned(source: String)
    /// The configured public key is not the base64 of 32 raw Ed25519 bytes; every document is
    /// rejected until it is fixed.
    case publicKeyInvalid(reason: String)
    /// The kept control document at `path` was damaged or no longer verifies; it was renamed
    /// to `setAsideAt` (or left in place when that failed) and the compiled definitions serve.
    case cacheCorrupt(path: String, reason: String, setAsideAt: String?)
    /// The kept control document at `path` exists but could not be read; the compiled
    /// definitions serve.
    case cacheUnreadable(path: String, reason: String)
    /// A fetched control document could not be kept at `path`; it will not apply at the next
    /// start (it still applies at once when asked to).
    case cacheUnwritable(path: String, reason: String)

    /// A readable description of the issue, for logs.
    public var description: String {
        switch self {
        case .fetchFailed(let url, let reason):
            "control document \(url) could not be fetched (\(reason)); the one in force stays"
        case .httpStatus(let url, let status):
            "control document \(url) answered HTTP \(status); the one in force stays"
        case .documentTooLarge(let url, let limit):
            "control document \(url) is larger than \(limit) bytes; download cut off, the one in force stays"
        case .documentRejected(let source, let reason):
            "control document \(source) rejected: \(reason); the one in force stays"
        case .documentUnsigned(let source):
            "control document \(source) is unsigned and accepted because no public key is configured; configure one for release builds"
        case .publicKeyInvalid(let reason):
            "the configured control public key is invalid (\(reason)); every control document is rejected"
        case .cacheCorrupt(let path, let reason, let setAsideAt?):
            "kept control document \(path) is corrupt (\(reason)); set aside as \(setAsideAt), the compiled definitions serve"
        case .cacheCorrupt(let path, let reason, nil):
            "kept control document \(path) is corrupt (\(reason)) and could not be set aside; the compiled definitions serve"
        case .cacheUnreadable(let path, let reason):
            "kept control document \(path) cannot be read (\(reason)); the compiled definitions serve"
        case .cacheUnwritable(let path, let reason):
            "control document cannot be kept at \(path) (\(reason)); it will not apply at the next start"
        }
    }
}

extension SplitTestingIssue {
    /// `issue`, as the service's `report` closure receives it.
    public static func remoteControl(_ issue: RemoteControlIssue) -> SplitTestingIssue {
        .remoteControl(SplitTestingIssueDetail(issue))
    }

    /// The remote-control problem this issue reports, if it is one.
    public var remoteControlIssue: RemoteControlIssue? {
        guard case .remoteControl(let detail) = self else { return nil }
        return detail.base as? RemoteControlIssue
    }
}
