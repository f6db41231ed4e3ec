import Foundation
import SplitTestAnalysis
@_spi(Tools) import SplitTestServiceBodies
@_spi(Tools) import SplitTesting
import Testing

/// The body of `POST /v1/events`: every event one the readout can read, or none stored.
@Suite struct EventBatchTests {
    static let exposure =
        #"{"date":"2026-03-01T12:00:00Z","event":"split_test_exposure","properties":{"experiment":"checkout_button","group":"blue","unit":"d1"}}"#
    static let goal =
        #"{"date":"2026-03-01T12:00:05Z","event":"split_test_goal","properties":{"device":"d1","goal":"purchase","split_test-checkout_button":"blue","value":3.99},"user":"u1"}"#

    @Test func keepsEachEventAsTheRuntimeWritesItsLine() throws {
        // Names in another order, spaces, an escaped slash: the line is the runtime's form.
        let body = """
            [ \(Self.exposure),
              {"user": "u1", "properties": {"value": 3.99, "goal": "purchase", "split_test-checkout_button": "blue", "device": "d1"},
               "event": "split_test_goal", "date": "2026-03-01T12:00:05Z"},
              {"date":"2026-03-01T12:00:06Z","event":"split_test_goal","properties":{"device":"d\\/1","goal":"a\\u0001b"}} ]
            """
        let batch = try EventBatch(body: Array(body.utf8))
        #expect(batch.lines == [
            Self.exposure, Self.goal,
            #"{"date":"2026-03-01T12:00:06Z","event":"split_test_goal","properties":{"device":"d/1","goal":"a\u0001b"}}"#,
        ])
        for line in batch.lines {
            guard case .success = JSONLineParser.parse(line) else {
                Issue.record("the readout cannot read \(line)")
                continue
            }
        }
        #expect(try EventBatch(body: Array("[]".utf8)).lines == [])
    }

    @Test func namesEachInvalidEventAndWhy() {
        let body = """
            [\(Self.exposure), {"date":"2026-03-01T12:00:00Z","event":"split_test_exposure","properties":{"group":"blue","unit":"d3"}},
             {"event":"split_test_goal","properties":{"goal":"x","device":"d"}}, 5, {"date":"2026-03-01T12:00:00Z","event":"page_view","properties":{}},
             {"date":"2026-03-01T12:00:00Z","event":"split_test_goal","properties":{"goal":"x","device":"d"},"user":{}},
             {"date":"2026-03-01T12:00:00Z","event":"split_test_goal","properties":{"goal":"x","device":"d","value":1e400}}]
            """
        do {
            _ = try EventBatch(body: Array(body.utf8))
            Issue.record("an array with invalid events was accepted")
        } catch {
            #expect(error.invalidEvents.map(\.index) == [1, 2, 3, 4, 5, 6])
            #expect(error.detail.hasPrefix("6 of 7 events are invalid and none was stored: [1]: split_test_exposure without \"experiment\" in its properties; [2]: no \"date\""), "\(error.detail)")
            #expect(error.detail.contains("; [3]: an event is a JSON object, not a number; [4]: unknown event 'page_view' (known: split_test_exposure, split_test_goal, split_test_holdout); [5]: \"user\" must be the signed-in user's id, a string, not an object; [6]: \"value\" must be a finite number"), "\(error.detail)")
        }
    }

    @Test func refusesDatesOutside1970To2100ByIndex() {
        let body = """
            [\(Self.exposure), {"date":1e300,"event":"split_test_goal","properties":{"goal":"x","device":"d"}},
             {"date":"1969-12-31T23:59:59Z","event":"split_test_goal","properties":{"goal":"x","device":"d"}},
             {"date":"2101-01-01T00:00:00Z","event":"split_test_goal","properties":{"goal":"x","device":"d"}},
             {"date":"2100-12-31T23:59:59Z","event":"split_test_goal","properties":{"goal":"x","device":"d"}}]
            """
        do {
            _ = try EventBatch(body: Array(body.utf8))
            Issue.record("an array with dates outside 1970 to 2100 was accepted")
        } catch {
            #expect(error.invalidEvents.map(\.index) == [1, 2, 3])
            #expect(error.detail == """
                3 of 5 events are invalid and none was stored: [1]: "date" 1e300 is outside the years 1970 to 2100; \
                [2]: "date" 1969-12-31T23:59:59Z is outside the years 1970 to 2100; \
                [3]: "date" 2101-01-01T00:00:00Z is outside the years 1970 to 2100
                """)
        }
    }

    @Test func namesTwentyAndCountsTheRest() {
        let body = "[" + Array(repeating: "1", count: 10_000).joined(separator: ",") + "]"
        #expect(throws: RequestProblem.self) { try EventBatch(body: Array(body.utf8)) }
        do {
            _ = try EventBatch(body: Array(body.utf8))
        } catch {
            #expect(error.invalidEvents.count == 10_000)
            #expect(error.detail.hasSuffix("[19]: an event is a JSON object, not a number; and 9980 more"), "\(error.detail.suffix(80))")
        }
    }

    @Test(arguments: [
        ("", "the body is not valid JSON: expected a value; found the end of the document at character 1"),
        ("{}", "the body must be a JSON array of events, each as JSONLinesTrackingProvider writes it"),
        ("[1,]", "the body is not valid JSON: expected a value; found ']' at character 4"),
    ])
    func rejectsABodyThatIsNotAnArray(body: String, detail: String) {
        #expect(throws: RequestProblem(detail)) { try EventBatch(body: Array(body.utf8)) }
    }

    /// The events the fuzzer reads its bodies against, as `EventBatchFuzzer` declares them.
    static let declared = EventBatch.DeclaredEvents([
        SplitTestEventDeclaration(name: "purchase", properties: [
            .init(name: "revenue", type: .double), .init(name: "currency", type: .values(["usd", "eur", "gbp"])),
            .init(name: "is_first", type: .bool),
        ]),
        SplitTestEventDeclaration(name: "screen_loaded", properties: [
            .init(name: "milliseconds", type: .int), .init(name: "screen", type: .string),
        ]),
        SplitTestEventDeclaration(name: "checkout_started", properties: []),
    ])

    static let purchase =
        #"{"date":"2026-03-01T12:00:07Z","event":"purchase","properties":{"currency":"usd","device":"d1","is_first":true,"revenue":3.99,"split_test-checkout_button":"blue","user":"u1"},"user":"u1"}"#

    @Test func keepsDeclaredEventsWithTheirDeclaredTypes() throws {
        let body = """
            [\(Self.purchase),
             {"date":"2026-03-01T12:00:08Z","event":"screen_loaded","properties":{"milliseconds":420,"screen":"home","device":"d1"}},
             {"date":"2026-03-01T12:00:09Z","event":"screen_loaded","properties":{"milliseconds":4.2e2,"screen":"","user":"u1"}},
             {"date":"2026-03-01T12:00:10Z","event":"checkout_started","properties":{},"user":"u1"},
             \(Self.exposure)]
            """
        let batch = try EventBatch(body: Array(body.utf8), events: Self.declared)
        #expect(batch.lines == [
            Self.purchase,
            #"{"date":"2026-03-01T12:00:08Z","event":"screen_loaded","properties":{"device":"d1","milliseconds":420,"screen":"home"}}"#,
            #"{"date":"2026-03-01T12:00:09Z","event":"screen_loaded","properties":{"milliseconds":4.2e2,"screen":"","user":"u1"}}"#,
            #"{"date":"2026-03-01T12:00:10Z","event":"checkout_started","properties":{},"user":"u1"}"#,
            Self.exposure,
        ])
        for line in batch.lines {
            guard case .success = JSONLineParser.parse(line) else {
                Issue.record("the readout cannot read \(line)")
                continue
            }
        }
    }

    /// An event the definitions do not declare is refused by name, and a declared one with a
    /// property missing, undeclared or of another type is refused with what to change.
    @Test func refusesUndeclaredEventsAndPropertiesOfAnotherType() {
        let date = #""date":"2026-03-01T12:00:00Z""#
        let events = [
            #"{\#(date),"event":"purchse","properties":{"device":"d"}}"#,
            #"{\#(date),"event":"purchase","properties":{"revenue":"3.99","currency":"usd","is_first":true,"device":"d"}}"#,
            #"{\#(date),"event":"purchase","properties":{"revenue":3.99,"currency":"jpy","is_first":true,"device":"d"}}"#,
            #"{\#(date),"event":"purchase","properties":{"revenue":3.99,"is_first":true,"device":"d"}}"#,
            #"{\#(date),"event":"purchase","properties":{"revenue":3.99,"currency":"usd","is_first":1,"device":"d","coupon":"x"}}"#,
            #"{\#(date),"event":"screen_loaded","properties":{"milliseconds":4.5,"screen":"home","device":"d"}}"#,
            #"{\#(date),"event":"screen_loaded","properties":{"milliseconds":1,"screen":"home"}}"#,
            #"{\#(date),"event":"checkout_started","properties":{"device":"d","value":1}}"#,
            #"{\#(date),"event":"checkout_started","properties":{"device":7}}"#,
        ]
        do {
            _ = try EventBatch(body: Array(("[" + events.joined(separator: ",") + "]").utf8), events: Self.declared)
            Issue.record("an array with invalid events was accepted")
        } catch {
            #expect(error.invalidEvents.map(\.reason) == [
                "unknown event 'purchse' (known: split_test_exposure, split_test_goal, split_test_holdout, purchase, screen_loaded, checkout_started); did you mean 'purchase'?",
                "\"revenue\" of purchase must be a finite number",
                "\"currency\" of purchase must be one of usd, eur, gbp",
                "purchase without \"currency\" in its properties",
                "\"is_first\" of purchase must be true or false, not a number",
                "\"milliseconds\" of screen_loaded must be a whole number within ±9007199254740991",
                "screen_loaded without \"device\" or \"user\" in its properties, or \"user\" beside them",
                "checkout_started has no property 'value' (it declares none)",
                "\"device\" must be a string",
            ])
        }
        do {
            _ = try EventBatch(body: Array(("[" + #"{\#(date),"event":"purchase","properties":{"revenue":1,"currency":"usd","is_first":true,"coupon":"x","device":"d"}}"# + "]").utf8), events: Self.declared)
            Issue.record("an undeclared property was accepted")
        } catch {
            #expect(error.invalidEvents.map(\.reason) == [
                "purchase has no property 'coupon' (declared: revenue, currency, is_first)",
            ])
        }
        #expect(throws: RequestProblem.self, "without the declarations, a declared event is unknown") {
            try EventBatch(body: Array("[\(Self.purchase)]".utf8))
        }
    }

    /// The fuzzer's seeds: a batch whose lines the readout reads, or a problem with a detail.
    @Test func theFuzzSeedsGiveLinesTheReadoutReadsOrAProblem() throws {
        let seeds = try FuzzSeeds.files(in: "event-batches")
        #expect(seeds.count >= 8)
        for (name, bytes) in seeds {
            do {
                let batch = try EventBatch(body: bytes, events: Self.declared)
                #expect(name.hasPrefix("valid-"), "\(name) is read")
                for line in batch.lines {
                    if case .failure(let problem) = JSONLineParser.parse(line) { Issue.record("\(name): \(problem)") }
                }
            } catch {
                #expect(name.hasPrefix("invalid-"), "\(name): \(error.detail)")
                #expect(!error.detail.isEmpty)
            }
        }
    }
}
