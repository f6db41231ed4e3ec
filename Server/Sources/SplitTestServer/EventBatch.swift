import SplitTestAnalysis
import SplitTesting

/// The body of `POST /v1/events`: an array of events as `JSONLinesTrackingProvider` writes them,
/// each read by the reader `splitc analyze` uses, so that every stored event is one the readout
/// can count. One bad event rejects the whole array.
struct EventBatch {
    /// Each event as one compact JSON line, in the order given.
    var lines: [String]

    init(body: [UInt8]) throws(Problem) {
        guard case .array(let items) = try RequestJSON.parse(body) else {
            throw .badRequest("the body must be a JSON array of events, each as JSONLinesTrackingProvider writes it")
        }
        var lines: [String] = []
        var problems: [String] = []
        for (index, item) in items.enumerated() {
            let line = String(decoding: item.bytes, as: UTF8.self)
            if let problem = Self.problem(with: item, line: line) {
                problems.append("[\(index)]: \(problem)")
            } else {
                lines.append(line)
            }
        }
        guard problems.isEmpty else {
            let shown = problems.prefix(20).joined(separator: "; ")
            let more = problems.count > 20 ? "; and \(problems.count - 20) more" : ""
            throw .badRequest(
                "\(problems.count) of \(items.count) events are invalid and none was stored: \(shown)\(more)")
        }
        self.lines = lines
    }

    /// What is wrong with one event, or `nil` when the readout can use it.
    private static func problem(with item: JSONValue, line: String) -> String? {
        guard case .object(let members) = item else { return "an event is a JSON object, not \(item.typeName)" }
        // The reader takes a user only from a string and would pass over anything else silently.
        switch members["user"] {
        case nil, .string?: break
        case let other?: return "\"user\" must be the signed-in user's id, a string, not \(other.typeName)"
        }
        let event: RawEvent
        switch JSONLineParser.parse(line) {
        case .success(let parsed): event = parsed
        case .failure(.malformed(let reason)): return "not readable (\(reason))"
        case .failure(.missingField(let reason)): return "\(reason)"
        }
        // The names in the messages are those of the properties the reader fills these fields from.
        var missing: [String] = []
        switch event.name {
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
            return "unknown event '\(event.name)' (known: \(known.joined(separator: ", ")))"
        }
        if !missing.isEmpty {
            return "\(event.name) without \(missing.map { "\"\($0)\"" }.joined(separator: ", ")) in its properties"
        }
        if event.valueIsInvalid { return "\"value\" must be a finite number" }
        if event.periodIsInvalid { return "\"period\" must be a whole number from 0 to 2147483647" }
        return nil
    }
}
