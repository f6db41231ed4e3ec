import Foundation
import SplitTestFormats
import Testing
@testable import SplitTesting

/// The event-line codec: its lines are the bytes Foundation's `JSONEncoder` wrote for them, its
/// reader reads back every property it writes, and no input, however cut or nested, traps it.
@Suite struct EventLineCodecTests {
    /// A line as the provider encoded it before it had a codec of its own.
    private struct FoundationLine: Encodable {
        struct Value: Encodable {
            let value: EventLine.Value
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                switch value {
                case .string(let text): try container.encode(text)
                case .int(let number): try container.encode(number)
                case .double(let number): try container.encode(number)
                case .bool(let flag): try container.encode(flag)
                }
            }
        }
        let date: Date
        let event: String
        let properties: [String: Value]
        let user: String?
    }

    private static func foundationBytes(date: Double, event: String, properties: [String: EventLine.Value], user: String?) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let line = FoundationLine(
            date: Date(timeIntervalSince1970: date), event: event, properties: properties.mapValues(FoundationLine.Value.init),
            user: user)
        return Array(try encoder.encode(line))
    }

    static let awkwardStrings = [
        "", "plain", "a/b", "quote \" backslash \\", "\u{0}\u{1}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1B}\u{1F}\u{7F}",
        "ключ 🗻 é \u{2028}\u{FEFF}", "split_test-button_color", "}{][,:",
    ]
    static let doubles: [Double] = [
        0, -0.0, 1, 3.99, 0.1, 1.0 / 3, 100, 1e15, 1e16, 1e20, 1e21, 1e-7, 5e-324, .greatestFiniteMagnitude,
        -2.5, 123_456_789.125, .infinity, -.infinity, .nan,
    ]
    static let dates: [Double] = [0, 1_772_366_400, 1_772_366_400.999, -1.5, 951_782_400, 4_102_444_799.5, 1_000_000_000_000]

    @Test func linesAreTheBytesFoundationWrote() throws {
        var cases: [(Double, String, [String: EventLine.Value], String?)] = []
        for (index, text) in Self.awkwardStrings.enumerated() {
            cases.append((Self.dates[index % Self.dates.count], text, [text: .string(text), "k": .string(text)], index % 2 == 0 ? nil : text))
        }
        for (index, number) in Self.doubles.enumerated() {
            cases.append((Self.dates[index % Self.dates.count], "split_test_goal", ["value": .double(number), "goal": .string("buy")], "u"))
        }
        for number in [0, 1, -1, Int.max, Int.min, 42] {
            cases.append((0, "e", ["n": .int(number), "t": .bool(true), "f": .bool(false)], nil))
        }
        cases.append((1_772_366_400, "split_test_exposure", [:], nil))
        for (date, event, properties, user) in cases {
            let expected = try Self.foundationBytes(date: date, event: event, properties: properties, user: user)
            let written = EventLine.encode(date: date, event: event, properties: properties, user: user)
            #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        }
    }

    private static func decode(_ bytes: [UInt8]) -> Result<EventLine.Fields, EventLine.Problem> {
        bytes.withUnsafeBufferPointer { EventLine.decode($0) }
    }

    @Test func whatIsWrittenIsReadBackPropertyForProperty() throws {
        typealias P = EventVocabulary.Property
        for text in Self.awkwardStrings {
            let properties: [String: EventLine.Value] = [
                P.experiment: .string(text), P.group: .string(text + "g"), P.unit: .string(text + "u"),
                P.goal: .string(text + "o"), P.device: .string(text + "d"), P.user: .string(text + "s"),
                P.holdout: .string(text + "h"), P.period: .int(7), P.value: .double(2.5),
                P.groupPrefix + "x": .string(text), P.factorPrefix + "f": .string(text), "extra": .bool(true),
            ]
            let fields = try Self.decode(
                EventLine.encode(date: 1_772_366_400, event: text, properties: properties, user: "line user")
            ).get()
            #expect(fields.event == text)
            #expect(fields.date == 1_772_366_400)
            #expect(fields.experiment == text && fields.group == text + "g" && fields.unit == text + "u")
            #expect(fields.goal == text + "o" && fields.device == text + "d" && fields.user == text + "s")
            #expect(fields.holdout == text + "h" && fields.period == 7 && fields.value == 2.5)
            #expect(!fields.valueIsInvalid && !fields.periodIsInvalid)
        }
        // The line's user stands in for a goal's missing property.
        let lineUser = try Self.decode(EventLine.encode(date: 0, event: "e", properties: [:], user: "u-1")).get()
        #expect(lineUser.user == "u-1")
        for number in Self.doubles {
            let fields = try Self.decode(EventLine.encode(date: 0, event: "e", properties: [P.value: .double(number)], user: nil)).get()
            if number.isFinite {
                #expect(fields.value == number && !fields.valueIsInvalid, "\(number)")
            } else {
                #expect(fields.value == nil && fields.valueIsInvalid, "\(number)")
            }
        }
        for number in [Int.max, Int.min, 0, 12] {
            let fields = try Self.decode(EventLine.encode(date: 0, event: "e", properties: [P.value: .int(number)], user: nil)).get()
            #expect(fields.value == Double(number))
        }
        // The reader reads every date from 1970 to 2100.
        for date in Self.dates where EventDate.eventRange.contains(date) {
            let fields = try Self.decode(EventLine.encode(date: date, event: "e", properties: [:], user: nil)).get()
            #expect(fields.date == date.rounded(.down), "\(date)")
        }
    }

    @Test func datesOutside1970To2100AreRefusedWithTheDateGiven() throws {
        let refused: [(date: String, shown: String)] = [
            (#""1969-12-31T23:59:59Z""#, "1969-12-31T23:59:59Z"), (#""2101-01-01T00:00:00Z""#, "2101-01-01T00:00:00Z"),
            (#""0001-01-01T00:00:00Z""#, "0001-01-01T00:00:00Z"),
            ("1e300", "1e300"), ("-1", "-1"), ("1e400", "1e400"), ("4133980800", "4133980800"),
        ]
        for (date, shown) in refused {
            let line = #"{"date":\#(date),"event":"split_test_goal","properties":{"goal":"g","device":"d"}}"#
            switch Self.decode(Array(line.utf8)) {
            case .failure(.missingField(let reason)):
                #expect(reason == #""date" \#(shown) is outside the years 1970 to 2100"#)
            case let other:
                Issue.record("\(date): \(other)")
            }
        }
        let accepted: [(date: String, seconds: Double)] = [
            (#""1970-01-01T00:00:00Z""#, 0), (#""2100-12-31T23:59:59Z""#, 4_133_980_799),
            (#""1970-01-01T00:30:00-01:00""#, 5_400), ("0", 0), ("4133980799.5", 4_133_980_799.5),
            // A date written as text is judged by the year it is written in, as the service's
            // contract says it (a pattern), though its offset moves it into 2101 in UTC.
            (#""2100-12-31T23:30:00-01:00""#, 4_133_982_600),
        ]
        for (date, seconds) in accepted {
            let line = #"{"date":\#(date),"event":"e","properties":{}}"#
            #expect((try? Self.decode(Array(line.utf8)).get())?.date == seconds, "\(date)")
        }
    }

    @Test func everyPrefixOfALineIsRejectedWithoutTrapping() throws {
        let line = EventLine.encode(
            date: 1_772_366_400, event: "split_test_goal",
            properties: ["goal": .string("buy"), "value": .double(3.99), "device": .string("d\"\\\u{1}🗻"), "nested": .string("[{\"a\":1}]")],
            user: "u")
        #expect((try? Self.decode(line).get()) != nil)
        for length in 0..<line.count {
            #expect((try? Self.decode(Array(line[..<length])).get()) == nil, "a line cut at byte \(length) must be rejected")
        }
    }

    @Test func deepNestingIsSkippedOrRejectedWithoutTrapping() throws {
        let head = #"{"date":"2026-03-01T12:00:00Z","event":"e","properties":{"other":"#
        for depth in [1, 63, 64, 65, 200, 100_000] {
            let balanced = head + String(repeating: "[{\"a\":", count: depth) + "1" + String(repeating: "}]", count: depth) + "}}"
            #expect((try? Self.decode(Array(balanced.utf8)).get())?.event == "e", "depth \(depth)")
            let open = head + String(repeating: "[", count: depth)
            #expect((try? Self.decode(Array(open.utf8)).get()) == nil)
            let mismatched = head + String(repeating: "[", count: depth) + String(repeating: "}", count: depth) + "}}"
            #expect((try? Self.decode(Array(mismatched.utf8)).get()) == nil)
        }
    }

    @Test func hostileLinesAreProblemsNeverTraps() {
        let lines = [
            "", " ", "{", "}", "[]", "null", "\"x\"", "{\"date\":", "{\"date\":\"2026-03-01T12:00:00Z\",\"event\":\"e\"",
            "{\"event\":\"e\",\"date\":0}x", "{\"event\":\"\\ud800\",\"date\":0}", "{\"event\":\"\\u12\",\"date\":0}",
            "{\"event\":\"e\",\"date\":01}", "{\"event\":\"e\",\"date\":-}", "{\"event\":\"e\",\"date\":1.}",
            "{\"event\":\"e\",\"date\":tru}", "{\"event\":\"e\" \"date\":0}", "{\"event\":\"e\",,\"date\":0}",
            "{\"event\":\"\u{1}\",\"date\":0}", "{\"event\":\"e\",\"date\":0,}", "{\"event\":\"e\",\"date\":0,\"p\":[1,]}",
        ]
        for line in lines {
            #expect((try? Self.decode(Array(line.utf8)).get()) == nil, "\(line)")
        }
        // Bytes that are not UTF-8 become U+FFFD rather than a failure, as they always have.
        let invalid: [UInt8] = Array("{\"event\":\"".utf8) + [0xFF] + Array("\",\"date\":0}".utf8)
        #expect((try? Self.decode(invalid).get())?.event == "\u{FFFD}")
    }
}
