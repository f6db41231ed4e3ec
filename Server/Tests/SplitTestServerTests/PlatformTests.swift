import Foundation
import Testing

/// A request from a platform that cannot link the runtime (`android`, `web`) is targeted like
/// one from Apple's.
@Suite(.serialized) struct PlatformTests {
    @Test func anAndroidRequestIsTargetedAndAnIOSOneIsNot() async throws {
        let folder = try Paths.temporaryFolder()
        let definition = folder.appendingPathComponent("checkout_flow.yaml")
        try """
            identifier: checkout_flow
            type: device
            groups: [classic, express]
            targeting: { platform: [android, web] }
            """.write(to: definition, atomically: true, encoding: .utf8)
        let server = try await ServerProcess.start(
            definitions: [definition.path], database: folder.appendingPathComponent("db.sqlite").path)
        defer { server.stop() }
        for (platform, reason) in [("android", "bucketed"), ("web", "bucketed"), ("ios", "notTargeted")] {
            let assignments = try await server.assign(#"{"device": "d-\#(platform)", "attributes": {"platform": "\#(platform)"}}"#)
            #expect(assignments["checkout_flow"]?["reason"] as? String == reason, "\(platform)")
        }
        let typo = try await server.request(
            "POST", "/v1/assignments", body: #"{"device": "d", "attributes": {"platform": "andriod"}}"#)
        #expect(typo.status == 400)
        #expect(typo.json["detail"] as? String
            == "attributes: 'platform' must be one of ios, ipados, macos, tvos, watchos, visionos, linux, android, web; got 'andriod'; did you mean 'android'?")
    }
}
