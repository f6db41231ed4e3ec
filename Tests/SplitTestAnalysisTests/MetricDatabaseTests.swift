import Foundation
@_spi(Tools) import SplitTestAnalysis
import Testing
import TestTools

/// Typed events the decision service stored (its `events` table, a JSON line per row) give the
/// same metrics as the same lines in a file, with the same lines that do not match their
/// declaration reported, by row id.
@Suite struct MetricDatabaseTests {
    @Test(.requires(.python3)) func storedTypedEventsReadAsAFileDoes() throws {
        try Oracle.python3.require()
        let folder = try ExternalProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var lines = MetricSimulation(unitsPerGroup: 300).lines()
        lines.insert(MetricFixtures.event("purchase", ["revenue": "a lot", "currency": "usd"], device: "unit-3", at: 200), at: 40)
        lines.insert(MetricFixtures.event("screen_loaded", ["milliseconds": 1.5], device: "unit-4", at: 200), at: 90)
        let file = folder.appendingPathComponent("events.jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        let database = folder.appendingPathComponent("service.sqlite")
        let load = try ExternalProcess.python("service_sqlite.py", ["load", database.path, file.path])
        try #require(load.status == 0, "\(load.stderr)")

        func read(_ sources: [any EventLineSource]) throws -> (String, [InputIssue]) {
            var accumulator = EventAccumulator(definitions: [MetricFixtures.definition()], metrics: MetricFixtures.metrics(), dimension: "country")
            try EventFiles.read(sources: sources, into: &accumulator)
            let readouts = ReadoutBuilder.readouts(accumulator.totals(), correction: .bh)
            return (JSONReport.render(readouts) + TextReport.render(readouts) + HTMLReport.render(readouts), accumulator.issues)
        }
        let (fromFile, fileIssues) = try read([EventLogReader(path: file.path)])
        let (stored, storedIssues) = try read([try EventDatabase.source(at: "sqlite:\(database.path)")])
        #expect(stored == fromFile)
        #expect(fromFile.contains("\"metric\": \"p90_load_time\""))
        // The two lines not as declared, at lines (and row ids) 41 and 91.
        #expect(storedIssues.filter { $0.kind == .eventNotAsDeclared }.map(\.line) == [41, 91])
        #expect(storedIssues.map(\.line) == fileIssues.map(\.line))
        #expect(storedIssues.first { $0.kind == .eventNotAsDeclared }?.rowDescription.contains("id 41: warning: event not as declared") == true)
    }
}
