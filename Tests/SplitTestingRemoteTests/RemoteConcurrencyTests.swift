import Foundation
@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestingTestSupport
@_spi(Tools) @testable import SplitTestingRemote
import Testing
import TestTools

@Suite("Refreshes while tasks fetch")
struct RemoteConcurrencyTests {
    /// The document of round `k`: stops `profile_redesign`, forces `testDevice` into `red`, or
    /// runs everything as compiled, in turn.
    static func document(round: Int) -> Data {
        let experiments: [String: [String: Any]] = switch round % 3 {
        case 0: ["profile_redesign": ["status": "stopped"]]
        case 1: ["button_color": ["force": [testDevice: "red"]]]
        default: ["button_color": ["status": "running"], "profile_redesign": ["status": "running"]]
        }
        return envelope(payload(sequence: round, experiments: experiments))
    }

    @Test(.requires(.python3)) func refreshesWhileAThousandTasksFetchAndHit() async throws {
        try await withControlServer { server in
            let issues = IssueRecorder()
            let tracking = RecordingTrackingProvider()
            let service = makeService(issues: issues, tracking: tracking)
            let remote = makeRemote(server, directory: temporaryDirectory(), applyImmediately: true)
            let rounds = 12
            try await server.script(.init(body: Self.document(round: 1)))
            remote.start(service: service)
            let done = TestLock(false)
            // Every (experiment, group, reason) seen by a task that then hit the experiment.
            let seen = TestLock<Set<String>>([])

            @Sendable func fetchAndHit() -> Set<String> {
                let button = service.fetchSplitTest(ButtonColorSplitTest.self)
                let profile = service.fetchSplitTest(ProfileRedesignSplitTest.self)
                button.hitSplitTest()
                profile.hitSplitTest()
                return [
                    "button_color:\(button.currentGroup.rawValue):\(button.assignment.reason)",
                    "profile_redesign:\(profile.currentGroup.rawValue):\(profile.assignment.reason)",
                ]
            }

            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<1_000 {
                    group.addTask {
                        var local: Set<String> = []
                        repeat {
                            local.formUnion(fetchAndHit())
                            await Task.yield()
                        } while !done.withLock { $0 }
                        seen.withLock { $0.formUnion(local) }
                    }
                }
                group.addTask {
                    var applied: [RefreshOutcome] = []
                    _ = await remote.refresh()
                    for round in 2...rounds {
                        try? await server.script(.init(body: Self.document(round: round)))
                        applied.append(await remote.refresh())
                        // One fetch under each document from here, so stopped and forced are seen.
                        let observed = fetchAndHit()
                        seen.withLock { $0.formUnion(observed) }
                    }
                    #expect(applied == (2...rounds).map { RefreshOutcome.applied(sequence: $0) })
                    done.withLock { $0 = true }
                }
            }
            remote.stop()

            let observed = seen.withLock { $0 }
            #expect(observed.contains("profile_redesign:current:stopped"))
            #expect(observed.contains("button_color:red:forced"))
            func text(_ value: TrackingValue?) -> String {
                if case .string(let text)? = value { text } else { "?" }
            }
            let exposures = tracking.events.filter { $0.identifier == TrackingEvent.exposureIdentifier }.map { event in
                "\(text(event.properties["experiment"])):\(text(event.properties["group"]))"
            }
            // Only the bucketed groups were exposed, once each: never the stopped control or
            // the forced red.
            #expect(exposures.sorted() == ["button_color:blue", "profile_redesign:redesigned"])
            #expect(issues.issues.isEmpty)
            #expect(service.controlSequence == rounds)
        }
    }
}
