import Foundation
import Testing
import TestTools

/// Where the warehouse and the event files once counted differently, and the check that
/// aggregates are read with the definitions (and the window) they were computed with: each on
/// small events, through the emitted SQL in DuckDB (and BigQuery's text in DuckDB).
@Suite struct WarehouseAgreementTests {
    /// Runs `splitc analyze` on `lines` directly and through the SQL of each dialect in DuckDB,
    /// with `options` on both sides; returns the readouts, the events' first.
    static func readouts(
        _ lines: [String], options: [String] = [], definitions: [String: String] = [:], in folder: URL
    ) throws -> (events: [[String: Any]], aggregates: [[[String: Any]]], stderr: String) {
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("events.jsonl"))
        for (name, text) in definitions { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        var jobs: [String] = []
        for dialect in ["duckdb", "bigquery"] {
            let sql = try ExternalProcess.splitc(["analyze", "--emit-sql", dialect, "--events-table", "events"] + options, in: folder)
            #expect(sql.status == 0, "\(sql.stderr)")
            try Data(sql.stdout.utf8).write(to: folder.appendingPathComponent("\(dialect).sql"))
            jobs.append("\(dialect):\(folder.appendingPathComponent("\(dialect).sql").path):\(folder.appendingPathComponent("\(dialect).csv").path)")
        }
        let run = try ExternalProcess.python("run_warehouse.py", [folder.appendingPathComponent("events.jsonl").path] + jobs)
        try #require(run.status == 0, "\(run.stdout)\(run.stderr)")
        let direct = try ExternalProcess.splitc(["analyze", "events.jsonl", "--format", "json"] + options, in: folder)
        #expect(direct.status == 0, "\(direct.stderr)")
        let events = try #require(try JSONSerialization.jsonObject(with: Data(direct.stdout.utf8)) as? [[String: Any]])
        let aggregates = try ["duckdb", "bigquery"].map { dialect in
            try WarehouseTests.readout(aggregates: "\(dialect).csv", options: options, in: folder)
        }
        return (events, aggregates, direct.stderr)
    }

    static func expectSame(_ events: [[String: Any]], _ aggregates: [[[String: Any]]]) {
        for (index, readout) in aggregates.enumerated() {
            var differences: [String] = []
            var compared = 0
            JSONComparison.compare(events, readout, path: "aggregates[\(index)]", differences: &differences, compared: &compared)
            #expect(differences.isEmpty && compared > 20, "\(compared) compared: \(differences.prefix(10))")
        }
    }

    static func groups(_ readout: [[String: Any]], _ experiment: String) -> [[String: Any]] {
        WarehouseTests.groups(of: readout.first { $0["experiment"] as? String == experiment } ?? [:])
    }

    /// An experiment whose every unit was exposed in both groups: both groups listed with no
    /// units, its conflicts counted, in the warehouse as from the events (which once listed no
    /// group at all).
    @Test(.requires(.duckdb)) func experimentWhoseUnitsAreAllInConflict() throws {
        try Oracle.duckdb.require()
        let folder = try ExternalProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var lines: [String] = []
        for index in 0..<4 {
            lines.append(EventLines.exposure("flip", "control", unit: "d\(index)", at: Double(index)))
            lines.append(EventLines.exposure("flip", "variant", unit: "d\(index)", at: Double(index) + 0.5))
        }
        for index in 4..<12 {
            lines.append(EventLines.exposure("steady", index % 2 == 0 ? "control" : "variant", unit: "d\(index)", at: Double(index)))
        }
        for index in 0..<12 where index % 3 != 0 {
            lines.append(EventLines.goal("buy", value: Double(index), device: "d\(index)", at: 20 + Double(index)))
        }
        let (events, aggregates, _) = try Self.readouts(lines, in: folder)
        let flip = try #require(events.first { $0["experiment"] as? String == "flip" })
        #expect(flip["conflicts"] as? Int == 4 && flip["units"] as? Int == 0)
        #expect(Self.groups(events, "flip").map { $0["group"] as? String } == ["control", "variant"])
        #expect(Self.groups(events, "flip").map { $0["units"] as? Int } == [0, 0])
        for readout in aggregates {
            #expect(Self.groups(readout, "flip").map { $0["group"] as? String } == ["control", "variant"])
        }
        Self.expectSame(events, aggregates)
    }

    /// Goals whose value is a string, infinite, a Boolean, an array or an object are left out,
    /// conversion and all, in the warehouse (loaded as NaN or infinity) as from the events; a
    /// null value is no value, worth 0.
    @Test(.requires(.duckdb)) func goalValuesThatAreNotFiniteNumbers() throws {
        try Oracle.duckdb.require()
        let folder = try ExternalProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var lines: [String] = []
        for index in 0..<20 {
            lines.append(EventLines.exposure("price", index % 2 == 0 ? "control" : "higher", unit: "d\(index)", at: 0))
        }
        let odd = [#""nan""#, "1e999", "-1e999", "true", "[1]", #"{"amount":3}"#, #""12""#]
        for (index, value) in odd.enumerated() {
            lines.append(#"{"date":"\#(EventLines.time(10))","event":"split_test_goal","properties":{"device":"d\#(index)","goal":"buy","value":\#(value)}}"#)
        }
        for index in 7..<20 {
            let value = index % 4 == 0 ? "null" : "\(Double(index) / 4)"
            lines.append(#"{"date":"\#(EventLines.time(10))","event":"split_test_goal","properties":{"device":"d\#(index)","goal":"buy","value":\#(value)}}"#)
        }
        let (events, aggregates, stderr) = try Self.readouts(lines, in: folder)
        #expect(stderr.components(separatedBy: "is not a finite number").count - 1 == odd.count, "\(stderr)")
        let groups = Self.groups(events, "price")
        // d7…d19 converted: 6 in control (even), 7 in higher.
        #expect(groups.map { $0["converted"] as? Int } == [6, 7], "\(groups)")
        // Control's values: d10/4, d14/4, d18/4 (d8, d12, d16 have null values).
        let expectedSum: Double = (10 + 14 + 18) / 4
        #expect(groups.first?["value_sum"] as? Double == expectedSum)
        Self.expectSame(events, aggregates)
    }

    static let definitions = """
        identifier: button_color
        type: device
        groups: { red: 1, blue: 1 }
        """

    /// Aggregates read with other definitions than the query was emitted with are refused, and so
    /// is `--cuped` on aggregates without the pre-exposure columns or with another window; a CSV
    /// from before the fingerprint is read with a warning.
    @Test(.requires(.duckdb)) func aggregatesAreReadWithTheirOwnDefinitionsAndWindow() throws {
        try Oracle.duckdb.require()
        let folder = try ExternalProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var lines: [String] = []
        let exposure: Double = 86_400 * 20
        for index in 0..<40 {
            let unit = "d\(index)"
            let before: Double = exposure - 3_600 * Double(index * 5)
            lines.append(EventLines.goal("buy", value: 2, device: unit, at: before))
            lines.append(EventLines.exposure("button_color", index % 2 == 0 ? "red" : "blue", unit: unit, at: exposure))
            lines.append(EventLines.goal("buy", value: Double(index % 5), device: unit, at: exposure + 60))
        }
        let options = ["--definitions", "button_color.yaml", "--cuped", "--cuped-days", "7"]
        let (events, aggregates, _) = try Self.readouts(lines, options: options, definitions: ["button_color.yaml": Self.definitions], in: folder)
        Self.expectSame(events, aggregates)

        func analyze(_ csv: String, _ arguments: [String]) throws -> CapturedProcess.Outcome {
            try ExternalProcess.splitc(["analyze", "--aggregates", csv, "--format", "json"] + arguments, in: folder)
        }
        try Data(Self.definitions.replacingOccurrences(of: "blue: 1", with: "blue: 3").utf8)
            .write(to: folder.appendingPathComponent("reweighted.yaml"))
        try Data((Self.definitions + "\ncontrol: blue").utf8).write(to: folder.appendingPathComponent("other_control.yaml"))
        for other in [["--definitions", "reweighted.yaml"], ["--definitions", "other_control.yaml"], []] {
            let refused = try analyze("duckdb.csv", other + ["--cuped", "--cuped-days", "7"])
            #expect(refused.status == 2 && refused.stderr.contains("other definitions"), "\(other): \(refused.stderr)")
        }
        let otherWindow = try analyze("duckdb.csv", ["--definitions", "button_color.yaml", "--cuped"])
        #expect(otherWindow.status == 2 && otherWindow.stderr.contains("--cuped-days 7"), "\(otherWindow.stderr)")
        let plain = try analyze("duckdb.csv", ["--definitions", "button_color.yaml"])
        #expect(plain.status == 0, "without --cuped the pre-exposure columns are not needed: \(plain.stderr)")

        // Without the fingerprint column: read, with a warning; without the pre-exposure columns:
        // no --cuped.
        let text = try String(contentsOf: folder.appendingPathComponent("duckdb.csv"), encoding: .utf8)
        let rows = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        func without(_ columns: Set<String>) -> String {
            let keep = rows[0].indices.filter { !columns.contains(rows[0][$0]) }
            return rows.map { row in keep.map { row[$0] }.joined(separator: ",") }.joined(separator: "\n") + "\n"
        }
        try Data(without(["definitions_fingerprint"]).utf8).write(to: folder.appendingPathComponent("older.csv"))
        let older = try analyze("older.csv", options)
        #expect(older.status == 0 && older.stderr.contains("cannot check"), "\(older.stderr)")
        let preColumns: Set = ["pre_converted", "pre_value_sum", "pre_value_sum_squares", "pre_post_converted", "pre_post_value_products", "pre_window_days"]
        try Data(without(preColumns).utf8).write(to: folder.appendingPathComponent("plain.csv"))
        let noCovariates = try analyze("plain.csv", options)
        #expect(noCovariates.status == 2 && noCovariates.stderr.contains("emit the SQL with --cuped"), "\(noCovariates.stderr)")
        try Data(without(["pre_value_sum"]).utf8).write(to: folder.appendingPathComponent("partial.csv"))
        let partial = try analyze("partial.csv", options)
        #expect(partial.status == 2 && partial.stderr.contains("incomplete"), "\(partial.stderr)")
    }
}
