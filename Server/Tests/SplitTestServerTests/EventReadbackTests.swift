import Foundation
import Testing

/// Events an app posts to the service are read back by `splitc analyze --database` into the same
/// report as the same events in a file: the service stores each event line as the runtime writes it.
@Suite(.serialized) struct EventReadbackTests {
    @Test func eventsPostedToTheServiceGiveTheReportOfTheSameEventsInAFile() async throws {
        let folder = try Paths.temporaryFolder()
        let file = folder.appendingPathComponent("events.jsonl").path
        _ = try Splitc.run([
            "simulate", "--units", "2000", "--events", file, "--goal", "purchase",
            "--rate", "red=0.10", "--rate", "blue=0.14", "--rate", "green=0.12", Paths.definitions,
        ])
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count > 2_000, "an exposure per enrolled unit, and goals: \(lines.count) lines")

        let database = folder.appendingPathComponent("events.sqlite").path
        let server = try await ServerProcess.start(database: database)
        for start in stride(from: 0, to: lines.count, by: 100) {
            let batch = lines[start..<min(start + 100, lines.count)]
            let answer = try await server.request("POST", "/v1/events", body: "[" + batch.joined(separator: ",") + "]")
            #expect(answer.status == 202, "\(answer.body)")
        }
        #expect(server.stop() == 0)

        for format in ["text", "json", "html"] {
            let fromFile = try Splitc.run(["analyze", "--definitions", Paths.definitions, "--format", format, file])
            let fromDatabase = try Splitc.run([
                "analyze", "--definitions", Paths.definitions, "--format", format, "--database", "sqlite:\(database)",
            ])
            #expect(fromDatabase == fromFile, "\(format) report from the service's database")
            #expect(fromFile.contains("checkout_button"))
        }
    }
}
