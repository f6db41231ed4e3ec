import Foundation
import Logging
import Testing
@_spi(Tools) @testable import SplitTestServer

/// A SQLite file that goes away under the running service: 503 while it cannot be opened again,
/// and answers again by themselves once it can.
@Suite struct SQLiteOutageTests {
    @Test func aRemovedDatabaseGives503UntilItCanBeCreatedAgain() async throws {
        let folder = try Paths.temporaryFolder().appendingPathComponent("data")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let database = folder.appendingPathComponent("db.sqlite").path
        let server = try await ServerProcess.start(database: database)
        defer { server.stop() }
        let body = #"{"device": "outage-device", "experiments": ["checkout_button"]}"#
        #expect(try await server.assign(body)["checkout_button"]?["reason"] as? String == "bucketed")
        #expect(try await server.assign(body)["checkout_button"]?["reason"] as? String == "sticky")

        // The folder and the file in it are gone: nothing can be stored, and the service says so.
        try FileManager.default.removeItem(at: folder)
        // The service looks at the file at most once a millisecond.
        try await Task.sleep(for: SQLiteStorage.fileLookInterval * 10)
        let away = try await server.request("POST", "/v1/assignments", body: body)
        #expect(away.status == 503, "\(away.body)")
        #expect(away.headers["content-type"] == "application/problem+json")
        #expect(try await server.request("POST", "/v1/events", body: "[\(RequestTests.exposure("lost"))]").status == 503)
        #expect(try await server.request("GET", "/health").status == 200)

        // The folder is back: the file is created anew and the service answers again.
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let again = try await server.assign(body)
        #expect(again["checkout_button"]?["reason"] as? String == "bucketed")
        let accepted = try await server.request("POST", "/v1/events", body: "[\(RequestTests.exposure("kept"))]")
        #expect(accepted.status == 202)
        #expect(server.stop() == 0)
        let storage = try await SQLiteStorage.open(path: database, logger: Logger(label: "test"))
        let lines = try await storage.events()
        let stored = try await storage.assignments(unit: "outage-device")
        try await storage.close()
        #expect(lines == [RequestTests.exposure("kept")])
        #expect(stored["checkout_button"] == again["checkout_button"]?["group"] as? String)
    }
}
