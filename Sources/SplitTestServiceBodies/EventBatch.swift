import SplitTestFormats
import SplitTesting

/// The body of `POST /v1/events`: an array of events as `JSONLinesTrackingProvider` writes them,
/// each read by the event-line codec that `splitc analyze` reads with, so that every stored event
/// is one the readout can count: the runtime's own (exposures, goals, holdouts) and the events the
/// definitions declare, each with its declared properties of their declared types. Any other
/// event, by name, is refused. One bad event rejects the whole array.
///
/// ```swift
/// let batch = try EventBatch(body: body, events: EventBatch.DeclaredEvents(result.events))
/// try await storage.appendEvents(batch.lines)
/// ```
@_spi(Tools) public struct EventBatch: Sendable, Hashable {
    /// Each event as one compact JSON line with sorted names, as the runtime writes it, in the
    /// order given.
    public var lines: [String]

    /// At most how many invalid events a problem's detail names; it counts the rest.
    static let namedProblems = 20

    /// Reads `body`, accepting the runtime's events and those of `events`; an invalid event
    /// rejects the whole array with a ``RequestProblem`` that names each invalid event's index
    /// and why.
    public init(body: [UInt8], events: DeclaredEvents = DeclaredEvents([])) throws(RequestProblem) {
        guard case .array(let items) = try RequestJSON.parse(body) else {
            throw RequestProblem("the body must be a JSON array of events, each as JSONLinesTrackingProvider writes it")
        }
        var lines: [String] = []
        var invalid: [RequestProblem.InvalidEvent] = []
        for (index, item) in items.enumerated() {
            let line = item.text(style: .foundationCompact)
            if let reason = Self.problem(with: item, declared: events) {
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

    /// What is wrong with one event, or `nil` when it is one the runtime would write: exactly
    /// what the service's contract (``ServiceContract``) says of an event, so that a client
    /// generated from the document and the service agree on every event.
    private static func problem(with item: JSONValue, declared: DeclaredEvents) -> String? {
        guard case .object(let members) = item else { return "an event is a JSON object, not \(item.typeName)" }
        let fields = [EventVocabulary.Field.date, EventVocabulary.Field.event, EventVocabulary.Field.properties, EventVocabulary.Field.user]
        if let unknown = members.first(where: { !fields.contains($0.key) }) {
            return "unknown field \"\(shownInMessage(unknown.key))\": an event has \(fields.map { "\"\($0)\"" }.joined(separator: ", "))"
        }
        let known = [EventVocabulary.exposure, EventVocabulary.goal, EventVocabulary.holdout]
        let name: String
        switch item[EventVocabulary.Field.event] {
        case nil: return "no \"event\""
        case .string(let text)?: name = text
        case let other?: return "\"event\" must be the event's name, a string, not \(other.typeName)"
        }
        let declaration = declared.byName[name]
        guard known.contains(name) || declaration != nil else {
            let all = known + declared.names
            return "unknown event '\(shownInMessage(name))' (known: \(all.joined(separator: ", ")))"
                + Suggestions.didYouMean(name, in: all)
        }
        if let problem = dateProblem(item[EventVocabulary.Field.date]) { return problem }
        switch item[EventVocabulary.Field.user] {
        case nil, .string?: break
        case let other?: return "\"user\" must be the signed-in user's id, a string, not \(other.typeName)"
        }
        guard case .object(let members)? = item[EventVocabulary.Field.properties],
            let properties = item[EventVocabulary.Field.properties]
        else {
            return "\(name) without \"properties\", an object"
        }
        if let declaration {
            return DeclaredEvents.problem(with: members, of: declaration, lineUser: item[EventVocabulary.Field.user] != nil)
        }
        func string(_ key: String) -> String?? {
            switch properties[key] {
            case nil: return .some(nil)
            case .string(let text)?: return .some(text)
            default: return nil
            }
        }
        // The readout reads a value and a period on any event.
        switch properties[EventVocabulary.Property.value] {
        case nil, .null?: break
        case .number(let text)? where Double(text)?.isFinite == true: break
        default: return "\"value\" must be a finite number"
        }
        switch properties[EventVocabulary.Property.period] {
        case nil, .null?: break
        case let period?:
            guard let whole = period.integerValue, (0...Int(Int32.max)).contains(whole) else {
                return "\"period\" must be a whole number from 0 to \(Int32.max)"
            }
        }
        var required: [String] = []
        var optionalStrings: [String] = []
        switch name {
        case EventVocabulary.exposure:
            required = [EventVocabulary.Property.experiment, EventVocabulary.Property.group, EventVocabulary.Property.unit]
        case EventVocabulary.goal:
            required = [EventVocabulary.Property.goal]
            optionalStrings = [EventVocabulary.Property.device, EventVocabulary.Property.user]
        default:
            required = [EventVocabulary.Property.holdout, EventVocabulary.Property.unit]
        }
        let missing = required.filter { string($0) == .some(nil) }
        if !missing.isEmpty {
            return "\(name) without \(missing.map { "\"\($0)\"" }.joined(separator: ", ")) in its properties"
        }
        if let wrong = (required + optionalStrings).first(where: { string($0) == nil }) {
            return "\"\(wrong)\" must be a string"
        }
        if name == EventVocabulary.goal, string(EventVocabulary.Property.device) == .some(nil),
            string(EventVocabulary.Property.user) == .some(nil), item[EventVocabulary.Field.user] == nil
        {
            return "\(name) without \"device\" or \"user\" in its properties, or \"user\" beside them"
        }
        return nil
    }

    /// What is wrong with an event's date, or `nil` when it is ISO 8601 text of a year from 1970
    /// to 2100, or seconds since 1970 within those years.
    private static func dateProblem(_ date: JSONValue?) -> String? {
        switch date {
        case nil:
            return "no \"date\""
        case .string(let text)?:
            var bytes = Array(text.utf8)
            let seconds = bytes.withUnsafeMutableBufferPointer { EventDate.parse(UnsafeBufferPointer($0)) }
            guard seconds != nil else {
                return "\"date\" is not an ISO 8601 time like 2026-03-01T12:00:00Z: \(shownInMessage(text))"
            }
            return EventDate.problem(withWrittenDate: shownInMessage(text))
        case .number(let text)?:
            return EventDate.problem(withEventTime: Double(text) ?? .infinity, text: shownInMessage(text))
        case let other?:
            return "\"date\" must be ISO 8601 text or seconds since 1970, not \(other.typeName)"
        }
    }
}
