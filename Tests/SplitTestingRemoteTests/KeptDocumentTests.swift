import Foundation
@_spi(Generated) @_spi(Tools) import SplitTesting
@_spi(Tools) @testable import SplitTestingRemote
import Testing
import TestTools

@Suite("The kept document across restarts")
struct KeptDocumentTests {
    /// Starts a service over `directory`'s kept document while the server holds its request,
    /// then lets the server answer 404.
    func start(directory: URL, server: ControlServer) async throws -> (SplitTestingService, IssueRecorder, RemoteControl) {
        let issues = IssueRecorder()
        let service = makeService(issues: issues)
        let remote = makeRemote(server, directory: directory)
        let (outcome, wait) = try await startWhileHeld(remote, service: service, server: server, script: .init(status: 404))
        #expect(outcome == .failed(.remoteControl(.httpStatus(url: server.documentURL.absoluteString, status: 404))))
        #expect(wait < noWaitBound)
        remote.stop()
        return (service, issues, remote)
    }

    func expectSetAside(
        _ issues: IssueRecorder, directory: URL, server: ControlServer, reason phrase: String
    ) {
        let cache = ControlDocumentCache(directory: directory)
        let corrupt = cache.fileURL.appendingPathExtension("corrupt")
        let reported = issues.issues.first
        guard case .cacheCorrupt(let path, let reason, let setAsideAt)? = reported?.remoteControlIssue else {
            Issue.record("expected a corrupt kept document, got \(String(describing: reported))")
            return
        }
        #expect(path == cache.fileURL.path)
        #expect(reason.contains(phrase), "\(reason)")
        #expect(setAsideAt == corrupt.path)
        #expect(FileManager.default.fileExists(atPath: corrupt.path))
        #expect(!FileManager.default.fileExists(atPath: cache.fileURL.path))
        #expect(issues.issues.dropFirst() == [.remoteControl(.httpStatus(url: server.documentURL.absoluteString, status: 404))])
    }

    @Test(.requires(.python3)) func aCorruptKeptDocumentIsSetAsideAndTheCompiledDefinitionsServe() async throws {
        try await withControlServer { server in
            let directory = temporaryDirectory()
            let cache = ControlDocumentCache(directory: directory)
            try Data("{\"sequence\": 3, \"len".utf8).write(to: cache.fileURL)
            let (service, issues, _) = try await start(directory: directory, server: server)
            expectSetAside(issues, directory: directory, server: server, reason: "no header line")
            #expect(service.controlSequence == nil)
            #expect(InForce(service) == .compiled)
            #expect(cache.load() == .empty)
        }
    }

    @Test(.requires(.python3)) func aKeptDocumentCutShortIsSetAside() async throws {
        try await withControlServer { server in
            let directory = temporaryDirectory()
            let cache = ControlDocumentCache(directory: directory)
            try cache.save(.init(envelope: stopAndResolveDocument(sequence: 4), etag: nil, sequence: 4))
            let whole = try Data(contentsOf: cache.fileURL)
            try whole.prefix(whole.count - 10).write(to: cache.fileURL)
            let (service, issues, _) = try await start(directory: directory, server: server)
            expectSetAside(issues, directory: directory, server: server, reason: "envelope bytes where the header says")
            #expect(InForce(service) == .compiled)
        }
    }

    @Test(.requires(.python3)) func aTamperedKeptDocumentNoLongerVerifiesAndIsSetAside() async throws {
        try await withControlServer { server in
            let directory = temporaryDirectory()
            let signed = payload(sequence: 6, experiments: ["profile_redesign": ["status": "running"]])
            let tampered = payload(sequence: 6, experiments: ["profile_redesign": ["status": "stopped"]])
            let signature = try testSigningKey.signature(for: signed)
            try ControlDocumentCache(directory: directory).save(.init(
                envelope: ControlEnvelope(payload: tampered, signature: signature).data, etag: "\"x\"", sequence: 6))
            let (service, issues, _) = try await start(directory: directory, server: server)
            expectSetAside(issues, directory: directory, server: server, reason: "does not verify")
            #expect(service.controlSequence == nil)
            #expect(InForce(service) == .compiled)
            // The ETag of a document set aside is not sent.
            let requests = try await server.requests()
            #expect(requests.map(\.ifNoneMatch) == [nil])
        }
    }

    @Test(.requires(.python3)) func aKeptDocumentWhoseHeaderLiesAboutItsSequenceIsSetAside() async throws {
        try await withControlServer { server in
            let directory = temporaryDirectory()
            try ControlDocumentCache(directory: directory).save(.init(
                envelope: stopAndResolveDocument(sequence: 4), etag: nil, sequence: 40))
            let (service, issues, _) = try await start(directory: directory, server: server)
            expectSetAside(issues, directory: directory, server: server, reason: "is not the payload's 4")
            #expect(InForce(service) == .compiled)
        }
    }

    @Test func theKeptDocumentIsWrittenAtomicallyAndReadBack() throws {
        let directory = temporaryDirectory().appendingPathComponent("not-yet-created")
        let cache = ControlDocumentCache(directory: directory)
        #expect(cache.load() == .empty)
        let first = ControlDocumentCache.Entry(envelope: stopAndResolveDocument(sequence: 1), etag: "\"a\"", sequence: 1)
        try cache.save(first)
        #expect(cache.load() == .loaded(first))
        let second = ControlDocumentCache.Entry(envelope: stopAndResolveDocument(sequence: 2), etag: nil, sequence: 2)
        try cache.save(second)
        #expect(cache.load() == .loaded(second))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(leftovers == [ControlDocumentCache.fileName])
    }

    @Test(.requires(.python3)) func anUnwritableCacheIsReportedAndTheDocumentStillAppliesAtOnce() async throws {
        try await withControlServer { server in
            // A file where the folder should be: the document cannot be kept.
            let blocker = temporaryDirectory().appendingPathComponent("blocker")
            try Data("x".utf8).write(to: blocker)
            let issues = IssueRecorder()
            let service = makeService(issues: issues)
            let remote = makeRemote(server, directory: blocker, applyImmediately: true)
            let (outcome, _) = try await startWhileHeld(
                remote, service: service, server: server, script: .init(body: stopAndResolveDocument(sequence: 8)))
            #expect(outcome == .applied(sequence: 8))
            #expect(InForce(service) == .stoppedAndResolved)
            guard case .cacheUnwritable(let path, _)? = issues.issues.first?.remoteControlIssue else {
                Issue.record("expected an unwritable cache, got \(issues.issues)")
                return
            }
            #expect(path == ControlDocumentCache(directory: blocker).fileURL.path)
            #expect(issues.issues.count == 1)
            remote.stop()
        }
    }
}
