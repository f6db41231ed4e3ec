import Foundation
import SplitTestFormats
import Testing
@_spi(Generated) @_spi(Tools) @testable import SplitTesting
import SplitTestingTestSupport

/// The tracking client and each shipped provider.
@Suite struct TrackingProviderTests {
    @Test func clientFansEveryCallOutToEveryProvider() {
        let first = RecordingTrackingProvider()
        let second = RecordingTrackingProvider()
        let service = SplitTestingService(configuration: .init(
            store: InMemoryAssignmentStore(),
            deviceID: "device-1", tracking: TrackingClient(providers: [first, second])))
        service.associate(user: "user-1")
        service.fetchSplitTest(ButtonColorSplitTest.self).hitSplitTest()
        service.dissociate()
        for recorder in [first, second] {
            #expect(recorder.calls.count == 4)
            #expect(recorder.calls.first == .setup)
            #expect(recorder.calls[1] == .associate(user: "user-1"))
            #expect(recorder.events.map(\.identifier) == [TrackingEvent.exposureIdentifier])
            #expect(recorder.calls.last == .dissociate)
        }
    }

    /// A provider that writes only `track(_:)`: the client's other calls reach the protocol's
    /// defaults, which do nothing, and every event still arrives.
    struct TrackOnlyProvider: TrackingProvider {
        let events = Locked<[String]>([])
        func track(_ event: TrackingEvent) { events.withLock { $0.append(event.identifier) } }
    }

    @Test func aProviderNeedsOnlyTrack() {
        let provider = TrackOnlyProvider()
        let service = SplitTestingService(configuration: .init(
            store: InMemoryAssignmentStore(),
            deviceID: "device-1", tracking: TrackingClient(providers: [provider])))
        service.associate(user: "user-1")
        service.fetchSplitTest(ButtonColorSplitTest.self).hitSplitTest()
        service.trackGoal("purchase")
        service.dissociate()
        provider.setup()
        provider.associate(user: "user-2")
        provider.dissociate()
        #expect(provider.events.withLock { $0 } == [TrackingEvent.exposureIdentifier, TrackingEvent.goalIdentifier])
    }

    @Test func jsonLinesProviderWritesOneParsableObjectPerLine() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let url = folder.url.appendingPathComponent("logs/events.jsonl")
        let provider = JSONLinesTrackingProvider(fileURL: url)
        let service = SplitTestingService(configuration: .init(
            store: InMemoryAssignmentStore(),
            deviceID: "device-1", tracking: TrackingClient(providers: [provider])))
        service.fetchSplitTest(ButtonColorSplitTest.self).hitSplitTest()
        service.associate(user: "user-ø")
        service.trackGoal("purchase", value: 3.99)
        provider.track(TrackingEvent("odd", properties: ["nan": .double(.nan), "flag": true, "count": 7]))
        provider.flush()

        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3)
        let objects = try lines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(objects.map { $0["event"] as? String } == ["split_test_exposure", "split_test_goal", "odd"])
        let exposure = try #require(objects[0]["properties"] as? [String: Any])
        #expect(exposure["experiment"] as? String == "button_color")
        #expect(exposure["unit"] as? String == "device-1")
        #expect(objects[0]["user"] == nil)
        #expect(objects[1]["user"] as? String == "user-ø")
        let goal = try #require(objects[1]["properties"] as? [String: Any])
        #expect(goal["value"] as? Double == 3.99)
        #expect(goal["device"] as? String == "device-1")
        #expect(goal["user"] as? String == "user-ø")
        let odd = try #require(objects[2]["properties"] as? [String: Any])
        #expect(odd["nan"] as? String == "nan")
        #expect(odd["flag"] as? Bool == true)
        #expect(odd["count"] as? Int == 7)
        #expect(objects.allSatisfy { $0["date"] is String })
    }

    @Test func jsonLinesReadBackIntoTypedValues() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let url = folder.url.appendingPathComponent("events.jsonl")
        let provider = JSONLinesTrackingProvider(fileURL: url)
        let properties: [String: TrackingValue] = ["text": "ключ 🗻", "count": 3, "ratio": 0.25, "flag": false]
        provider.track(TrackingEvent("typed", properties: properties))
        provider.flush()
        var bytes = Array(try Data(contentsOf: url))
        #expect(bytes.last == 0x0A)
        bytes.removeLast()
        let line = try JSONValue(parsing: bytes)
        #expect(line["event"] == "typed")
        // Whole numbers are written without a fraction, so an Int reads back as one.
        var read: [String: TrackingValue] = [:]
        if case .object(let members)? = line["properties"] {
            for member in members {
                switch member.value {
                case .string(let text): read[member.key] = .string(text)
                case .bool(let flag): read[member.key] = .bool(flag)
                case .number(let text): read[member.key] = Int(text).map(TrackingValue.int) ?? Double(text).map(TrackingValue.double)
                default: break
                }
            }
        }
        #expect(read == properties)
    }

    @Test func jsonLinesProviderAppendsToAnExistingFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let url = folder.url.appendingPathComponent("events.jsonl")
        try Data("{\"event\":\"earlier\"}\n".utf8).write(to: url)
        let provider = JSONLinesTrackingProvider(fileURL: url)
        provider.track(TrackingEvent("later"))
        provider.flush()
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0] == "{\"event\":\"earlier\"}")
        #expect(lines[1].contains("\"later\""))
    }

    @Test func jsonLinesProviderReportsAnUnwritableFileOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let blocker = folder.url.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: blocker)
        let issues = IssueRecorder()
        let provider = JSONLinesTrackingProvider(
            fileURL: blocker.appendingPathComponent("events.jsonl"), report: issues.report)
        provider.track(TrackingEvent("first"))
        provider.flush()
        provider.track(TrackingEvent("second"))
        provider.flush()
        #expect(issues.issues.count == 1)
        if case .trackingFileUnwritable(let path, _) = issues.issues.first {
            #expect(path.hasSuffix("not-a-folder/events.jsonl"))
        } else {
            Issue.record("expected trackingFileUnwritable, got \(issues.issues)")
        }
    }

    @Test func userPropertyAdapterSetsTheGroupOfEachExposure() {
        let properties = Locked<[String]>([])
        let adapter = UserPropertyTrackingProvider { name, value in
            properties.withLock { $0.append("\(name)=\(value)") }
        }
        let service = SplitTestingService(configuration: .init(
            store: InMemoryAssignmentStore(),
            deviceID: "device-1", tracking: TrackingClient(providers: [adapter])))
        let test = service.fetchSplitTest(ButtonColorSplitTest.self)
        test.hitSplitTest()
        test.hitSplitTest()
        service.trackGoal("purchase")
        #expect(properties.withLock { $0 } == ["split_test-button_color=\(test.currentGroup.rawValue)"])
    }
}
