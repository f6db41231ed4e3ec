import Foundation
@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestingTestSupport
@_spi(Tools) @testable import SplitTestingRemote
import Testing
import TestTools

/// A bandit's weights fetched from a real server: they bucket the units not yet assigned, and a
/// unit already assigned keeps its group and the period it was first assigned in.
@Suite("A bandit's weights, fetched from a real server")
struct BanditRefreshTests {
    /// Devices whose compiled bucket is not `video`, so that only new weights can put them there.
    static let devices = (0..<400).map { "device-\($0)" }.filter { OnboardingCopySplitTest.bucketedGroup(forUnit: $0) != .video }

    static func service(device: String, store: FileAssignmentStore, tracking: RecordingTrackingProvider, issues: IssueRecorder)
        -> SplitTestingService
    {
        SplitTestingService(configuration: .init(
            store: store, deviceID: device, catalog: [OnboardingCopySplitTest.self],
            tracking: TrackingClient(providers: [tracking]), report: issues.report,
            builtInAttributes: SplitTestAttributeValues([:])))
    }

    static func exposure(_ tracking: RecordingTrackingProvider) -> (group: String?, period: TrackingValue?) {
        let event = tracking.events.last { $0.identifier == TrackingEvent.exposureIdentifier }
        return (event?.properties[TrackingEvent.Property.group]?.stringValue, event?.properties[TrackingEvent.Property.period])
    }

    @Test(.requires(.python3)) func aWeightsUpdateAppliesToNewUnitsOnly() async throws {
        try await withControlServer { server in
            let directory = temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let store = FileAssignmentStore(fileURL: directory.appendingPathComponent("assignments.json"))
            let issues = IssueRecorder()
            let (assigned, fresh) = (Array(Self.devices.prefix(20)), Array(Self.devices.dropFirst(20).prefix(20)))

            // Assigned under the compiled weights, before any document: period 0.
            var groups: [String: OnboardingCopySplitTest.Group] = [:]
            for device in assigned {
                let tracking = RecordingTrackingProvider()
                let test = Self.service(device: device, store: store, tracking: tracking, issues: issues)
                    .fetchSplitTest(OnboardingCopySplitTest.self)
                test.hitSplitTest()
                groups[device] = test.currentGroup
                #expect(Self.exposure(tracking).period == .int(0))
            }

            // The bandit's next document: every new unit to `video`, period 1, signed.
            let document = envelope(payload(sequence: 30, experiments: [
                "onboarding_copy": ["weights": ["short": 0, "story": 0, "video": 100], "period": 1],
            ]))
            try await server.script(.init(etag: "\"p1\"", body: document))
            let fetching = Self.service(device: assigned[0], store: store, tracking: RecordingTrackingProvider(), issues: issues)
            let remote = makeRemote(server, directory: directory.appendingPathComponent("control"), applyImmediately: true)
            remote.start(service: fetching)
            let outcome = await remote.refreshUnderWay?.value
            remote.stop()
            #expect(outcome == .applied(sequence: 30))
            #expect(fetching.controlSequence == 30)
            #expect(fetching.fetchSplitTest(OnboardingCopySplitTest.self).currentGroup == groups[assigned[0]])

            // Next starts apply the kept document: assigned units keep group and period; new units follow the weights.
            for device in assigned + fresh {
                let tracking = RecordingTrackingProvider()
                let service = Self.service(device: device, store: store, tracking: tracking, issues: issues)
                let nextRemote = makeRemote(server, directory: directory.appendingPathComponent("control"))
                nextRemote.start(service: service)
                nextRemote.stop()
                #expect(service.controlSequence == 30)
                let test = service.fetchSplitTest(OnboardingCopySplitTest.self)
                test.hitSplitTest()
                if let group = groups[device] {
                    #expect(test.currentGroup == group && test.assignment.reason == .sticky)
                    #expect(Self.exposure(tracking).period == .int(0))
                } else {
                    #expect(test.currentGroup == .video && test.assignment.reason == .bucketed)
                    #expect(Self.exposure(tracking).period == .int(1))
                }
            }
            #expect(Set(groups.values).count == 2, "the assigned units are in both arms that are not video")
            #expect(issues.issues.isEmpty, "\(issues.issues)")
        }
    }

    @Test(.requires(.python3)) func weightsNamingAnUnknownGroupRejectThatEntryOnly() async throws {
        try await withControlServer { server in
            let directory = temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let issues = IssueRecorder()
            let service = makeService(issues: issues)
            let document = envelope(payload(sequence: 31, experiments: [
                "button_color": ["weights": ["red": 50, "blue": 50, "purple": 0], "period": 2],
                "profile_redesign": ["status": "stopped"],
            ]))
            try await server.script(.init(etag: "\"p2\"", body: document))
            let remote = makeRemote(server, directory: directory, applyImmediately: true)
            remote.start(service: service)
            #expect(await remote.refreshUnderWay?.value == .applied(sequence: 31))
            remote.stop()
            #expect(issues.issues == [.controlGroupNotFound(experiment: "button_color", group: "purple")])
            #expect(InForce(service) == InForce("blue", .sticky, "current", .stopped))
        }
    }
}
