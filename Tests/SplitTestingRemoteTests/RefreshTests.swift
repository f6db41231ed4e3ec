import Foundation
@_spi(Generated) @_spi(Tools) import SplitTesting
@_spi(Tools) @testable import SplitTestingRemote
import Testing
import TestTools

@Suite("Refreshing against a real server")
struct RefreshTests {
    @Test(.requires(.python3)) func aNewDocumentIsKeptAndAppliesAtTheNextStart() async throws {
        try await withControlServer { server in
            let directory = temporaryDirectory()
            let issues = IssueRecorder()
            let service = makeService(issues: issues)
            #expect(InForce(service) == .compiled)
            let remote = makeRemote(server, directory: directory)
            let document = stopAndResolveDocument(sequence: 5)
            let (outcome, wait) = try await startWhileHeld(
                remote, service: service, server: server, script: .init(etag: "\"v1\"", body: document))
            #expect(outcome == .stored(sequence: 5))
            #expect(wait < noWaitBound)
            // Kept, not applied: no screen changes under the user's eyes.
            #expect(service.controlSequence == nil)
            #expect(InForce(service) == .compiled)
            #expect(remote.keptSequence == 5)
            #expect(issues.issues.isEmpty)

            // The next refresh is conditional, and the server's 304 changes nothing.
            #expect(await remote.refresh() == .notModified)
            let requests = try await server.requests()
            #expect(requests.map(\.ifNoneMatch) == [nil, "\"v1\""])
            #expect(InForce(service) == .compiled)
            remote.stop()
            #expect(await remote.refresh() == .notRunning)

            // The next start applies the kept document synchronously, before any request ends.
            let nextIssues = IssueRecorder()
            let nextService = makeService(issues: nextIssues)
            let nextRemote = makeRemote(server, directory: directory)
            let (nextOutcome, nextWait) = try await startWhileHeld(
                nextRemote, service: nextService, server: server, script: .init(etag: "\"v1\"", body: document))
            #expect(nextService.controlSequence == 5)
            #expect(InForce(nextService) == .stoppedAndResolved)
            #expect(nextOutcome == .notModified)
            #expect(nextWait < noWaitBound)
            let nextRequests = try await server.requests()
            #expect(nextRequests.map(\.ifNoneMatch) == ["\"v1\""])
            #expect(nextIssues.issues.isEmpty)
            nextRemote.stop()
        }
    }

    @Test(.requires(.python3)) func aDocumentOlderThanTheKeptOneIsRefusedThoughNoneIsInForce() async throws {
        try await withControlServer { server in
            let issues = IssueRecorder()
            let service = makeService(issues: issues)
            let remote = makeRemote(server, directory: temporaryDirectory())
            let (outcome, _) = try await startWhileHeld(
                remote, service: service, server: server,
                script: .init(etag: "\"v5\"", body: stopAndResolveDocument(sequence: 5)))
            #expect(outcome == .stored(sequence: 5))
            #expect(service.controlSequence == nil)

            // Sequence 4 is older than the kept 5, which is not in force yet: the issue names
            // the kept one as the newest this app has.
            try await server.script(.init(etag: "\"v4\"", body: stopAndResolveDocument(sequence: 4)))
            let older = await remote.refresh()
            #expect(older == .failed(.controlSequenceNotNewer(sequence: 4, newest: 5)))
            #expect(issues.issues == [.controlSequenceNotNewer(sequence: 4, newest: 5)])
            #expect(remote.keptSequence == 5)
            #expect(service.controlSequence == nil)
            #expect(InForce(service) == .compiled)
            remote.stop()
        }
    }

    @Test(.requires(.python3)) func aDocumentForAnotherEnvironmentIsReportedAndNotKept() async throws {
        try await withControlServer { server in
            let issues = IssueRecorder()
            let service = makeService(issues: issues)
            let directory = temporaryDirectory()
            let remote = makeRemote(server, directory: directory, applyImmediately: true)
            let production = envelope(payload(
                sequence: 8, experiments: ["profile_redesign": ["status": "stopped"]], extra: ["environment": "production"]))
            let (outcome, _) = try await startWhileHeld(
                remote, service: service, server: server, script: .init(etag: "\"v8\"", body: production))
            #expect(outcome == .failed(.controlEnvironmentMismatch(document: "production", service: nil)))
            #expect(issues.issues == [.controlEnvironmentMismatch(document: "production", service: nil)])
            #expect(remote.keptSequence == nil)
            #expect(service.controlSequence == nil)
            #expect(InForce(service) == .compiled)
            remote.stop()
        }
    }

    @Test(.requires(.python3)) func applyImmediatelyPutsTheDocumentInForceAtOnce() async throws {
        try await withControlServer { server in
            let issues = IssueRecorder()
            let service = makeService(issues: issues)
            #expect(InForce(service) == .compiled)
            let remote = makeRemote(server, directory: temporaryDirectory(), applyImmediately: true)
            let (outcome, wait) = try await startWhileHeld(
                remote, service: service, server: server,
                script: .init(etag: "\"v7\"", body: stopAndResolveDocument(sequence: 7)))
            #expect(outcome == .applied(sequence: 7))
            #expect(wait < noWaitBound)
            #expect(service.controlSequence == 7)
            #expect(InForce(service) == .stoppedAndResolved)
            #expect(issues.issues.isEmpty)
            remote.stop()
        }
    }

    /// A misbehaving server or a bad document: reported once, and the kept document (sequence
    /// 10, in force from the start) keeps serving.
    struct Failure: CustomTestStringConvertible, Sendable {
        var name: String
        var script: @Sendable (ControlServer) -> ControlServer.Script
        var timeout: TimeInterval = 5
        var expected: @Sendable (SplitTestingIssue, String) -> Bool
        var testDescription: String { name }
    }

    static func rejected(_ phrase: String) -> @Sendable (SplitTestingIssue, String) -> Bool {
        { issue, url in
            guard case .documentRejected(let source, let reason)? = issue.remoteControlIssue else { return false }
            return source == url && reason.contains(phrase)
        }
    }

    static func fetchFailed(_ phrase: String) -> @Sendable (SplitTestingIssue, String) -> Bool {
        { issue, url in
            guard case .fetchFailed(let source, let reason)? = issue.remoteControlIssue else { return false }
            return source == url && reason.contains(phrase)
        }
    }

    static let failures: [Failure] = [
        Failure(name: "404", script: { _ in .init(status: 404) }) { $0 == .remoteControl(.httpStatus(url: $1, status: 404)) },
        Failure(name: "500", script: { _ in .init(status: 500, body: Data("oops".utf8)) }) {
            $0 == .remoteControl(.httpStatus(url: $1, status: 500))
        },
        Failure(name: "slow server past the timeout", script: { _ in
            .init(body: stopAndResolveDocument(sequence: 11), delay: 60)
        }, timeout: 1, expected: fetchFailed("within 1.0 s")),
        Failure(name: "body cut short", script: { _ in
            .init(body: stopAndResolveDocument(sequence: 11), cutShort: true)
        }, expected: { issue, url in
            guard case .fetchFailed(let source, _)? = issue.remoteControlIssue else { return false }
            return source == url
        }),
        Failure(name: "body over 1 MiB, announced", script: { _ in .init(oversize: (1 << 20) + 1) }) {
            $0 == .remoteControl(.documentTooLarge(url: $1, limit: 1 << 20))
        },
        Failure(name: "body over 1 MiB, not announced", script: { _ in
            .init(oversize: 3 << 20, announceLength: false)
        }) { $0 == .remoteControl(.documentTooLarge(url: $1, limit: 1 << 20)) },
        Failure(name: "malformed JSON", script: { _ in .init(body: Data("{\"format\": 1, \"payload\": ".utf8)) },
                expected: rejected("not JSON")),
        Failure(name: "malformed payload", script: { _ in
            .init(body: envelope(Data("{\"sequence\": 11, \"experiments\": []}".utf8)))
        }, expected: rejected("'experiments': must be an object of experiment identifiers")),
        Failure(name: "wrong format", script: { _ in
            .init(body: envelope(payload(sequence: 11, experiments: [:]), format: 2))
        }, expected: rejected("format 2 is not supported")),
        Failure(name: "bad signature", script: { _ in
            let signed = payload(sequence: 11, experiments: ["profile_redesign": ["status": "running"]])
            let served = payload(sequence: 11, experiments: ["profile_redesign": ["status": "stopped"]])
            let signature = try! testSigningKey.signature(for: signed)
            return .init(body: ControlEnvelope(payload: served, signature: signature).data)
        }, expected: rejected("does not verify")),
        Failure(name: "missing signature with a key configured", script: { _ in
            .init(body: envelope(payload(sequence: 11, experiments: [:]), signed: false))
        }, expected: rejected("no signature")),
        Failure(name: "older sequence", script: { _ in
            .init(body: envelope(payload(sequence: 9, experiments: [:])))
        }) { issue, _ in issue == .controlSequenceNotNewer(sequence: 9, newest: 10) },
    ]

    @Test(.requires(.python3), arguments: failures)
    func aFailureIsReportedAndTheKeptDocumentStays(_ failure: Failure) async throws {
        try await withControlServer { server in
            let directory = temporaryDirectory()
            try ControlDocumentCache(directory: directory).save(.init(
                envelope: stopAndResolveDocument(sequence: 10), etag: "\"v10\"", sequence: 10))
            let issues = IssueRecorder()
            let service = makeService(issues: issues)
            let remote = makeRemote(server, directory: directory, timeout: failure.timeout, applyImmediately: true)
            let (outcome, wait) = try await startWhileHeld(
                remote, service: service, server: server, script: failure.script(server))
            let url = server.documentURL.absoluteString
            #expect(wait < noWaitBound)
            // No wall-clock bound here (the test machines are shared): that the timeout, not the
            // slow server's 60 s, ended its request shows in the outcome, a fetch failure that
            // names the timeout, where a server that was waited for would have given `.applied`.
            guard case .failed(let issue) = outcome else {
                Issue.record("expected a failure, got \(outcome)")
                return
            }
            #expect(failure.expected(issue, url), "\(issue)")
            #expect(issues.issues == [issue])
            #expect(service.controlSequence == 10)
            #expect(remote.keptSequence == 10)
            #expect(InForce(service) == .stoppedAndResolved)
            let requests = try await server.requests()
            #expect(requests.map(\.ifNoneMatch) == ["\"v10\""])
            #expect(ControlDocumentCache(directory: directory).load() == .loaded(.init(
                envelope: stopAndResolveDocument(sequence: 10), etag: "\"v10\"", sequence: 10)))
            remote.stop()
        }
    }

    @Test(.requires(.python3)) func anEntryWithAnUnknownGroupIsReportedAndTheRestApplies() async throws {
        try await withControlServer { server in
            let issues = IssueRecorder()
            let service = makeService(issues: issues)
            let remote = makeRemote(server, directory: temporaryDirectory(), applyImmediately: true)
            let document = envelope(payload(sequence: 11, experiments: [
                "button_color": ["status": "resolved", "winner": "purple"],
                "profile_redesign": ["status": "stopped"],
            ]))
            let (outcome, wait) = try await startWhileHeld(
                remote, service: service, server: server, script: .init(body: document))
            #expect(outcome == .applied(sequence: 11))
            #expect(wait < noWaitBound)
            #expect(issues.issues == [.controlGroupNotFound(experiment: "button_color", group: "purple")])
            #expect(InForce(service) == InForce("blue", .sticky, "current", .stopped))
            remote.stop()
        }
    }

    @Test(.requires(.python3)) func anUnknownExperimentIsIgnoredSilently() async throws {
        try await withControlServer { server in
            let issues = IssueRecorder()
            let service = makeService(issues: issues)
            let remote = makeRemote(server, directory: temporaryDirectory(), applyImmediately: true)
            let document = envelope(payload(sequence: 11, experiments: [
                "checkout_flow": ["status": "resolved", "winner": "one_page"],
                "button_color": ["force": [testDevice: "red"]],
            ]))
            let (outcome, wait) = try await startWhileHeld(
                remote, service: service, server: server, script: .init(body: document))
            #expect(outcome == .applied(sequence: 11))
            #expect(wait < noWaitBound)
            #expect(issues.issues.isEmpty)
            #expect(InForce(service) == InForce("red", .forced, "redesigned", .sticky))
            remote.stop()
        }
    }

    @Test(.requires(.python3)) func anUnsignedDocumentWithoutAKeyIsAcceptedAndReportedOnce() async throws {
        try await withControlServer { server in
            let issues = IssueRecorder()
            let service = makeService(issues: issues)
            let remote = makeRemote(server, directory: temporaryDirectory(), publicKey: nil, applyImmediately: true)
            let first = envelope(payload(sequence: 1, experiments: ["profile_redesign": ["status": "stopped"]]), signed: false)
            let (outcome, _) = try await startWhileHeld(remote, service: service, server: server, script: .init(body: first))
            #expect(outcome == .applied(sequence: 1))
            try await server.script(.init(body: stopAndResolveDocument(sequence: 2)))
            #expect(await remote.refresh() == .applied(sequence: 2))
            #expect(issues.issues == [.remoteControl(.documentUnsigned(source: server.documentURL.absoluteString))])
            #expect(InForce(service) == .stoppedAndResolved)
            remote.stop()
        }
    }

    @Test(.requires(.python3)) func anInvalidPublicKeyIsReportedAndRejectsEveryDocument() async throws {
        try await withControlServer { server in
            let issues = IssueRecorder()
            let service = makeService(issues: issues)
            let remote = makeRemote(server, directory: temporaryDirectory(), publicKey: "c2hvcnQ=", applyImmediately: true)
            let (outcome, _) = try await startWhileHeld(
                remote, service: service, server: server, script: .init(body: stopAndResolveDocument(sequence: 3)))
            let rejection = SplitTestingIssue.remoteControl(.documentRejected(
                source: server.documentURL.absoluteString, reason: ControlDocumentError.invalidPublicKey.description))
            #expect(outcome == .failed(rejection))
            #expect(issues.issues == [.remoteControl(.publicKeyInvalid(reason: ControlDocumentError.invalidPublicKey.description)), rejection])
            #expect(InForce(service) == .compiled)
            remote.stop()
        }
    }

    @Test(.requires(.python3)) func refreshesAreNeverTwoAtOnce() async throws {
        try await withControlServer { server in
            let service = makeService(issues: IssueRecorder())
            let remote = makeRemote(server, directory: temporaryDirectory())
            try await server.script(.init(body: stopAndResolveDocument(sequence: 4), hold: true))
            remote.start(service: service)
            let outcomes = await withTaskGroup(of: RefreshOutcome.self) { group in
                for _ in 0..<20 { group.addTask { await remote.refresh() } }
                try? await server.waitForRequests(1)
                try? await server.release()
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes == Array(repeating: .stored(sequence: 4), count: 20))
            let requests = try await server.requests()
            #expect(requests.count == 1)
            remote.stop()
        }
    }

    @Test func backoffDoublesWithJitterUpToTheMaximum() {
        var configuration = RemoteControlConfiguration(
            url: URL(string: "http://127.0.0.1/")!, cacheDirectory: temporaryDirectory(),
            refreshInterval: 3600, backoffBase: 10, backoffMax: 300)
        #expect(configuration.delay(afterFailures: 0, random: 0.3) == 3600)
        #expect(configuration.delay(afterFailures: 1, random: 0) == 7.5)
        #expect(configuration.delay(afterFailures: 1, random: 1) == 12.5)
        #expect(configuration.delay(afterFailures: 3, random: 0.5) == 40)
        #expect(configuration.delay(afterFailures: 60, random: 1) == 300)
        configuration.backoffMax = 100
        #expect(configuration.delay(afterFailures: 5, random: 0) == 75)
        #expect(configuration.delay(afterFailures: 5, random: 1) == 100)
    }
}
