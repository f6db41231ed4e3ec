import Foundation
import SplitTestFormats

extension SplitTestControl {
    /// Why a payload cannot be read: which field, and what is wrong with it. Any such problem
    /// rejects the whole document, so that the last good one stays in force.
    @_spi(Tools) public struct PayloadError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The field as a path from the payload's root (`experiments.feed_prefetch.traffic`);
        /// empty for the root itself and for JSON syntax.
        public var field: String
        /// Where the JSON syntax is broken, as a byte offset; `nil` when the JSON is well formed.
        public var byteOffset: Int?
        /// What is wrong.
        public var reason: String

        /// Creates an error.
        public init(field: String, byteOffset: Int? = nil, reason: String) {
            self.field = field
            self.byteOffset = byteOffset
            self.reason = reason
        }

        /// `payload is not valid JSON at byte 17: …` or `payload field 'sequence': …`.
        public var description: String {
            if let byteOffset { return "payload is not valid JSON at byte \(byteOffset): \(reason)" }
            if field.isEmpty { return "payload: \(reason)" }
            return "payload field '\(field)': \(reason)"
        }
    }

    /// Reads a payload: the UTF-8 JSON bytes that a control document's envelope carries in base64.
    ///
    /// `sequence` is a positive integer; `generated` an optional string; `experiments` maps
    /// identifiers to entries of `status` and `winner` (paired by ``SplitTestStatus``'s one rule:
    /// a winner with `resolved` only, and required by it),
    /// `traffic` (`0 < t ≤ 100` in steps of 0.01), `force` (unit ids to group names), `weights`
    /// (group names to finite numbers of percent) and `period` (a positive integer).
    /// Entries of experiments this build does not know are kept; whether their groups exist, and
    /// whether the weights are non-negative, in steps of 0.01 and sum to 100, is checked when the
    /// control is applied, so that such an entry alone is rejected. Anything else malformed, an
    /// unknown field included, throws; no input traps.
    @_spi(Tools) public init(payloadJSON: Data) throws(PayloadError) {
        let root: JSONValue
        do {
            root = try JSONValue(parsing: [UInt8](payloadJSON))
        } catch {
            throw PayloadError(field: "", byteOffset: error.offset, reason: error.reason)
        }
        self = try PayloadReader().control(from: root)
    }

    /// The payload's UTF-8 JSON bytes, as `splitc publish` signs them: compact, every object's
    /// keys sorted by their UTF-8 bytes, so that equal controls give equal bytes.
    @_spi(Tools) public func payloadJSON() -> Data {
        Data(PayloadWriter.value(of: self).compactSortedBytes)
    }
}

/// The fields of a parsed payload checked one by one, each failure naming its field.
private struct PayloadReader {
    typealias PayloadError = SplitTestControl.PayloadError

    func control(from root: JSONValue) throws(PayloadError) -> SplitTestControl {
        let fields = try members(of: root, at: "", allowed: Self.payloadFields)
        guard let sequenceValue = fields["sequence"] else {
            throw PayloadError(field: "sequence", reason: "is missing; a payload needs a positive integer 'sequence'")
        }
        let sequence = try positiveInteger(sequenceValue, at: "sequence")
        var generated: String?
        if let value = fields["generated"] {
            guard case .string(let text) = value else {
                throw PayloadError(field: "generated", reason: "must be a string (a date in ISO 8601); found \(value.kindDescription)")
            }
            generated = text
        }
        guard let experimentsValue = fields["experiments"] else {
            throw PayloadError(field: "experiments", reason: "is missing; a payload needs an object 'experiments' (it may be empty)")
        }
        guard case .object(let entries) = experimentsValue else {
            throw PayloadError(field: "experiments", reason: "must be an object of experiment identifiers to entries; found \(experimentsValue.kindDescription)")
        }
        var experiments: [String: SplitTestControl.Entry] = [:]
        experiments.reserveCapacity(entries.count)
        for (identifier, value) in entries.lazy.map({ ($0.key, $0.value) }) {
            // The field's path is made only for a message: most entries have none.
            experiments[identifier] = try entry(value, at: "experiments.\(identifier)")
        }
        var environment: String?
        if let value = fields["environment"] {
            environment = try nonEmptyString(value, at: "environment", what: "an environment name")
        }
        return SplitTestControl(sequence: sequence, generated: generated, experiments: experiments, environment: environment)
    }

    static let payloadFields = ["sequence", "generated", "experiments", "environment"]
    static let entryFields = ["status", "winner", "traffic", "force", "weights", "period", "schedule"]
    static let scheduleFields = ["start", "end"]
    /// 10000-01-01T00:00:00Z in seconds since 1970: the first time a schedule cannot write.
    static let endOfYear9999: Double = 253_402_300_800

    /// An object's members, looked up by name with a scan (an entry has at most four).
    struct Members {
        var pairs: [JSONValue.Member]

        subscript(name: String) -> JSONValue? {
            pairs.first { $0.key == name }?.value
        }
    }

    /// The members of an object, rejecting any name not in `allowed`.
    private func members(
        of value: JSONValue, at field: @autoclosure () -> String, allowed: [String]
    ) throws(PayloadError) -> Members {
        guard case .object(let pairs) = value else {
            let field = field()
            let what = field.isEmpty ? "a payload must be a JSON object" : "must be an object"
            throw PayloadError(field: field, reason: "\(what); found \(value.kindDescription)")
        }
        for key in pairs.lazy.map(\.key) where !allowed.contains(key) {
            let field = field()
            let place = field.isEmpty ? key : "\(field).\(key)"
            let known = allowed.map { "'\($0)'" }.joined(separator: ", ")
            throw PayloadError(field: place, reason: "is not a field of \(field.isEmpty ? "a payload" : "an entry") (known: \(known))")
        }
        return Members(pairs: pairs)
    }

    private func entry(_ value: JSONValue, at field: @autoclosure () -> String) throws(PayloadError) -> SplitTestControl.Entry {
        let fields = try members(of: value, at: field(), allowed: Self.entryFields)
        var entry = SplitTestControl.Entry()
        var statusName: String?
        if let value = fields["status"] {
            guard case .string(let text) = value, SplitTestStatus.names.contains(text) else {
                let choices = SplitTestStatus.names.map { "'\($0)'" }.joined(separator: ", ")
                throw PayloadError(field: "\(field()).status", reason: "must be one of \(choices); found \(Self.describe(value))")
            }
            statusName = text
        }
        var winner: String?
        if let value = fields["winner"] {
            winner = try nonEmptyString(value, at: "\(field()).winner", what: "a group name")
        }
        switch SplitTestStatus.pairing(name: statusName, winner: winner) {
        case .success(let status):
            entry.status = status
        case .failure(.resolvedWithoutWinner):
            throw PayloadError(field: "\(field()).winner", reason: "is missing; status 'resolved' needs a winner")
        case .failure(.winnerOfStopped), .failure(.winnerWithoutResolved):
            throw PayloadError(field: "\(field()).winner", reason: "is allowed with status 'resolved' only")
        case .failure(.unknownName(let name)):
            preconditionFailure("status '\(name)' was checked to be one of \(SplitTestStatus.names)")
        }
        if let value = fields["traffic"] {
            entry.trafficBuckets = try trafficBuckets(value, at: "\(field()).traffic")
        }
        if let value = fields["force"] {
            guard case .object(let pairs) = value else {
                throw PayloadError(field: "\(field()).force", reason: "must be an object of unit ids to group names; found \(value.kindDescription)")
            }
            var force: [String: String] = [:]
            force.reserveCapacity(pairs.count)
            for (unit, group) in pairs.lazy.map({ ($0.key, $0.value) }) {
                guard !unit.isEmpty else {
                    throw PayloadError(field: "\(field()).force", reason: "a unit id must not be empty")
                }
                force[unit] = try nonEmptyString(group, at: "\(field()).force.\(unit)", what: "a group name")
            }
            entry.force = force
        }
        if let value = fields["weights"] {
            entry.weights = try weights(value, at: "\(field()).weights")
        }
        if let value = fields["period"] {
            entry.period = try positiveInteger(value, at: "\(field()).period")
        }
        if let value = fields["schedule"] {
            entry.schedule = try schedule(value, at: "\(field()).schedule")
        }
        return entry
    }

    /// `schedule`: `start` and `end`, each optional, ISO 8601 times with a zone, the end after the start.
    private func schedule(_ value: JSONValue, at field: @autoclosure () -> String) throws(PayloadError) -> SplitTestSchedule {
        let fields = try members(of: value, at: field(), allowed: Self.scheduleFields)
        func time(_ name: String) throws(PayloadError) -> Double? {
            guard let value = fields[name] else { return nil }
            guard case .string(let text) = value, let seconds = EventDate.parseZoned(text) else {
                throw PayloadError(
                    field: "\(field()).\(name)",
                    reason: "must be an ISO 8601 time with a zone, such as \"2026-12-01T09:00:00Z\"; found \(Self.describe(value))")
            }
            // Whole seconds from 1970 to 9999, as the document is written again: a fraction of a
            // second is dropped, so that a control read, written and read again is the same.
            let whole = seconds.rounded(.down)
            guard whole >= 0, whole < Self.endOfYear9999 else {
                throw PayloadError(
                    field: "\(field()).\(name)",
                    reason: "must be between 1970-01-01T00:00:00Z and 9999-12-31T23:59:59Z; found \(Self.describe(value))")
            }
            return whole
        }
        let start = try time("start")
        let end = try time("end")
        if let start, let end, end <= start {
            throw PayloadError(field: "\(field()).end", reason: "must come after the start")
        }
        return SplitTestSchedule(start: start, end: end)
    }

    /// `weights`: group names to finite numbers of percent. Their sum, sign and steps are the
    /// entry's to check when applied: a mistake there rejects that entry, not the document.
    private func weights(_ value: JSONValue, at field: @autoclosure () -> String) throws(PayloadError) -> [String: Double] {
        guard case .object(let pairs) = value else {
            throw PayloadError(field: field(), reason: "must be an object of group names to percentages; found \(value.kindDescription)")
        }
        var weights: [String: Double] = [:]
        weights.reserveCapacity(pairs.count)
        for (group, weight) in pairs.lazy.map({ ($0.key, $0.value) }) {
            guard case .number(let text) = weight, let percent = Double(text), percent.isFinite else {
                throw PayloadError(field: "\(field()).\(group)", reason: "must be a finite number of percent; found \(Self.describe(weight))")
            }
            weights[group] = percent
        }
        return weights
    }

    private func nonEmptyString(
        _ value: JSONValue, at field: @autoclosure () -> String, what: String
    ) throws(PayloadError) -> String {
        guard case .string(let text) = value, !text.isEmpty else {
            throw PayloadError(field: field(), reason: "must be \(what) (a non-empty string); found \(Self.describe(value))")
        }
        return text
    }

    private func positiveInteger(_ value: JSONValue, at field: String) throws(PayloadError) -> Int {
        guard case .number(let text) = value else {
            throw PayloadError(field: field, reason: "must be a positive integer; found \(value.kindDescription)")
        }
        guard text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw PayloadError(field: field, reason: "must be a positive integer, written without sign, fraction or exponent; found \(value.kindDescription)")
        }
        guard let number = Int(text) else {
            throw PayloadError(field: field, reason: "is larger than \(Int.max); found \(value.kindDescription)")
        }
        guard number > 0 else {
            throw PayloadError(field: field, reason: "must be a positive integer; found 0")
        }
        return number
    }

    /// A percentage in `(0, 100]` with at most two decimals, as buckets: `12.34` → 1,234.
    private func trafficBuckets(_ value: JSONValue, at field: @autoclosure () -> String) throws(PayloadError) -> Int {
        guard case .number(let text) = value, let percent = Double(text), percent.isFinite else {
            throw PayloadError(field: field(), reason: "must be a number of percent, more than 0 and at most 100; found \(value.kindDescription)")
        }
        guard percent > 0 && percent <= 100 else {
            throw PayloadError(field: field(), reason: "must be more than 0 and at most 100; found \(value.kindDescription)")
        }
        guard let buckets = BucketTable.buckets(percent: percent), buckets >= 1 else {
            throw PayloadError(field: field(), reason: "is finer than 0.01 percent (one of the 10,000 buckets); found \(value.kindDescription)")
        }
        return buckets
    }

    /// A value for messages; strings are quoted and cut.
    private static func describe(_ value: JSONValue) -> String {
        guard case .string(let text) = value else { return value.kindDescription }
        return "\"\(text.count <= 40 ? text : text.prefix(37) + "...")\""
    }
}

/// A control as the JSON value its payload holds.
private enum PayloadWriter {
    static func value(of control: SplitTestControl) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init(key: "experiments", value: .object(control.experiments.map { .init(key: $0.key, value: value(of: $0.value)) })),
            .init(key: "sequence", value: .number(String(control.sequence))),
        ]
        if let generated = control.generated { members.append(.init(key: "generated", value: .string(generated))) }
        if let environment = control.environment { members.append(.init(key: "environment", value: .string(environment))) }
        return .object(members)
    }

    private static func value(of entry: SplitTestControl.Entry) -> JSONValue {
        var members: [JSONValue.Member] = []
        if let force = entry.force {
            members.append(.init(key: "force", value: .object(force.map { .init(key: $0.key, value: .string($0.value)) })))
        }
        if let status = entry.status { members.append(.init(key: "status", value: .string(status.name))) }
        if let buckets = entry.trafficBuckets {
            members.append(.init(key: "traffic", value: .number(BucketTable.percentText(buckets: buckets))))
        }
        if let winner = entry.status?.winner { members.append(.init(key: "winner", value: .string(winner))) }
        if let weights = entry.weights {
            members.append(.init(key: "weights", value: .object(weights.map { .init(key: $0.key, value: .number(weightText($0.value))) })))
        }
        if let period = entry.period { members.append(.init(key: "period", value: .number(String(period)))) }
        if let schedule = entry.schedule {
            var times: [JSONValue.Member] = []
            if let start = schedule.start { times.append(.init(key: "start", value: .string(EventDate.text(secondsSince1970: start)))) }
            if let end = schedule.end { times.append(.init(key: "end", value: .string(EventDate.text(secondsSince1970: end)))) }
            members.append(.init(key: "schedule", value: .object(times)))
        }
        return .object(members)
    }

    /// A weight as written: a whole number without a fraction (`50`), anything else in the
    /// shortest form that reads back as the same number (`33.33`, `0.01`), so that a payload
    /// read and written again is the same payload.
    static func weightText(_ percent: Double) -> String {
        precondition(percent.isFinite, "a control entry's weights are finite numbers")
        if percent == percent.rounded(), abs(percent) < 1e15 { return String(Int(percent)) }
        return "\(percent)"
    }
}
