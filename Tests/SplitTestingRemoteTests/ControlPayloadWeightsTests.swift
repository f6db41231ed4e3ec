import Foundation
@_spi(Generated) @_spi(Tools) @testable import SplitTesting
@_spi(Tools) import SplitTestingRemote
import Testing

/// A bandit's entry in a payload: `weights` and `period`, read, written, and what rejects the
/// document rather than only the entry.
@Suite struct ControlPayloadWeightsTests {
    @Test func weightsAndPeriodAreReadAndWrittenBack() throws {
        let text = #"{"sequence": 12, "experiments": {"onboarding_copy": {"weights": {"short": 12.5, "story": 0.01, "video": 87.49}, "period": 3}}}"#
        let control = try SplitTestControl(payloadJSON: Data(text.utf8))
        #expect(control.experiments["onboarding_copy"] == .init(weights: ["short": 12.5, "story": 0.01, "video": 87.49], period: 3))
        let written = String(decoding: control.payloadJSON(), as: UTF8.self)
        #expect(written == #"{"experiments":{"onboarding_copy":{"period":3,"weights":{"short":12.5,"story":0.01,"video":87.49}}},"sequence":12}"#)
        #expect(try SplitTestControl(payloadJSON: control.payloadJSON()) == control)
    }

    @Test func weightsThatOnlyTheirEntryRejectsAreRead() throws {
        // Negative, finer than 0.01, not summing to 100, naming another group: the document reads,
        // and applying the entry is what rejects it (so the rest of the document still applies).
        let text = #"{"sequence": 1, "experiments": {"a": {"weights": {"x": -5, "y": 33.333, "nobody": 1e2}, "period": 1}}}"#
        let control = try SplitTestControl(payloadJSON: Data(text.utf8))
        #expect(control.experiments["a"]?.weights == ["x": -5, "y": 33.333, "nobody": 100])
        let written = String(decoding: control.payloadJSON(), as: UTF8.self)
        #expect(written.contains(#""weights":{"nobody":100,"x":-5,"y":33.333}"#), "\(written)")
    }

    @Test(arguments: [
        (#"{"weights": [50, 50]}"#, "experiments.a.weights", "must be an object of group names to percentages; found an array"),
        (#"{"weights": {"x": "50"}}"#, "experiments.a.weights.x", "must be a finite number of percent; found \"50\""),
        (#"{"weights": {"x": null}}"#, "experiments.a.weights.x", "must be a finite number of percent; found null"),
        (#"{"weights": {"x": 1e999}}"#, "experiments.a.weights.x", "must be a finite number of percent; found the number 1e999"),
        (#"{"period": 0}"#, "experiments.a.period", "must be a positive integer; found 0"),
        (#"{"period": 1.5}"#, "experiments.a.period", "must be a positive integer, written without sign, fraction or exponent; found the number 1.5"),
        (#"{"period": "2"}"#, "experiments.a.period", "must be a positive integer; found a string"),
        (#"{"weigths": {"x": 100}}"#, "experiments.a.weigths", "is not a field of an entry (known: 'status', 'winner', 'traffic', 'force', 'weights', 'period', 'schedule')"),
    ])
    func malformedWeightsOrPeriodRejectTheDocument(entry: String, field: String, reason: String) {
        let text = #"{"sequence": 1, "experiments": {"a": "# + entry + "}}"
        do {
            _ = try SplitTestControl(payloadJSON: Data(text.utf8))
            Issue.record("\(entry) was read")
        } catch {
            #expect(error.field == field)
            #expect(error.reason == reason)
        }
    }
}
