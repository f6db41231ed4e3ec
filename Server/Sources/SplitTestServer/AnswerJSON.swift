import NIOConcurrencyHelpers

/// The body of `POST /v1/assignments`, from the JSON of each answer written once and then reused.
///
/// An answer depends only on its experiment, group, reason, params and levels, so the same few
/// answers are given again and again; writing each one afresh through the encoder took longer
/// than reading the request and resolving it. The body is byte for byte what encoding the whole
/// `{"assignments": [...]}` object would give: compact JSON nests without whitespace, so an
/// answer's text does not depend on where it stands.
final class AnswerJSON: Sendable {
    private let written = NIOLockedValueBox<[Decider.Decision: [UInt8]]>([:])

    /// How many answers are kept: every group of thousands of experiments under each reason. Past
    /// it (a service reloaded again and again with other params), they are written afresh rather
    /// than kept without bound.
    static let capacity = 100_000

    /// `{"assignments":[…]}` with `decisions` in their order.
    func body(_ decisions: [Decider.Decision]) -> [UInt8] {
        var bytes = Array(#"{"assignments":["#.utf8)
        for (index, decision) in decisions.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += json(of: decision)
        }
        bytes += Array("]}".utf8)
        return bytes
    }

    private func json(of decision: Decider.Decision) -> [UInt8] {
        if let known = written.withLockedValue({ $0[decision] }) { return known }
        let bytes = decision.json.bytes
        written.withLockedValue { written in
            if written.count >= Self.capacity { written.removeAll() }
            written[decision] = bytes
        }
        return bytes
    }
}
