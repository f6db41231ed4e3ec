import Foundation

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
/// order events arrive; ``flush()`` waits for them. A file that cannot be written is reported
/// through `report` (once until a write succeeds again) and those events are dropped.
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

    private struct Line: Encodable {
        let date: Date
        let event: String
        let properties: [String: TrackingValue]
        let user: String?

        private struct Key: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(date, forKey: Key(stringValue: Field.date))
            try container.encode(event, forKey: Key(stringValue: Field.event))
            try container.encode(properties, forKey: Key(stringValue: Field.properties))
            try container.encodeIfPresent(user, forKey: Key(stringValue: Field.user))
        }
    }

    /// Creates a provider appending to `fileURL`; `report` receives write failures.
    public init(fileURL: URL, report: @escaping @Sendable (SplitTestingIssue) -> Void = { _ in }) {
        self.fileURL = fileURL
        self.report = report
    }

    /// Nothing to prepare: the file is created on the first event.
    public func setup() {}

    /// Queues one line for `event`.
    public func track(_ event: TrackingEvent) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        state.withLock { state in
            let line = Line(date: event.date, event: event.identifier, properties: event.properties, user: state.user)
            // Encoding scalars with non-finite numbers converted cannot fail.
            guard let data = try? encoder.encode(line) else {
                preconditionFailure("a tracking line of scalar values always encodes")
            }
            state.pending.append(data)
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
