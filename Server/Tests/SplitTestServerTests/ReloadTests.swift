import Foundation
import Testing

/// SIGHUP to the running process: new definitions serve from the next request on, invalid ones
/// leave those in force, and no request fails meanwhile.
@Suite struct ReloadTests {
    @Test func sighupReloadsDefinitionsAndKeepsThemWhenTheNewOnesAreInvalid() async throws {
        let folder = try Paths.temporaryFolder()
        let definitions = folder.appendingPathComponent("experiments")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: Paths.definitions), to: definitions)
        let server = try await ServerProcess.start(
            definitions: [definitions.path], database: folder.appendingPathComponent("db.sqlite").path)
        defer { server.stop() }
        #expect(try await server.request("GET", "/health").json["experiments"] as? Int == 4)

        // Requests all along: none may fail while the definitions change under them.
        let done = Flag()
        let load = Task {
            var statuses: [Int] = []
            var index = 0
            while !done.isSet {
                let answer = try await server.request("POST", "/v1/assignments", body: #"{"device": "reload-\#(index)"}"#)
                statuses.append(answer.status)
                index += 1
            }
            return statuses
        }

        let added = """
            identifier: search_ranking
            type: device
            groups: [classic, ranked]
            """
        try added.write(to: definitions.appendingPathComponent("search_ranking.yaml"), atomically: true, encoding: .utf8)
        server.signal(SIGHUP)
        try await waitUntil("the new experiment serves") {
            try await server.request("GET", "/health").json["experiments"] as? Int == 5
        }
        let answer = try await server.assign(#"{"device": "after-reload", "experiments": ["search_ranking"]}"#)
        #expect(answer["search_ranking"]?["reason"] as? String == "bucketed")

        // A definition with an error: logged, and the five experiments stay.
        try "identifier: broken\ntype: device\ngroups: [a, a]\n"
            .write(to: definitions.appendingPathComponent("broken.yaml"), atomically: true, encoding: .utf8)
        server.signal(SIGHUP)
        try await waitUntil("the failed reload is logged") { server.printed.contains("reload failed") }
        #expect(server.printed.contains("broken.yaml:3:"), "\(server.printed)")
        #expect(try await server.request("GET", "/health").json["experiments"] as? Int == 5)
        #expect(try await server.assign(#"{"device": "after-failed-reload"}"#).keys.contains("search_ranking"))

        // Fixed: the next SIGHUP takes it.
        try FileManager.default.removeItem(at: definitions.appendingPathComponent("broken.yaml"))
        try FileManager.default.removeItem(at: definitions.appendingPathComponent("search_ranking.yaml"))
        server.signal(SIGHUP)
        try await waitUntil("the removed experiment is gone") {
            try await server.request("GET", "/health").json["experiments"] as? Int == 4
        }
        let unknown = try await server.request(
            "POST", "/v1/assignments", body: #"{"device": "d", "experiments": ["search_ranking"]}"#)
        #expect(unknown.status == 400)

        done.set()
        let statuses = try await load.value
        #expect(statuses.count > 3)
        #expect(statuses.allSatisfy { $0 == 200 }, "\(Set(statuses))")
        #expect(server.stop() == 0)
    }

    /// A flag set once, read from another task.
    private final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.withLock { value } }
        func set() { lock.withLock { value = true } }
    }

    /// Polls `condition` every 50 ms for up to 30 seconds.
    private func waitUntil(_ what: String, _ condition: () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("timed out waiting until \(what)")
    }
}
