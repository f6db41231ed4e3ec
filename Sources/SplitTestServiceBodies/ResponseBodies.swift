@_spi(Tools) import SplitTestCompiler
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
        /// The group's parameters by name.
        public var params: [String: ParameterValue]
        /// Each factor's level, for a multivariate experiment's cell.
        public var levels: [String: String]?

        /// Creates an answer.
        public init(
            experiment: String, group: String, reason: String, enrolled: Bool, params: [String: ParameterValue],
            levels: [String: String]?
        ) {
            self.experiment = experiment
            self.group = group
            self.reason = reason
            self.enrolled = enrolled
            self.params = params
            self.levels = levels
        }

        var json: JSONValue {
            var members: [(String, JSONValue)] = [
                ("experiment", .string(experiment)), ("group", .string(group)), ("reason", .string(reason)),
                ("enrolled", .bool(enrolled)), ("params", .object(pairs: params.map { ($0.key, Self.json($0.value)) })),
            ]
            if let levels { members.append(("levels", .object(pairs: levels.map { ($0.key, .string($0.value)) }))) }
            return .object(pairs: members)
        }

        private static func json(_ value: ParameterValue) -> JSONValue {
            switch value {
            case .bool(let flag): .bool(flag)
            case .int(let number): .integer(number)
            // Foundation's text for a double; a parameter is always finite, and JSON cannot
            // write one that is not.
            case .double(let number): number.isFinite ? .number(JSONValue.foundationText(of: number)) : .null
            case .string(let text): .string(text)
            }
        }
    }

    /// `{"assignments": [...]}`, in the order given.
    public static func assignments(_ answers: [Assignment]) -> [UInt8] {
        write(["assignments": .array(answers.map(\.json))])
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
