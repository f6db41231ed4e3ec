import Foundation
@_spi(Generated) @_spi(Tools) import SplitTesting
@_spi(Tools) @testable import SplitTestingRemote
import Testing

@Suite("Decoding a control document's payload")
struct ControlPayloadDecoderTests {
    func decode(_ text: String) throws(ControlDocumentError) -> SplitTestControl {
        try ControlEnvelope(payload: Data(text.utf8), signature: nil).control(verifiedWith: nil)
    }

    @Test func theSpecificationsExampleDecodes() throws {
        let control = try decode("""
            {"sequence": 42, "generated": "2026-11-23T10:00:00Z",
             "experiments": {
               "button_color":     {"status": "resolved", "winner": "blue"},
               "profile_redesign": {"status": "stopped"},
               "feed_prefetch":    {"status": "running", "traffic": 20},
               "fine_ramp":        {"traffic": 0.01},
               "projection_banner":{"status": "running", "force": {"user-42": "show_notification"}}}}
            """)
        #expect(control == SplitTestControl(sequence: 42, generated: "2026-11-23T10:00:00Z", experiments: [
            "button_color": .init(status: .resolved(winner: "blue")),
            "profile_redesign": .init(status: .stopped),
            "feed_prefetch": .init(status: .running, trafficBuckets: 2_000),
            "fine_ramp": .init(trafficBuckets: 1),
            "projection_banner": .init(status: .running, force: ["user-42": "show_notification"]),
        ]))
    }

    @Test(arguments: [
        (#"[]"#, "a payload must be a JSON object"),
        (#"{"experiments": {}}"#, "field 'sequence': is missing"),
        (#"{"sequence": 0, "experiments": {}}"#, "'sequence': must be a positive integer; found 0"),
        (#"{"sequence": 1.5, "experiments": {}}"#, "must be a positive integer, written without sign, fraction or exponent"),
        (#"{"sequence": true, "experiments": {}}"#, "must be a positive integer; found true"),
        (#"{"sequence": "7", "experiments": {}}"#, "must be a positive integer; found a string"),
        (#"{"sequence": 1}"#, "field 'experiments': is missing"),
        (#"{"sequence": 1, "experiments": {}, "extra": 1}"#, "'extra': is not a field of a payload"),
        (#"{"sequence": 1, "generated": 5, "experiments": {}}"#, "'generated': must be a string"),
        (#"{"sequence": 1, "experiments": {"a": 1}}"#, "'experiments.a': must be an object"),
        (#"{"sequence": 1, "experiments": {"a": {"status": "paused"}}}"#, "must be one of 'running', 'stopped', 'resolved'; found \"paused\""),
        (#"{"sequence": 1, "experiments": {"a": {"status": "resolved"}}}"#, "'experiments.a.winner': is missing; status 'resolved' needs a winner"),
        (#"{"sequence": 1, "experiments": {"a": {"winner": "b"}}}"#, "'experiments.a.winner': is allowed with status 'resolved' only"),
        (#"{"sequence": 1, "experiments": {"a": {"status": "stopped", "winner": "b"}}}"#, "is allowed with status 'resolved' only"),
        (#"{"sequence": 1, "experiments": {"a": {"traffic": 0}}}"#, "must be more than 0 and at most 100; found the number 0"),
        (#"{"sequence": 1, "experiments": {"a": {"traffic": 100.5}}}"#, "must be more than 0 and at most 100; found the number 100.5"),
        (#"{"sequence": 1, "experiments": {"a": {"traffic": true}}}"#, "must be a number of percent, more than 0 and at most 100; found true"),
        (#"{"sequence": 1, "experiments": {"a": {"traffic": 12.345}}}"#, "is finer than 0.01 percent"),
        (#"{"sequence": 1, "experiments": {"a": {"force": {"": "b"}}}}"#, "'experiments.a.force': a unit id must not be empty"),
        (#"{"sequence": 1, "experiments": {"a": {"force": {"u": 3}}}}"#, "'experiments.a.force.u': must be a group name"),
        (#"{"sequence": 1, "experiments": {"a": {"colour": "red"}}}"#, "'experiments.a.colour': is not a field of an entry"),
    ])
    func aMalformedPayloadIsRejectedAsAWhole(text: String, phrase: String) {
        do {
            let control = try decode(text)
            Issue.record("decoded \(control)")
        } catch {
            guard case .malformedPayload(let detail) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(detail.contains(phrase), "\(detail)")
        }
    }

    @Test(arguments: [
        (#"{"format": 1}"#, ControlDocumentError.badBase64(field: "payload")),
        (#"{"format": 1, "payload": "e30=", "signature": 5}"#, .badBase64(field: "signature")),
        (#"{"format": 1, "payload": "*"}"#, .badBase64(field: "payload")),
        (#"{"format": true, "payload": "e30="}"#, .unsupportedFormat(found: "true")),
        (#"{"format": "1", "payload": "e30="}"#, .unsupportedFormat(found: "'1'")),
        (#"{"payload": "e30="}"#, .unsupportedFormat(found: "(missing)")),
        (#"{"format": 1, "payload": "e30=", "key": "x"}"#, .notAnEnvelope(detail: "unknown field 'key'")),
        (#"[1]"#, .notAnEnvelope(detail: "not a JSON object")),
        (#"{"format": 1,"#, .notAnEnvelope(detail: "not JSON")),
    ])
    func aMalformedEnvelopeIsRejected(text: String, error: ControlDocumentError) {
        #expect(throws: error) { try ControlEnvelope(data: Data(text.utf8)) }
    }

    @Test func anEnvelopeRoundTrips() throws {
        let envelope = ControlEnvelope(payload: Data("{}".utf8), signature: Data([1, 2, 3]))
        #expect(try ControlEnvelope(data: envelope.data) == envelope)
        let unsigned = ControlEnvelope(payload: Data("{}".utf8), signature: nil)
        #expect(try ControlEnvelope(data: unsigned.data) == unsigned)
    }
}
