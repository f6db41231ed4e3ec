import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@_spi(Tools) import SplitTesting

/// Keeps a service's experiments under a remote control document: the last good document kept
/// on disk applies synchronously at start, and a background refresh fetches, verifies and keeps
/// newer ones.
///
/// `SplitTestingService/fetchSplitTest(_:)` never waits on it: a start is one
/// small file read, and everything else runs in the background. Every failure (network, HTTP
/// status, size, JSON, signature, sequence, the file) is a `SplitTestingIssue`
/// through the service's `report`, and the document in force stays.
///
/// ```swift
/// let service = SplitTestingService(configuration: configuration)
/// let remote = RemoteControl(configuration: .init(
///     url: URL(string: "https://cdn.example.com/split-tests/control.json")!,
///     publicKey: "6hY0…", cacheDirectory: applicationSupport))
/// remote.start(service: service)     // applies the kept document, then refreshes in the background
/// ```
public final class RemoteControl: Sendable {
    /// How the remote control fetches and trusts documents.
    public let configuration: RemoteControlConfiguration
    /// Where the last good document is kept.
    public let cache: ControlDocumentCache

    private enum Trust: Sendable {
        case unsigned
        case key(ControlPublicKey)
        case invalidKey
    }

    private struct State: Sendable {
        var service: SplitTestingService?
        var stopped = false
        /// The kept document's ETag and sequence.
        var etag: String?
        var keptSequence: Int?
        var keptEnvelope: Data?
        /// The refresh under way, which every caller of `refresh()` awaits.
        var current: Task<RefreshOutcome, Never>?
        var loop: Task<Void, Never>?
        var failures = 0
        var warnedUnsigned = false
    }

    private let trust: Trust
    private let state = Locked(State())

    /// Creates a remote control; nothing happens until ``start(service:)``.
    public init(configuration: RemoteControlConfiguration) {
        self.configuration = configuration
        cache = ControlDocumentCache(directory: configuration.cacheDirectory)
        if let key = configuration.publicKey {
            trust = (try? ControlPublicKey(base64: key)).map(Trust.key) ?? .invalidKey
        } else {
            trust = .unsigned
        }
    }

    /// Applies the kept document to `service` now, synchronously (one small file read and a
    /// signature check), then refreshes in the background: at once, then every refresh
    /// interval, backing off after failures. A damaged kept document is set aside and reported,
    /// and the compiled definitions serve. Calls after the first do nothing.
    public func start(service: SplitTestingService) {
        let alreadyStarted = state.withLock { state in
            defer { if state.service == nil { state.service = service } }
            return state.service != nil || state.stopped
        }
        guard !alreadyStarted else { return }
        if case .invalidKey = trust {
            service.report(.remoteControl(.publicKeyInvalid(reason: ControlDocumentError.invalidPublicKey.description)))
        }
        applyKeptDocument(to: service)
        guard let first = beginRefresh() else { return }
        let loop = Task.detached { [self] in
            _ = await first.value
            while !Task.isCancelled {
                let failures = state.withLock { $0.failures }
                let delay = configuration.delay(afterFailures: failures)
                do {
                    try await Task.sleep(nanoseconds: UInt64(max(0, min(delay, 1e9)) * 1e9))
                } catch {
                    return
                }
                _ = await refresh()
            }
        }
        state.withLock { $0.loop = loop }
    }

    /// Stops refreshing; a refresh under way still ends. The document in force stays.
    ///
    /// The background refresh keeps the remote control alive until this is called; an app
    /// usually keeps one for its lifetime and never calls it.
    public func stop() {
        let loop = state.withLock { state in
            state.stopped = true
            defer { state.loop = nil }
            return state.loop
        }
        loop?.cancel()
    }

    /// Refreshes now, or waits for the refresh already under way: never two at once.
    public func refresh() async -> RefreshOutcome {
        guard let task = beginRefresh() else { return .notRunning }
        return await task.value
    }

    /// The sequence of the document kept on disk for the next start, if any.
    public var keptSequence: Int? {
        state.withLock { $0.keptSequence }
    }

    /// The refresh under way, if any (for tests that hold a request open).
    var refreshUnderWay: Task<RefreshOutcome, Never>? {
        state.withLock { $0.current }
    }

    private func beginRefresh() -> Task<RefreshOutcome, Never>? {
        state.withLock { state -> Task<RefreshOutcome, Never>? in
            guard let service = state.service, !state.stopped else { return nil }
            if let current = state.current { return current }
            let task = Task.detached { [self] in
                let outcome = await performRefresh(service: service)
                self.state.withLock { state in
                    state.current = nil
                    if case .failed = outcome { state.failures += 1 } else { state.failures = 0 }
                }
                return outcome
            }
            state.current = task
            return task
        }
    }

    // MARK: Start

    private func applyKeptDocument(to service: SplitTestingService) {
        let path = cache.fileURL.path
        switch cache.load() {
        case .empty:
            return
        case .unreadable(let reason):
            service.report(.remoteControl(.cacheUnreadable(path: path, reason: reason)))
        case .corrupt(let reason):
            setAsideKeptDocument(reason: reason, service: service)
        case .loaded(let entry):
            let control: SplitTestControl
            switch verify(entry.envelope, source: path, service: service) {
            case .success(let verified):
                control = verified
            case .failure(let error):
                setAsideKeptDocument(reason: error.description, service: service)
                return
            }
            guard control.sequence == entry.sequence else {
                setAsideKeptDocument(
                    reason: "the header's sequence \(entry.sequence) is not the payload's \(control.sequence)",
                    service: service)
                return
            }
            state.withLock { state in
                state.etag = entry.etag
                state.keptSequence = entry.sequence
                state.keptEnvelope = entry.envelope
            }
            service.applyControl(control)
        }
    }

    private func setAsideKeptDocument(reason: String, service: SplitTestingService) {
        let setAsideAt = cache.setAside()
        service.report(.remoteControl(.cacheCorrupt(path: cache.fileURL.path, reason: reason, setAsideAt: setAsideAt?.path)))
    }

    /// Decodes and checks `envelope` against the configured trust; reports an accepted unsigned
    /// document once.
    private func verify(
        _ envelope: Data, source: String, service: SplitTestingService
    ) -> Result<SplitTestControl, ControlDocumentError> {
        do throws(ControlDocumentError) {
            guard envelope.count <= configuration.maxDocumentSize else {
                throw .tooLarge(size: envelope.count, limit: configuration.maxDocumentSize)
            }
            let decoded = try ControlEnvelope(data: envelope)
            switch trust {
            case .invalidKey:
                throw .invalidPublicKey
            case .key(let key):
                return .success(try decoded.control(verifiedWith: key))
            case .unsigned:
                let control = try decoded.control(verifiedWith: nil)
                let warn = state.withLock { state in
                    defer { state.warnedUnsigned = true }
                    return !state.warnedUnsigned
                }
                if warn { service.report(.remoteControl(.documentUnsigned(source: source))) }
                return .success(control)
            }
        } catch {
            return .failure(error)
        }
    }

    // MARK: Refresh

    private func performRefresh(service: SplitTestingService) async -> RefreshOutcome {
        let url = configuration.url
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: configuration.timeout)
        request.httpMethod = "GET"
        if let etag = state.withLock({ $0.etag }) { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        let outcome = await BoundedDownload.fetch(request, limit: configuration.maxDocumentSize, timeout: configuration.timeout)
        let response: (status: Int, etag: String?, body: Data)
        switch outcome {
        case .success(let received):
            response = received
        case .failure(.tooLarge):
            return fail(.remoteControl(.documentTooLarge(url: url.absoluteString, limit: configuration.maxDocumentSize)), service)
        case .failure(.timedOut):
            return fail(.remoteControl(.fetchFailed(
                url: url.absoluteString, reason: "no complete answer within \(configuration.timeout) s")), service)
        case .failure(.truncated(let received, let expected)):
            return fail(.remoteControl(.fetchFailed(
                url: url.absoluteString, reason: "body cut short: \(received) of \(expected) bytes")), service)
        case .failure(.network(let reason)):
            return fail(.remoteControl(.fetchFailed(url: url.absoluteString, reason: reason)), service)
        }
        switch response.status {
        case 304:
            return .notModified
        case 200:
            return accept(response.body, etag: response.etag, service: service)
        default:
            return fail(.remoteControl(.httpStatus(url: url.absoluteString, status: response.status)), service)
        }
    }

    private func accept(_ body: Data, etag: String?, service: SplitTestingService) -> RefreshOutcome {
        let source = configuration.url.absoluteString
        if state.withLock({ $0.keptEnvelope == body }) {
            // The kept document again (a server that ignores If-None-Match): keep its new ETag.
            state.withLock { $0.etag = etag ?? $0.etag }
            return .notModified
        }
        let control: SplitTestControl
        switch verify(body, source: source, service: service) {
        case .success(let verified): control = verified
        case .failure(let error): return fail(.remoteControl(.documentRejected(source: source, reason: error.description)), service)
        }
        let newest = max(service.controlSequence ?? 0, state.withLock { $0.keptSequence } ?? 0)
        guard control.sequence > newest else {
            return fail(.controlSequenceNotNewer(sequence: control.sequence, newest: newest), service)
        }
        // A document for another environment is not kept: the next start would load it only to
        // reject it again.
        if let published = control.environment, published != service.environment {
            return fail(.controlEnvironmentMismatch(document: published, service: service.environment), service)
        }
        let entry = ControlDocumentCache.Entry(envelope: body, etag: etag, sequence: control.sequence)
        do {
            try cache.save(entry)
        } catch {
            service.report(.remoteControl(.cacheUnwritable(path: cache.fileURL.path, reason: ControlDocumentCache.describe(error))))
        }
        state.withLock { state in
            state.etag = etag
            state.keptSequence = control.sequence
            state.keptEnvelope = body
        }
        guard configuration.applyImmediately else { return .stored(sequence: control.sequence) }
        guard service.applyControl(control) else {
            return .failed(.controlSequenceNotNewer(sequence: control.sequence, newest: service.controlSequence ?? 0))
        }
        return .applied(sequence: control.sequence)
    }

    private func fail(_ issue: SplitTestingIssue, _ service: SplitTestingService) -> RefreshOutcome {
        service.report(issue)
        return .failed(issue)
    }
}
