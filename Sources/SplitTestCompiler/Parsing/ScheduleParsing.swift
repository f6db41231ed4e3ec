@_spi(Generated) import SplitTesting
import SplitTestFormats

/// The keys of `schedule:`.
enum ScheduleKey: Int, FixedKey {
    case start, end

    static let names = ["start", "end"]
}

/// Reads `schedule: { start, end }`: when an experiment enrols.
extension ExperimentParser {
    /// The schedule, or nil after reporting what is wrong. `end` not after `start` is an error;
    /// `end` before today a warning (the experiment then serves its control to everyone).
    mutating func readSchedule(_ node: YAMLNode) -> SplitTestSchedule? {
        guard node.kind == .mapping else {
            log.error(
                "'schedule' must be a mapping of 'start' and 'end', like { start: 2026-12-01T09:00:00Z }; "
                    + "found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        guard node.entryCount > 0 else {
            log.error("'schedule' names neither 'start' nor 'end'; remove it to enrol from the first launch", at: node)
            return nil
        }
        let keys = entries(of: node, keys: ScheduleKey.self, place: " in 'schedule'")
        let errorsBefore = log.errorCount
        let start = keys[.start].flatMap { readTime($0.value, key: "start") }
        let end = keys[.end].flatMap { readTime($0.value, key: "end") }
        guard log.errorCount == errorsBefore else { return nil }
        if let start, let end, let endNode = keys[.end]?.value, end <= start {
            log.error(
                "the schedule's 'end' (\(document.scalarText(of: endNode) ?? "")) must come after its 'start'",
                at: endNode, note: ("'start' is written here", keys[.start]!.value))
            return nil
        }
        if let end, let endNode = keys[.end]?.value, end <= Self.seconds(atStartOf: today) {
            log.warning(
                "the schedule ended on \(document.scalarText(of: endNode) ?? ""): the experiment serves its control "
                    + "to every unit; remove it, or move 'end' later", at: endNode)
        }
        return SplitTestSchedule(start: start, end: end)
    }

    /// An ISO 8601 time with a date, a time and a zone.
    private mutating func readTime(_ node: YAMLNode, key: String) -> Double? {
        guard let text = document.stringValue(of: node), node.isScalar else {
            log.error(
                "'\(key)' must be a time in ISO 8601 with a zone, like 2026-12-01T09:00:00Z; "
                    + "found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        guard let seconds = EventDate.parseZoned(text) else {
            log.error(
                "'\(shownInMessage(text))' is not a time in ISO 8601 with a zone: write the date, the time and "
                    + "Z or an offset, like 2026-12-01T09:00:00Z or 2026-12-01T10:00:00+01:00", at: node)
            return nil
        }
        return seconds
    }

    /// Seconds since 1970 at midnight UTC of `date`.
    static func seconds(atStartOf date: CalendarDate) -> Double {
        let text = "\(date)T00:00:00Z"
        return EventDate.parseZoned(text) ?? 0
    }
}
