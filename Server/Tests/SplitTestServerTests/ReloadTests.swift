import Foundation
import Testing
@_spi(Tools) import SplitTesting

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

    @Test func sighupNeverInstallsAControlDocumentNoNewerThanTheOneInForce() async throws {
        let folder = try Paths.temporaryFolder()
        let definitions = folder.appendingPathComponent("experiments")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: Paths.definitions), to: definitions)
        let controlPath = folder.appendingPathComponent("control.json")
        func publish(sequence: Int, red: Double) throws {
            let control = SplitTestControl(
                sequence: sequence, experiments: ["checkout_button": .init(weights: ["red": red, "blue": 1, "green": 1])])
            try control.writeDocument(to: controlPath.path)
        }
        try publish(sequence: 5, red: 1)
        let server = try await ServerProcess.start(
            definitions: [definitions.path], database: folder.appendingPathComponent("db.sqlite").path,
            arguments: ["--control", controlPath.path])
        defer { server.stop() }
        let first = try await server.request("GET", "/v1/control")
        #expect(first.status == 200)
        #expect(try await server.request("GET", "/health").json["control_sequence"] as? Int == 5)

        // Another document with a sequence apps would refuse, lower or the same: logged, and the
        // definitions and document in force stay (the new experiment beside it is not served).
        try "identifier: search_ranking\ntype: device\ngroups: [classic, ranked]\n"
            .write(to: definitions.appendingPathComponent("search_ranking.yaml"), atomically: true, encoding: .utf8)
        for (attempt, sequence) in [4, 5].enumerated() {
            try publish(sequence: sequence, red: 50)
            server.signal(SIGHUP)
            try await waitUntil("the refused reload is logged") {
                server.printed.components(separatedBy: "is not greater than 5").count == attempt + 2
            }
            #expect(server.printed.contains("control document's sequence \(sequence) is not greater than 5"), "\(server.printed)")
            let health = try await server.request("GET", "/health")
            #expect(health.json["control_sequence"] as? Int == 5)
            #expect(health.json["experiments"] as? Int == 4)
            #expect(try await server.request("GET", "/v1/control").body == first.body)
        }

        // The document in force, read again with new definitions: no change of document, reloaded.
        try publish(sequence: 5, red: 1)
        server.signal(SIGHUP)
        try await waitUntil("the new experiment serves") {
            try await server.request("GET", "/health").json["experiments"] as? Int == 5
        }
        #expect(try await server.request("GET", "/v1/control").body == first.body)

        // A newer document: installed.
        try publish(sequence: 6, red: 50)
        server.signal(SIGHUP)
        try await waitUntil("the newer document is in force") {
            try await server.request("GET", "/health").json["control_sequence"] as? Int == 6
        }
        #expect(try await server.request("GET", "/v1/control").body != first.body)
    }

    @Test func anEmptyDefinitionsFolderIsRefusedAtStartAndAtReload() async throws {
        let folder = try Paths.temporaryFolder()
        let empty = folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        if let failure = try await ServerProcess.refusal(
            definitions: [empty.path], database: folder.appendingPathComponent("db.sqlite").path)
        {
            #expect(failure.status == 1)
            #expect(failure.errors.contains("no experiment is defined in '\(empty.path)'"), "\(failure.errors)")
            #expect(failure.errors.contains("not started"))
        }

        let definitions = folder.appendingPathComponent("experiments")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: Paths.definitions), to: definitions)
        let server = try await ServerProcess.start(
            definitions: [definitions.path], database: folder.appendingPathComponent("db.sqlite").path)
        defer { server.stop() }
        for file in try FileManager.default.contentsOfDirectory(atPath: definitions.path) {
            try FileManager.default.removeItem(at: definitions.appendingPathComponent(file))
        }
        server.signal(SIGHUP)
        try await waitUntil("the failed reload is logged") { server.printed.contains("reload failed") }
        #expect(server.printed.contains("no experiment is defined in '\(definitions.path)'"), "\(server.printed)")
        #expect(try await server.request("GET", "/health").json["experiments"] as? Int == 4)
        #expect(try await server.assign(#"{"device": "after-empty-reload"}"#).count == 4)
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
