import Foundation
import SplitTestFormats

/// A ``TrackingProvider`` that appends every event to a file as one JSON object per line, for
/// offline analysis (`jq`, pandas, DuckDB):
///
/// ```json
/// {"date":"2026-03-01T12:00:00Z","event":"split_test_exposure","properties":{"experiment":"button_color","group":"blue","unit":"3F25…"},"user":"user-42"}
/// ```
///
/// ```json
/// {"date":"2026-03-01T12:00:05Z","event":"split_test_goal","properties":{"device":"3F25…","goal":"purchase","split_test-button_color":"blue","user":"user-42","value":3.99},"user":"user-42"}
/// ```
///
/// `user` is present while a user is associated. Goal events carry `device` and, when signed in,
/// `user` among their properties, so that `splitc analyze` joins them to the exposed units. Lines are written on a background queue, in the
/// order events arrive; ``flush()`` waits for them, and so does a normal exit of the process
/// (returning from `main`, `exit`). A file that cannot be written is reported through `report`
/// (once until a write succeeds again) and those events are dropped.
///
/// ```swift
/// let provider = JSONLinesTrackingProvider(fileURL: caches.appendingPathComponent("exposures.jsonl"))
/// ```
public final class JSONLinesTrackingProvider: TrackingProvider {
    /// The file events are appended to; created on the first event.
    package let fileURL: URL
    private let report: @Sendable (SplitTestingIssue) -> Void
    private let state = Locked(State())
    private let writer = BackgroundWriter(label: "SplitTesting.JSONLinesTrackingProvider")

    private struct State: Sendable {
        var user: String?
        var pending = Data()
        var writeFailures = WriteFailureLatch()
    }

    /// Creates a provider appending to `fileURL`; `report` receives write failures.
    public init(fileURL: URL, report: @escaping @Sendable (SplitTestingIssue) -> Void = { _ in }) {
        self.fileURL = fileURL
        self.report = report
    }

    /// Queues one line for `event`.
    public func track(_ event: TrackingEvent) {
        let properties = event.properties.mapValues { value -> EventLine.Value in
            switch value {
            case .string(let text): .string(text)
            case .int(let number): .int(number)
            case .double(let number): .double(number)
            case .bool(let flag): .bool(flag)
            }
        }
        state.withLock { state in
            let line = EventLine.encode(
                date: event.date.timeIntervalSince1970, event: event.identifier, properties: properties, user: state.user)
            state.pending.append(contentsOf: line)
            state.pending.append(0x0A)
        }
        writer.schedule { [self] in appendPending() }
    }

    /// Adds `user` to the following lines.
    public func associate(user: String) {
        state.withLock { $0.user = user }
    }

    /// Leaves `user` out of the following lines.
    public func dissociate() {
        state.withLock { $0.user = nil }
    }

    /// Blocks until every event tracked so far has been written (or has failed and been reported).
    public func flush() {
        writer.waitUntilIdle()
    }

    private func appendPending() {
        let data = state.withLock { state in
            defer { state.pending = Data() }
            return state.pending
        }
        guard !data.isEmpty else { return }
        do {
            if !FileManager.default.fileExists(atPath: fileURL.path) {
                try FileManager.default.createDirectory(
                    at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
                guard FileManager.default.createFile(atPath: fileURL.path, contents: nil) else {
                    throw CocoaError(.fileWriteNoPermission)
                }
            }
            let handle = try FileHandle(forWritingTo: fileURL)
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: data)
            state.withLock { $0.writeFailures.succeeded() }
        } catch {
            if state.withLock({ $0.writeFailures.failed() }) {
                report(.trackingFileUnwritable(path: fileURL.path, reason: error.localizedDescription))
            }
        }
    }
}
