import SplitTestFormats

/// The JSON bodies of the decision service's answers, written by the package's one JSON writer:
/// compact, names sorted, as Foundation's encoder wrote them before.
@_spi(Tools) public enum ResponseBodies {
    /// One experiment's answer to `POST /v1/assignments`.
    public struct Assignment: Sendable, Hashable {
        /// The experiment's identifier.
        public var experiment: String
        /// The group's name.
        public var group: String
        /// Why the unit has this group (`bucketed`, `sticky`, `not_targeted`, ...).
        public var reason: String
        /// Whether the unit is in the experiment (counted in its readout).
        public var enrolled: Bool
        /// The group's parameters by name, as JSON scalars.
        package var params: [String: JSONValue]
        /// Each factor's level, for a multivariate experiment's cell.
        public var levels: [String: String]?
        /// For an enrolled unit of a bandit, the allocation period of its first assignment, which
        /// its exposure carries.
        public var period: Int?

        /// Creates an answer.
        package init(
            experiment: String, group: String, reason: String, enrolled: Bool, params: [String: JSONValue],
            levels: [String: String]?, period: Int? = nil
        ) {
            self.experiment = experiment
            self.group = group
            self.reason = reason
            self.enrolled = enrolled
            self.params = params
            self.levels = levels
            self.period = period
        }

        var json: JSONValue {
            var members: [(String, JSONValue)] = [
                ("experiment", .string(experiment)), ("group", .string(group)), ("reason", .string(reason)),
                ("enrolled", .bool(enrolled)), ("params", .object(pairs: params.map { ($0.key, $0.value) })),
            ]
            if let levels { members.append(("levels", .object(pairs: levels.map { ($0.key, .string($0.value)) }))) }
            if let period { members.append(("period", .integer(period))) }
            return .object(pairs: members)
        }
    }

    /// `{"assignments": [...]}`, in the order given.
    public static func assignments(_ answers: [Assignment]) -> [UInt8] {
        write(["assignments": .array(answers.map(\.json))])
    }

    /// An experiment's answers written ahead, once for each group: what depends only on the
    /// experiment and the group (its name, parameters and levels), so that a request's answer is
    /// written by joining bytes. The same bytes as ``Assignment`` writes.
    public struct PrewrittenExperiment: Sendable {
        /// `"experiment":"…"`.
        private let experimentMember: [UInt8]
        /// For each group, `"group":"…","levels":{…},"params":{…}` (`levels` only in a cell).
        private let groupMembers: [[UInt8]]
        /// `"key":"…"`, for OFREP's answers.
        let keyMember: [UInt8]
        /// For each group, its parameters as OFREP metadata: `,"params.NAME":…` for each, sorted.
        let metadataParams: [[UInt8]]
        /// For each group, `"value":"…","variant":"…"`: OFREP's string flag.
        let valueMembers: [[UInt8]]

        /// Writes `experiment`'s members for each of `groups`: its name, parameters (JSON scalars)
        /// and levels (for a multivariate experiment's cells; `nil` otherwise).
        package init(experiment: String, groups: [(name: String, params: [String: JSONValue], levels: [String: String]?)]) {
            experimentMember = Self.members(of: .object(pairs: [("experiment", .string(experiment))]))
            keyMember = Self.members(of: .object(pairs: [("key", .string(experiment))]))
            metadataParams = groups.map { group in
                let params = group.params.sorted { $0.key < $1.key }.map { ("params.\($0.key)", $0.value) }
                return params.isEmpty ? [] : [UInt8(ascii: ",")] + Self.members(of: .object(pairs: params))
            }
            valueMembers = groups.map { group in
                Self.members(of: .object(pairs: [("value", .string(group.name)), ("variant", .string(group.name))]))
            }
            groupMembers = groups.map { group in
                // What Assignment writes for these members, in the writer's sorted order.
                let full = Assignment(
                    experiment: experiment, group: group.name, reason: "", enrolled: false, params: group.params,
                    levels: group.levels
                ).json
                guard case .object(let members) = full else { return [] }
                return Self.members(of: .object(members.filter { ["group", "levels", "params"].contains($0.key) }))
            }
        }

        /// The number of groups written.
        public var groupCount: Int { groupMembers.count }

        /// Appends the answer for group `groupIndex`, given for `reason`, to `bytes`.
        func append(groupIndex: Int, reason: String, enrolled: Bool, period: Int?, to bytes: inout [UInt8]) {
            // The names in the writer's sorted order: enrolled, experiment, group, levels,
            // params, period, reason.
            bytes += #"{"enrolled":"#.utf8
            bytes += (enrolled ? "true" : "false").utf8
            bytes.append(UInt8(ascii: ","))
            bytes += experimentMember
            bytes.append(UInt8(ascii: ","))
            bytes += groupMembers[groupIndex]
            if let period { bytes += #","period":\#(period)"#.utf8 }
            bytes += #","reason":"#.utf8
            bytes += JSONValue.string(reason).bytes(style: .foundationCompact)
            bytes.append(UInt8(ascii: "}"))
        }

        /// The members of `object`, as written without its braces.
        static func members(of object: JSONValue) -> [UInt8] {
            Array(object.bytes(style: .foundationCompact).dropFirst().dropLast())
        }
    }

    /// One experiment's answer to `POST /v1/assignments`, written ahead for its group.
    public struct PrewrittenAnswer: Sendable {
        /// The experiment's answers.
        public var experiment: PrewrittenExperiment
        /// The group's position in the experiment.
        public var groupIndex: Int
        /// Why the unit has this group.
        public var reason: String
        /// Whether the unit is in the experiment.
        public var enrolled: Bool
        /// For an enrolled unit of a bandit, the allocation period of its first assignment.
        public var period: Int?

        /// Creates an answer; `groupIndex` is one of `experiment`'s groups.
        public init(experiment: PrewrittenExperiment, groupIndex: Int, reason: String, enrolled: Bool, period: Int? = nil) {
            self.experiment = experiment
            self.groupIndex = groupIndex
            self.reason = reason
            self.enrolled = enrolled
            self.period = period
        }
    }

    /// `{"assignments": [...]}` from answers written ahead, in the order given: the same bytes as
    /// ``assignments(_:)-([Assignment])`` for the same answers.
    public static func assignments(_ answers: [PrewrittenAnswer]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16 + answers.count * 160)
        bytes += #"{"assignments":["#.utf8
        for (position, answer) in answers.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            answer.experiment.append(
                groupIndex: answer.groupIndex, reason: answer.reason, enrolled: answer.enrolled, period: answer.period, to: &bytes)
        }
        bytes += "]}".utf8
        return bytes
    }

    /// `{"accepted": N}`, for a batch of events stored.
    public static func accepted(_ count: Int) -> [UInt8] {
        write(["accepted": .integer(count)])
    }

    /// `GET /health`'s body.
    public static func health(experiments: Int, controlSequence: Int?) -> [UInt8] {
        write([
            "status": "ok", "experiments": .integer(experiments),
            "control_sequence": controlSequence.map(JSONValue.integer) ?? .null,
        ])
    }

    /// An `application/problem+json` body.
    public static func problem(title: String, status: Int, detail: String) -> [UInt8] {
        write(["title": .string(title), "status": .integer(status), "detail": .string(detail)])
    }

    private static func write(_ value: JSONValue) -> [UInt8] {
        value.bytes(style: .foundationCompact)
    }
}
