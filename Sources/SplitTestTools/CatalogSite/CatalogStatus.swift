@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestFormats

/// Where an experiment stands at one time, in the words of the catalog: its status, and its
/// schedule read at that time, as a reader who does not read YAML needs it. An experiment whose
/// schedule has not started is not "running", even though its `status:` says so.
enum CatalogStatus: String, CaseIterable {
    /// Enrolling units now.
    case running
    /// Running, but its schedule starts later: it enrols no one yet.
    case scheduled
    /// Its schedule has ended: every unit gets the control.
    case ended
    /// Stopped: every unit gets the control.
    case stopped
    /// Resolved: every unit gets the winner.
    case resolved

    /// The status of `definition` at `time` (seconds since 1970), in the order the runtime
    /// decides: stopped, then an ended schedule, then resolved, then a schedule not started.
    init(_ definition: SplitTestDefinition, at time: Double) {
        let phase = definition.schedule?.phase(at: time)
        switch definition.status {
        case .stopped: self = .stopped
        case _ where phase == .ended: self = .ended
        case .resolved: self = .resolved
        case .running: self = phase == .notStarted ? .scheduled : .running
        }
    }

    /// The status with what a reader needs beside it: when a scheduled experiment starts, when an
    /// ended one ended, which group everyone gets.
    static func detail(_ definition: SplitTestDefinition, at now: Double) -> String {
        switch CatalogStatus(definition, at: now) {
        case .running: definition.schedule?.end.map { "enrolling units until " + time($0) } ?? "enrolling units"
        case .scheduled: "enrols from " + time(definition.schedule?.start)
        case .ended: "ended " + time(definition.schedule?.end) + ": every unit gets the control, " + definition.control
        case .stopped: "every unit gets the control, " + definition.control
        case .resolved: "every unit gets the winner, " + (definition.winner ?? definition.control)
        }
    }

    /// The schedule in words: `from … until …`, or `always`.
    static func schedule(_ schedule: SplitTestSchedule?) -> String {
        guard let schedule, schedule.start != nil || schedule.end != nil else { return "always" }
        let start = schedule.start.map { "from " + time($0) }
        let end = schedule.end.map { "until " + time($0) }
        return [start, end].compactMap { $0 }.joined(separator: " ")
    }

    /// A time as people read it: `2026-12-01 09:00 UTC` (with seconds only when it has some).
    static func time(_ seconds: Double?) -> String {
        guard let seconds else { return "—" }
        let iso = EventDate.text(secondsSince1970: seconds)  // 2026-12-01T09:00:00Z
        let date = iso.prefix(10)
        let clock = iso.dropFirst(11).dropLast()
        return "\(date) \(clock.hasSuffix(":00") ? clock.dropLast(3) : clock) UTC"
    }
}
