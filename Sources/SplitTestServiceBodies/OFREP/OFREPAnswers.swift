import SplitTestFormats
import SplitTesting

/// The answers of the OpenFeature Remote Evaluation Protocol (OFREP), written from the same
/// answers written ahead as `POST /v1/assignments`' (``ResponseBodies/PrewrittenAnswer``).
///
/// An experiment is a string flag: `value` and `variant` are the group's name (a multivariate
/// experiment's cell); `reason` is OpenFeature's (``AssignmentReason/openFeatureReason``); and
/// `metadata` holds the runtime's `assignmentReason`, whether the unit is `enrolled`, each
/// parameter of the group as `params.NAME`, and for an enrolled unit of a bandit the `period` its
/// exposure carries.
@_spi(Tools) public enum OFREPAnswers {
    /// `POST /ofrep/v1/evaluate/flags/{key}`'s answer.
    public static func evaluation(_ answer: ResponseBodies.PrewrittenAnswer) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(192)
        append(answer, to: &bytes)
        return bytes
    }

    /// `POST /ofrep/v1/evaluate/flags`' answer: `{"flags": [...]}`, in the order given.
    public static func bulk(_ answers: [ResponseBodies.PrewrittenAnswer]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16 + answers.count * 200)
        bytes += #"{"flags":["#.utf8
        for (position, answer) in answers.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            append(answer, to: &bytes)
        }
        bytes += "]}".utf8
        return bytes
    }

    /// A strong ETag of a bulk answer for the definitions of `generation`: it changes when a flag's
    /// variant, OpenFeature reason, enrolment or period changes, and only then (a unit's answer
    /// going from `bucketed` to `sticky` is no change a client must fetch).
    public static func etag(of answers: [ResponseBodies.PrewrittenAnswer], generation: UInt64) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ value: UInt64) {
            var value = value
            for _ in 0..<8 {
                hash = (hash ^ (value & 0xFF)) &* 0x0000_0100_0000_01b3
                value >>= 8
            }
        }
        mix(generation)
        for answer in answers {
            for byte in answer.experiment.keyMember { mix(UInt64(byte)) }
            mix(UInt64(answer.groupIndex))
            for byte in (AssignmentReason(rawValue: answer.reason)?.openFeatureReason ?? "").utf8 { mix(UInt64(byte)) }
            mix(answer.enrolled ? 1 : 0)
            mix(UInt64(bitPattern: Int64(answer.period ?? -1)))
        }
        return "\"ofrep-\(String(hash, radix: 16))\""
    }

    /// An evaluation's failure: `{"errorCode", "errorDetails"}`, with the flag's `key` for a
    /// single evaluation.
    public static func failure(key: String?, _ problem: OFREPProblem) -> [UInt8] {
        var members: [(String, JSONValue)] = []
        if let key { members.append(("key", .string(key))) }
        members += [("errorCode", .string(problem.code.rawValue)), ("errorDetails", .string(problem.details))]
        return JSONValue.object(pairs: members).bytes(style: .foundationCompact)
    }

    private static func append(_ answer: ResponseBodies.PrewrittenAnswer, to bytes: inout [UInt8]) {
        let experiment = answer.experiment
        let reason = AssignmentReason(rawValue: answer.reason)
        // The names in the writer's sorted order: key, metadata (assignmentReason, enrolled,
        // params.…, period), reason, value, variant.
        bytes.append(UInt8(ascii: "{"))
        bytes += experiment.keyMember
        bytes += #","metadata":{"assignmentReason":"#.utf8
        bytes += JSONValue.string(answer.reason).bytes(style: .foundationCompact)
        bytes += #","enrolled":"#.utf8
        bytes += (answer.enrolled ? "true" : "false").utf8
        bytes += experiment.metadataParams[answer.groupIndex]
        if let period = answer.period { bytes += #","period":\#(period)"#.utf8 }
        bytes += #"},"reason":""#.utf8
        bytes += (reason?.openFeatureReason ?? "UNKNOWN").utf8
        bytes += #"","#.utf8
        bytes += experiment.valueMembers[answer.groupIndex]
        bytes.append(UInt8(ascii: "}"))
    }
}

extension AssignmentReason {
    /// The OpenFeature reason of an answer given for this reason: `SPLIT` for a unit bucketed or
    /// sticky, `STATIC` for a forced unit or a resolved experiment's winner, `DISABLED` for a
    /// stopped or ended experiment, and `DEFAULT` (the control) for every reason that leaves the
    /// unit out.
    @_spi(Tools) public var openFeatureReason: String {
        switch self {
        case .bucketed, .sticky: "SPLIT"
        case .forced, .resolved, .override: "STATIC"
        case .stopped, .ended: "DISABLED"
        case .notEnrolled, .noUser, .notStarted, .holdout, .notTargeted, .prerequisite: "DEFAULT"
        }
    }
}
