import SplitTestFormats
import SplitTesting

/// The body of `POST /v1/events`: an array of events as `JSONLinesTrackingProvider` writes them,
/// each read by the event-line codec that `splitc analyze` reads with, so that every stored event
/// is one the readout can count. One bad event rejects the whole array.
///
/// ```swift
/// let batch = try EventBatch(body: body)
/// try await storage.appendEvents(batch.lines)
/// ```
@_spi(Tools) public struct EventBatch: Sendable, Hashable {
    /// Each event as one compact JSON line with sorted names, as the runtime writes it, in the
    /// order given.
    public var lines: [String]

    /// At most how many invalid events a problem's detail names; it counts the rest.
    static let namedProblems = 20

    /// Reads `body`; an invalid event rejects the whole array with a ``RequestProblem`` that
    /// names each invalid event's index and why.
    public init(body: [UInt8]) throws(RequestProblem) {
        guard case .array(let items) = try RequestJSON.parse(body) else {
            throw RequestProblem("the body must be a JSON array of events, each as JSONLinesTrackingProvider writes it")
        }
        var lines: [String] = []
        var invalid: [RequestProblem.InvalidEvent] = []
        for (index, item) in items.enumerated() {
            let line = item.text(style: .foundationCompact)
            if let reason = Self.problem(with: item, line: line) {
                invalid.append(RequestProblem.InvalidEvent(index: index, reason: reason))
            } else {
                lines.append(line)
            }
        }
        guard invalid.isEmpty else {
            let shown = invalid.prefix(Self.namedProblems).map { "[\($0.index)]: \($0.reason)" }.joined(separator: "; ")
            let more = invalid.count > Self.namedProblems ? "; and \(invalid.count - Self.namedProblems) more" : ""
            throw RequestProblem(
                "\(invalid.count) of \(items.count) events are invalid and none was stored: \(shown)\(more)",
                invalidEvents: invalid)
        }
        self.lines = lines
    }

    /// What is wrong with one event, or `nil` when the readout can use it.
    private static func problem(with item: JSONValue, line: String) -> String? {
        guard case .object = item else { return "an event is a JSON object, not \(item.typeName)" }
        // The reader takes a user only from a string and would pass over anything else silently.
        switch item["user"] {
        case nil, .string?: break
        case let other?: return "\"user\" must be the signed-in user's id, a string, not \(other.typeName)"
        }
        var bytes = Array(line.utf8)
        let decoded = bytes.withUnsafeMutableBufferPointer { EventLine.decode(UnsafeBufferPointer($0)) }
        let event: EventLine.Fields
        switch decoded {
        case .success(let fields): event = fields
        case .failure(.malformed(let reason)): return "not readable (\(reason))"
        case .failure(.missingField(let reason)): return "\(reason)"
        }
        // The names in the messages are those of the properties the reader fills these fields from.
        var missing: [String] = []
        switch event.event {
        case TrackingEvent.exposureIdentifier:
            if event.experiment == nil { missing.append("experiment") }
            if event.group == nil { missing.append("group") }
            if event.unit == nil { missing.append("unit") }
        case TrackingEvent.goalIdentifier:
            if event.goal == nil { missing.append("goal") }
            if event.device == nil && event.user == nil { missing.append("device\" or \"user") }
        case TrackingEvent.holdoutIdentifier:
            if event.holdout == nil { missing.append("holdout") }
            if event.unit == nil { missing.append("unit") }
        default:
            let known = [TrackingEvent.exposureIdentifier, TrackingEvent.goalIdentifier, TrackingEvent.holdoutIdentifier]
            return "unknown event '\(event.event)' (known: \(known.joined(separator: ", ")))"
        }
        if !missing.isEmpty {
            return "\(event.event) without \(missing.map { "\"\($0)\"" }.joined(separator: ", ")) in its properties"
        }
        if event.valueIsInvalid { return "\"value\" must be a finite number" }
        if event.periodIsInvalid { return "\"period\" must be a whole number from 0 to 2147483647" }
        return nil
    }
}
