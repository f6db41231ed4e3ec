import Foundation
import Logging
import Testing
@_spi(Tools) @testable import SplitTestServer

/// Events, bad input, the key and the start-up checks, against the running server.
@Suite(.serialized) struct RequestTests {
    static func exposure(_ unit: String) -> String {
        #"{"date":"2026-03-01T12:00:00Z","event":"split_test_exposure","properties":{"experiment":"checkout_button","group":"blue","unit":"\#(unit)"}}"#
    }

    static let goal =
        #"{"date":"2026-03-01T12:00:05Z","event":"split_test_goal","properties":{"device":"d1","goal":"purchase","split_test-checkout_button":"blue","value":3.99},"user":"u1"}"#

    @Test func eventsAreStoredAllOrNone() async throws {
        let folder = try Paths.temporaryFolder()
        let database = folder.appendingPathComponent("db.sqlite").path
        do {
            let server = try await ServerProcess.start(database: database)
            defer { server.stop() }
            let accepted = try await server.request("POST", "/v1/events", body: "[\(Self.exposure("d1")),\(Self.goal)]")
            #expect(accepted.status == 202)
            #expect(accepted.json["accepted"] as? Int == 2)

            let invalid = """
                [\(Self.exposure("d2")), {"date":"2026-03-01T12:00:00Z","event":"split_test_exposure","properties":{"group":"blue","unit":"d3"}},
                 {"event":"split_test_goal","properties":{"goal":"x","device":"d"}}, 5, {"date":"2026-03-01T12:00:00Z","event":"page_view","properties":{}},
                 {"date":"2026-03-01T12:00:00Z","event":"split_test_goal","properties":{"goal":"x","device":"d"},"user":{}},
                 {"date":1e300,"event":"split_test_goal","properties":{"goal":"x","device":"d"}},
                 {"date":"2101-01-01T00:00:00Z","event":"split_test_goal","properties":{"goal":"x","device":"d"}}]
                """
            let rejected = try await server.request("POST", "/v1/events", body: invalid)
            #expect(rejected.status == 400)
            #expect(rejected.headers["content-type"] == "application/problem+json")
            let detail = try #require(rejected.json["detail"] as? String)
            #expect(detail.contains(#"[1]: split_test_exposure without "experiment""#), "\(detail)")
            #expect(detail.contains("[2]: no \"date\""), "\(detail)")
            #expect(detail.contains("[3]: an event is a JSON object"), "\(detail)")
            #expect(detail.contains("[4]: unknown event 'page_view'"), "\(detail)")
            #expect(detail.contains(#"[5]: "user" must be the signed-in user's id, a string, not an object"#), "\(detail)")
            #expect(detail.contains(#"[6]: "date" 1e300 is outside the years 1970 to 2100"#), "\(detail)")
            #expect(detail.contains(#"[7]: "date" 2101-01-01T00:00:00Z is outside the years 1970 to 2100"#), "\(detail)")
            #expect(!detail.contains("[0]"))
        }
        // Only the accepted array is in the database, exactly as the runtime writes the lines.
        let storage = try await SQLiteStorage.open(path: database, logger: Logger(label: "test"))
        let lines = try await storage.events()
        try await storage.close()
        #expect(lines == [Self.exposure("d1"), Self.goal])
    }

    /// The events the definitions declare are stored with their declared properties; any other
    /// event is refused by name, and a declared one of the wrong shape says what to change.
    @Test func declaredEventsAreStoredAndOthersRefusedByName() async throws {
        let folder = try Paths.temporaryFolder()
        let database = folder.appendingPathComponent("db.sqlite").path
        let purchase =
            #"{"date":"2026-03-01T12:00:07Z","event":"purchase","properties":{"currency":"eur","device":"d1","items":2,"revenue":3.99,"split_test-checkout_button":"blue"}}"#
        do {
            let server = try await ServerProcess.start(database: database)
            defer { server.stop() }
            let accepted = try await server.request("POST", "/v1/events", body: "[\(purchase),\(Self.goal)]")
            #expect(accepted.status == 202, "\(accepted.body)")
            let misspelt = try await server.request(
                "POST", "/v1/events",
                body: #"[{"date":"2026-03-01T12:00:07Z","event":"purchse","properties":{"device":"d1","revenue":3.99}}]"#)
            #expect(misspelt.status == 400)
            #expect(
                misspelt.json["detail"] as? String
                    == "1 of 1 events are invalid and none was stored: [0]: unknown event 'purchse' (known: split_test_exposure, split_test_goal, split_test_holdout, purchase); did you mean 'purchase'?")
            let mistyped = try await server.request(
                "POST", "/v1/events",
                body: #"[{"date":"2026-03-01T12:00:07Z","event":"purchase","properties":{"device":"d1","revenue":3.99,"currency":"gbp","items":2}}]"#)
            #expect(mistyped.status == 400)
            #expect((mistyped.json["detail"] as? String)?.hasSuffix(#"[0]: "currency" of purchase must be one of usd, eur"#) == true)
        }
        let storage = try await SQLiteStorage.open(path: database, logger: Logger(label: "test"))
        let lines = try await storage.events()
        try await storage.close()
        #expect(lines == [purchase, Self.goal])
    }

    @Test func clientMistakesAreProblemsThatSayWhatToChange() async throws {
        let folder = try Paths.temporaryFolder()
        let server = try await ServerProcess.start(database: folder.appendingPathComponent("db.sqlite").path)
        defer { server.stop() }
        let cases: [(body: String, status: Int, detail: String)] = [
            ("{\"device\": ", 400, "the body is not valid JSON: expected a value; found the end of the document at character 12"),
            ("{\"device\" \"d\"}", 400, "expected ':' after a member name; found '\"' at character 11"),
            (#"{"device": "a", "device": "b"}"#, 400, #"duplicate member "device" at character 17"#),
            ("[1]", 400, "must be a JSON object"),
            (#"{"attributes": {}}"#, 400, "no unit"),
            (#"{"device": 7}"#, 400, "\"device\" must be a string"),
            (#"{"device": "d", "experiments": ["nope"]}"#, 400, "no experiment 'nope' is defined (defined: banner_style"),
            (#"{"device": "d", "experiments": ["chekout_button"]}"#, 400, "tutorial_length); did you mean 'checkout_button'?"),
            (#"{"device": "\#(String(repeating: "d", count: 257))"}"#, 400, "\"device\" is 257 characters long; an id has at most 256"),
            (#"{"user": "a\u0000b"}"#, 400, "\"user\" contains the character U+0000"),
            (#"{"device": "d", "attributes": {"plan": 3}}"#, 400, "plan"),
            (#"{"device": "d", "attributes": {"plan": "gold"}}"#, 400, "gold"),
            (#"{"device": "d", "attributes": {"favourite_colour": "red"}}"#, 400, "favourite_colour"),
            (#"{"device": "d", "colour": "red"}"#, 400, "unknown field 'colour'"),
        ]
        for item in cases {
            let answer = try await server.request("POST", "/v1/assignments", body: item.body)
            #expect(answer.status == item.status, "\(item.body): \(answer.body)")
            #expect(answer.headers["content-type"] == "application/problem+json")
            #expect(answer.json["status"] as? Int == item.status)
            #expect(answer.json["title"] as? String == "Bad request")
            #expect((answer.json["detail"] as? String)?.contains(item.detail) == true, "\(item.body): \(answer.body)")
        }
        let large = "[" + String(repeating: "\(RequestTests.exposure("d")),", count: 9_000) + "1]"
        #expect(large.utf8.count > 1 << 20)
        let tooLarge = try await server.request("POST", "/v1/events", body: large)
        #expect(tooLarge.status == 413)
        #expect(tooLarge.json["status"] as? Int == 413)

        // A unit neither database could hold: a 400 before the database is asked.
        let nul = try await server.request("DELETE", "/v1/units/a%00b")
        #expect(nul.status == 400)
        #expect((nul.json["detail"] as? String)?.contains("U+0000") == true, "\(nul.body)")

        let missing = try await server.request("GET", "/v1/nothing")
        #expect(missing.status == 404)
        #expect(missing.headers["content-type"] == "application/problem+json")
        let noControl = try await server.request("GET", "/v1/control")
        #expect(noControl.status == 404)
        #expect((noControl.json["detail"] as? String)?.contains("--control") == true)

        let openapi = try await server.request("GET", "/openapi.yaml")
        #expect(openapi.status == 200)
        #expect(openapi.body.hasPrefix("openapi: 3.1.0\n"))
    }

    @Test func theKeyGuardsEveryVersionedRoute() async throws {
        let folder = try Paths.temporaryFolder()
        let server = try await ServerProcess.start(
            database: folder.appendingPathComponent("db.sqlite").path, key: "s3cret-key")
        defer { server.stop() }
        let body = #"{"device": "d1"}"#
        // No key: 401, which names the scheme to use.
        for headers: [String: String] in [[:], ["Authorization": "s3cret-key"], ["Authorization": "Basic czNjcmV0LWtleQ=="], ["Authorization": "Bearer"], ["Authorization": "Bearerer s3cret-key"]] {
            let answer = try await server.request("POST", "/v1/assignments", body: body, headers: headers)
            #expect(answer.status == 401, "\(headers)")
            #expect(answer.headers["content-type"] == "application/problem+json")
            #expect(answer.headers["www-authenticate"] == "Bearer")
            #expect(answer.json["title"] as? String == "Unauthorized")
        }
        // Another key: 403, as every route behind the key answers it.
        for headers: [String: String] in [["Authorization": "Bearer wrong"], ["Authorization": "Bearer s3cret-ke"], ["Authorization": "Bearer s3cret-key2"], ["Authorization": "bearer S3CRET-KEY"]] {
            let answer = try await server.request("POST", "/v1/assignments", body: body, headers: headers)
            #expect(answer.status == 403, "\(headers)")
            #expect(answer.headers["content-type"] == "application/problem+json")
            #expect(answer.headers["www-authenticate"] == nil)
            #expect(answer.json["status"] as? Int == 403)
            #expect((answer.json["detail"] as? String)?.contains("not the key this service was started with") == true)
        }
        #expect(try await server.request("DELETE", "/v1/units/d1").status == 401)
        #expect(try await server.request("GET", "/v1/control").status == 401)
        #expect(try await server.request("GET", "/v1/control", headers: ["Authorization": "Bearer nope"]).status == 403)
        // The scheme's name in any case, then one or more spaces.
        for scheme in ["Bearer", "bearer", "BEARER", "bEaReR", "Bearer  "] {
            let allowed = try await server.request("POST", "/v1/assignments", body: body, headers: ["Authorization": "\(scheme) s3cret-key"])
            #expect(allowed.status == 200, "\(scheme): \(allowed.body)")
        }
        #expect(try await server.request("GET", "/health").status == 200)
        #expect(try await server.request("GET", "/openapi.yaml").status == 200)
    }

    @Test func definitionsWithErrorsStopTheStartWithTheirLocations() async throws {
        let folder = try Paths.temporaryFolder()
        let broken = folder.appendingPathComponent("broken.yaml")
        try "identifier: broken\ntype: device\ngroups: [a, a]\n".write(to: broken, atomically: true, encoding: .utf8)
        if let failure = try await ServerProcess.refusal(
            definitions: [broken.path], database: folder.appendingPathComponent("db.sqlite").path)
        {
            #expect(failure.status == 1)
            #expect(failure.errors.contains("\(broken.path):3:"), "\(failure.errors)")
            #expect(failure.errors.contains("error:"))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("db.sqlite").path))
    }

    @Test func constantTimeComparisonAgreesWithEquality() {
        let key = Array("s3cret".utf8)
        #expect(ConstantTime.equal(key, key))
        for other in ["s3cre", "s3cret!", "S3cret", "", "x3cret"] {
            #expect(!ConstantTime.equal(Array(other.utf8), key))
        }
    }
}
