import Crypto
import Foundation
import SplitTesting
import SplitTestingRemote

/// Remote control of a released app: a signed control document, served over HTTP on loopback,
/// stops one experiment and resolves another at the next start; a tampered copy is rejected and
/// the good document stays in force.
func runRemoteControlScenario() async {
    section("Remote control: a signed document served on loopback, applied at the next start")
    guard let server = LoopbackServer() else {
        print("no loopback socket available; scenario skipped")
        return
    }
    defer { server.close() }
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("splittest-demo-remote-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }

    // The payload `splitc publish --sign-key` writes once experiments/ says `status: stopped` for
    // feed_prefetch and `status: resolved, winner: blue` for button_color (compact JSON, sorted
    // keys), and an Ed25519 signature of its bytes, as an app's release pipeline would produce them.
    let signingKey = Curve25519.Signing.PrivateKey()
    let publicKey = signingKey.publicKey.rawRepresentation.base64EncodedString()
    let payload = Data(
        #"{"experiments":{"button_color":{"status":"resolved","winner":"blue"},"feed_prefetch":{"status":"stopped"}},"sequence":42}"#
            .utf8)
    guard let signature = try? signingKey.signature(for: payload) else { return }
    server.publish(ControlEnvelope(payload: payload, signature: signature).data, etag: "v42")
    print("published sequence 42 at \(server.url): feed_prefetch stopped, button_color resolved to blue")

    let issues = Collected<SplitTestingIssue>()
    let store: BuiltInAssignmentStore = .file(at: directory.appendingPathComponent("assignments.json"))
    func launch(_ title: String, refresh: Bool) async {
        let service = SplitTestingService(configuration: .init(
            store: store, catalog: SplitTestCatalog.all, report: { issues.append($0) }))
        let remote = RemoteControl(configuration: .init(
            url: server.url, publicKey: publicKey, cacheDirectory: directory.appendingPathComponent("control")))
        remote.start(service: service)
        var outcome = ""
        if refresh { outcome = " · refresh: \(describe(await remote.refresh()))" }
        remote.stop()
        let button = service.fetchSplitTest(ButtonColorSplitTest.self).assignment
        let feed = service.fetchSplitTest(FeedPrefetchSplitTest.self).assignment
        print("\(title): button_color \(button.group.rawValue) (\(button.reason.rawValue)), "
            + "feed_prefetch \(feed.group.rawValue) (\(feed.reason.rawValue))\(outcome)")
        service.flush()
    }

    await launch("start 1 (nothing kept yet)", refresh: true)
    await launch("start 2 (kept document applied)", refresh: false)

    var tampered = payload
    tampered[tampered.count / 2] ^= 0x01
    server.publish(ControlEnvelope(payload: tampered, signature: signature).data, etag: "v42-tampered")
    print("a tampered copy is served: one byte of the payload flipped, the signature kept")
    await launch("start 3 (tampered copy fetched)", refresh: true)
    // The refresh that start() begins and the one asked for above may both fetch the copy.
    var printed: Set<String> = []
    for issue in issues.all.map(\.description) where printed.insert(issue).inserted {
        print("  reported through the service's report hook: \(issue)")
    }
}

/// One line for a refresh's outcome.
private func describe(_ outcome: RefreshOutcome) -> String {
    switch outcome {
    case .notModified: "not modified"
    case .stored(let sequence): "sequence \(sequence) verified and kept for the next start"
    case .applied(let sequence): "sequence \(sequence) applied"
    case .failed: "rejected, the document in force stays"
    case .notRunning: "not running"
    }
}
