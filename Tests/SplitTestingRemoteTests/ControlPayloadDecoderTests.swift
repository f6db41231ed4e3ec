import Foundation
import SplitTesting
@testable import SplitTestingRemote
import Testing

@Suite("Decoding a control document's payload")
struct ControlPayloadDecoderTests {
    func decode(_ text: String) throws(ControlDocumentError) -> SplitTestControl {
        try ControlPayloadDecoder.decode(Data(text.utf8))
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
            "button_color": .init(status: .resolved, winner: "blue"),
            "profile_redesign": .init(status: .stopped),
            "feed_prefetch": .init(status: .running, trafficBuckets: 2_000),
            "fine_ramp": .init(trafficBuckets: 1),
            "projection_banner": .init(status: .running, force: ["user-42": "show_notification"]),
        ]))
    }

    @Test(arguments: [
        (#"[]"#, "not a JSON object"),
        (#"{"experiments": {}}"#, "'sequence' is missing"),
        (#"{"sequence": 0, "experiments": {}}"#, "not a positive integer"),
        (#"{"sequence": 1.5, "experiments": {}}"#, "not a positive integer"),
        (#"{"sequence": true, "experiments": {}}"#, "not a positive integer"),
        (#"{"sequence": "7", "experiments": {}}"#, "not a positive integer"),
        (#"{"sequence": 1}"#, "'experiments' is missing"),
        (#"{"sequence": 1, "experiments": {}, "extra": 1}"#, "unknown field 'extra'"),
        (#"{"sequence": 1, "generated": 5, "experiments": {}}"#, "'generated' is not a string"),
        (#"{"sequence": 1, "experiments": {"a": 1}}"#, "experiment 'a': the entry is not an object"),
        (#"{"sequence": 1, "experiments": {"a": {"status": "paused"}}}"#, "not running, stopped or resolved"),
        (#"{"sequence": 1, "experiments": {"a": {"status": "resolved"}}}"#, "status resolved without a winner"),
        (#"{"sequence": 1, "experiments": {"a": {"winner": "b"}}}"#, "winner 'b' without status resolved"),
        (#"{"sequence": 1, "experiments": {"a": {"status": "stopped", "winner": "b"}}}"#, "without status resolved"),
        (#"{"sequence": 1, "experiments": {"a": {"traffic": 0}}}"#, "not a percentage in (0, 100]"),
        (#"{"sequence": 1, "experiments": {"a": {"traffic": 100.5}}}"#, "not a percentage in (0, 100]"),
        (#"{"sequence": 1, "experiments": {"a": {"traffic": true}}}"#, "not a percentage in (0, 100]"),
        (#"{"sequence": 1, "experiments": {"a": {"traffic": 12.345}}}"#, "not in steps of 0.01"),
        (#"{"sequence": 1, "experiments": {"a": {"force": {"": "b"}}}}"#, "'force' has an empty unit id"),
        (#"{"sequence": 1, "experiments": {"a": {"force": {"u": 3}}}}"#, "'force' of unit 'u' is not a group name"),
        (#"{"sequence": 1, "experiments": {"a": {"colour": "red"}}}"#, "unknown field 'colour'"),
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
