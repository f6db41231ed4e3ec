/// When an experiment enrols: units not yet assigned are enrolled from ``start`` (inclusive) and
/// every unit gets the control from ``end`` on, with the units already assigned keeping their
/// stored group for when it runs again.
///
/// Times are seconds since 1970-01-01T00:00:00Z, so that generated code needs no Foundation; the
/// definition writes them as ISO 8601 with a zone (`start: 2026-12-01T09:00:00Z`).
@_spi(Generated) public struct SplitTestSchedule: Sendable, Hashable {
    /// Where a time falls in a schedule.
    package enum Phase: Sendable, Hashable {
        /// Before ``SplitTestSchedule/start``: units not yet assigned get the control, `notStarted`.
        case notStarted
        /// Between start and end: the experiment enrols.
        case open
        /// At or after ``SplitTestSchedule/end``: every unit gets the control, `ended`.
        case ended
    }

    /// The first second units are enrolled, or `nil` for enrolment from the first launch.
    public let start: Double?
    /// The first second every unit gets the control, or `nil` for no end.
    public let end: Double?

    /// Creates a schedule; the compiler has checked that `end` comes after `start`.
    public init(start: Double? = nil, end: Double? = nil) {
        self.start = start
        self.end = end
    }

    /// The phase at `time` (seconds since 1970).
    package func phase(at time: Double) -> Phase {
        if let end, time >= end { return .ended }
        if let start, time < start { return .notStarted }
        return .open
    }

    /// The first boundary after `time`, when the phase will change; `nil` when it never will.
    package func nextBoundary(after time: Double) -> Double? {
        if let start, time < start { return start }
        if let end, time < end { return end }
        return nil
    }
}
