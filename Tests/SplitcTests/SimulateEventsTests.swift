import Foundation
@_spi(Tools) import SplitTesting
import Testing

/// `splitc simulate --events`: the events an app would send for the simulated units, in the
/// runtime's own format, ready for `splitc analyze`.
@Suite struct SimulateEventsTests {
    private static func lines(_ folder: TemporaryFolder, _ path: String) throws -> [[String: Any]] {
        try String(decoding: folder.read(path), as: UTF8.self).split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test func everyEnrolledUnitIsExposedAndConvertsAtItsGroupsRate() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/button_color.yaml", Definitions.buttonColor)
        let outcome = try folder.splitc(
            "simulate", "--units", "20000", "--events", "events.jsonl", "--goal", "purchase",
            "--rate", "blue=0.3", "--rate", "red=0.1")
        #expect(outcome.status == 0, "\(outcome.stderr)")

        let events = try Self.lines(folder, "events.jsonl")
        let exposures = events.filter { $0["event"] as? String == TrackingEvent.exposureIdentifier }
        let goals = events.filter { $0["event"] as? String == TrackingEvent.goalIdentifier }
        #expect(exposures.count == 20_000)
        #expect(outcome.stderr.contains("wrote \(events.count) events to events.jsonl"), "\(outcome.stderr)")
        let groupOfUnit = Dictionary(uniqueKeysWithValues: exposures.compactMap { line -> (String, String)? in
            let properties = line["properties"] as? [String: Any]
            guard let unit = properties?["unit"] as? String, let group = properties?["group"] as? String else { return nil }
            return (unit, group)
        })
        var conversions: [String: Int] = [:]
        for goal in goals {
            let properties = try #require(goal["properties"] as? [String: Any])
            #expect(properties["goal"] as? String == "purchase")
            let device = try #require(properties["device"] as? String)
            let group = try #require(groupOfUnit[device])
            #expect(properties["split_test-button_color"] as? String == group)
            conversions[group, default: 0] += 1
        }
        let units = Dictionary(grouping: groupOfUnit.values, by: { $0 }).mapValues(\.count)
        #expect(conversions["dark_gray"] == nil, "a group without a rate never converts")
        // 0.3 and 0.1 of about 6,667 units each: within 4 standard errors.
        for (group, rate) in [("blue", 0.3), ("red", 0.1)] {
            let n = Double(try #require(units[group]))
            let observed = Double(conversions[group] ?? 0) / n
            #expect(abs(observed - rate) < 4 * (rate * (1 - rate) / n).squareRoot(), "\(group): \(observed)")
        }

        // The readout reads the file at once, with the weights of experiments/.
        let analyze = try folder.splitc("analyze", "events.jsonl", "--format", "json")
        #expect(analyze.status == 0, "\(analyze.stderr)")
        let readout = try #require(try analyze.json() as? [[String: Any]])
        let experiment = try #require(readout.first)
        #expect(experiment["units"] as? Int == 20_000)
        let srm = try #require(experiment["srm"] as? [String: Any])
        #expect(srm["weights_from_definitions"] as? Bool == true)
        #expect(srm["flagged"] as? Bool == false)
    }

    @Test func theLinesAreTheOnesTheRuntimesProviderWrites() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/button_color.yaml", Definitions.buttonColor)
        let outcome = try folder.splitc(
            "simulate", "--units", "1", "--events", "events.jsonl", "--goal", "purchase", "--rate", "red=1",
            "--rate", "blue=1", "--rate", "dark_gray=1")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let written = String(decoding: try folder.read("events.jsonl"), as: UTF8.self)

        let groups = written.split(separator: "\n").count
        #expect(groups == 2, "one exposure and one goal:\n\(written)")
        let exposure = try #require(try Self.lines(folder, "events.jsonl").first)
        let group = try #require((exposure["properties"] as? [String: Any])?["group"] as? String)
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        let expected = folder.url.appendingPathComponent("expected.jsonl")
        let provider = JSONLinesTrackingProvider(fileURL: expected)
        provider.track(.exposure(experiment: "button_color", group: group, unit: "unit-0", date: start))
        provider.track(
            .goal(
                "purchase", value: nil, device: "unit-0", user: nil, groups: ["button_color": group],
                date: start.addingTimeInterval(60)))
        provider.flush()
        #expect(written == String(decoding: try Data(contentsOf: expected), as: UTF8.self))
    }

    @Test func badRatesAreRefusedBeforeAnythingIsWritten() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/button_color.yaml", Definitions.buttonColor)
        let unknown = try folder.splitc("simulate", "--units", "10", "--events", "e.jsonl", "--goal", "g", "--rate", "green=0.1")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("--rate names group 'green', which no experiment has"), "\(unknown.stderr)")
        #expect(!folder.exists("e.jsonl"))
        let range = try folder.splitc("simulate", "--units", "10", "--events", "e.jsonl", "--goal", "g", "--rate", "red=1.5")
        #expect(range.status != 0)
        #expect(range.stderr.contains("RATE from 0 to 1"), "\(range.stderr)")
        let noGoal = try folder.splitc("simulate", "--units", "10", "--events", "e.jsonl", "--rate", "red=0.5")
        #expect(noGoal.status != 0)
        #expect(noGoal.stderr.contains("--rate needs --goal NAME"), "\(noGoal.stderr)")
    }
}
