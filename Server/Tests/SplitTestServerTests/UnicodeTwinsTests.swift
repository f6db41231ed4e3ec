import Foundation
import Testing
@_spi(Tools) @testable import SplitTestServer

/// Unit ids are told apart by their bytes, as bucketing and the databases tell them apart:
/// `josé-0` written precomposed (U+00E9) and decomposed (e + U+0301) are two units, each with a
/// group of its own, never one answered with the other's stored group. Through the service's
/// memory of stored groups (SQLite) and without it (PostgreSQL).
@Suite(.serialized) struct UnicodeTwinsTests {
    static let twins = (0..<16).map { ("jos\u{E9}-\($0)", "jose\u{301}-\($0)") }

    @Test func twinsAreTwoUnitsOnSQLite() async throws {
        let folder = try Paths.temporaryFolder()
        try await Self.twinsAreTwoUnits(database: "sqlite:" + folder.appendingPathComponent("db.sqlite").path)
    }

    @Test(.enabled(if: PostgresCluster.shouldRun, PostgresCluster.skipReason))
    func twinsAreTwoUnitsOnPostgreSQL() async throws {
        let cluster = try await PostgresCluster.start()
        defer { cluster.remove() }
        try await Self.twinsAreTwoUnits(database: cluster.url)
    }

    static func twinsAreTwoUnits(database: String) async throws {
        let server = try await ServerProcess.start(databaseURL: database)
        defer { server.stop() }
        func answer(_ device: String) async throws -> [String: Any] {
            let body = String(decoding: try JSONSerialization.data(withJSONObject: ["device": device, "experiments": ["checkout_button"]]), as: UTF8.self)
            return try #require(try await server.assign(body)["checkout_button"])
        }
        var differ = 0
        for (composed, decomposed) in twins {
            #expect(composed != decomposed || composed.utf8.count != decomposed.utf8.count)
            let first = try await answer(composed)
            // The twin, never seen: bucketed by its own bytes, exactly as `splitc assign` does.
            let twin = try await answer(decomposed)
            let expected = try Splitc.assign(experiment: "checkout_button", unit: decomposed)
            #expect(twin["reason"] as? String == expected.reason, "\(decomposed.unicodeScalars.map(\.value))")
            #expect(twin["group"] as? String == expected.group)
            // Each keeps its own group afterwards.
            #expect(try await answer(composed)["group"] as? String == first["group"] as? String)
            #expect(try await answer(decomposed)["group"] as? String == twin["group"] as? String)
            #expect(try await answer(decomposed)["reason"] as? String == (expected.reason == "bucketed" ? "sticky" : expected.reason))
            if first["group"] as? String != twin["group"] as? String { differ += 1 }
        }
        #expect(differ > 0, "some twins are bucketed into different groups")
        // Forgetting one twin keeps the other.
        let (composed, decomposed) = twins[0]
        let kept = try await answer(composed)["group"] as? String
        let encoded = decomposed.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? decomposed
        #expect(try await server.request("DELETE", "/v1/units/\(encoded)").status == 204)
        let again = try await answer(composed)
        #expect(again["reason"] as? String == "sticky" && again["group"] as? String == kept)
    }
}
