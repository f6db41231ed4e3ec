import Foundation
import SplitTestAnalysis
import SplitTestStatistics
import Testing
import TestTools

/// The same events four ways: read by `splitc analyze`, and aggregated by the emitted SQL in
/// DuckDB, in Spark, and (BigQuery's text) in DuckDB with `FLOAT64` declared, then read with
/// `--aggregates`: every figure equal to 1e-9, experiments and holdouts, with and without
/// `--definitions`.
@Suite struct WarehouseTests {
    /// Every tenth device is held out of `q1_holdout` (a fifth of those are exposed all the same:
    /// conflicts); every seventh user of `users_holdout`.
    static func heldOutDevice(_ index: Int) -> Bool { index % 10 == 7 }
    static func exposedAnyway(_ index: Int) -> Bool { index % 50 == 7 }
    static func heldOutUser(_ index: Int) -> Bool { index % 3 == 0 && (index / 3) % 7 == 2 }

    /// Three experiments (one keyed by users) and one not in the definitions, a group not in them,
    /// two goals with values, conflicts, goals before the first exposure, repeated goals,
    /// fractional seconds, and two holdouts (one of devices, one of users) whose units are mostly
    /// never exposed to the experiments they cover. For CUPED, goals days before the first
    /// exposure, within two weeks and beyond; and the two cases where the warehouse once counted
    /// otherwise than the events: an experiment whose every unit is in conflict (`flip_flop`, not
    /// in the definitions), and goal values that are not finite numbers.
    static func events() -> [String] {
        var generator = SplitMix64(seed: 2_026)
        var lines: [String] = []
        let experiments: [(String, [String], Bool)] = [
            ("button_color", ["control", "blue", "green"], false),
            ("profile_redesign", ["control", "control_check", "new_v1"], true),
            ("checkout_copy", ["short", "control"], false),
            ("legacy_banner", ["control", "banner"], false),
        ]
        for index in 0..<1_500 {
            let device = "device-\(index)"
            let user = index % 3 == 0 ? "user-\(index / 3)" : nil
            var clock = Double(index) + Double(generator.next() % 1_000) / 1_000
            if generator.uniform() < 0.1 {
                lines.append(EventLines.goal("purchase", value: 1, device: device, user: user, at: clock - 0.5))
            }
            lines.append(contentsOf: Self.prePeriodAndOddLines(index, device: device, user: user, at: clock))
            if heldOutDevice(index) {
                lines.append(EventLines.line("split_test_holdout", at: clock, ["holdout": "q1_holdout", "unit": device]))
                // Reported again by a later session: the first one counts.
                lines.append(EventLines.line("split_test_holdout", at: clock + 2, ["holdout": "q1_holdout", "unit": device]))
            }
            if let user, heldOutUser(index) {
                lines.append(EventLines.line("split_test_holdout", at: clock + 0.125, ["holdout": "users_holdout", "unit": user]))
            }
            for (experiment, groups, byUser) in experiments {
                guard let unit = byUser ? user : device, generator.uniform() < (experiment == "legacy_banner" ? 0.1 : 0.8) else {
                    continue
                }
                if byUser ? heldOutUser(index) : heldOutDevice(index) && !exposedAnyway(index) { continue }
                var group = groups[Int(generator.next() % UInt64(groups.count))]
                if experiment == "button_color", generator.uniform() < 0.02 { group = "purple" }
                lines.append(EventLines.exposure(experiment, group, unit: unit, at: clock))
                if generator.uniform() < 0.02 {
                    let other = groups.first { $0 != group } ?? group
                    lines.append(EventLines.exposure(experiment, other, unit: unit, at: clock + 1))
                }
                clock += 0.25
            }
            for goal in ["purchase", "signup"] where generator.uniform() < 0.3 {
                let repeats = 1 + Int(generator.next() % 3)
                for _ in 0..<repeats {
                    clock += 0.125
                    let value: Double? = goal == "purchase" ? (Double(generator.next() % 10_000) / 100) : nil
                    lines.append(EventLines.goal(goal, value: value, device: device, user: user, at: clock))
                }
            }
        }
        return lines
    }

    /// The definitions: `purple` and `legacy_banner` are not in them; each holdout covers the
    /// experiments of its unit type only (without definitions, both cover all four).
    static let definitions = [
        "button_color.yaml": """
            identifier: button_color
            type: device
            groups: { control: { weight: 1 }, blue: { weight: 1 }, green: { weight: 1 } }
            control: control
            """,
        "profile_redesign.yaml": """
            identifier: profile_redesign
            type: user
            groups: { control: { weight: 1 }, control_check: { weight: 1 }, new_v1: { weight: 1 } }
            control: control
            """,
        "checkout_copy.yaml": """
            identifier: checkout_copy
            type: device
            groups: { short: { weight: 1 }, control: { weight: 1 } }
            control: control
            """,
        "q1_holdout.yaml": """
            holdout: { name: q1_holdout, type: device, percent: 10, experiments: [button_color, checkout_copy] }
            """,
        "users_holdout.yaml": """
            holdout: { name: users_holdout, type: user, percent: 10, experiments: [profile_redesign] }
            """,
    ]

    static let dialects = ["duckdb", "spark", "bigquery"]

    @Test(.requires(.warehouse)) func eventsDuckDBSparkAndBigQueryAgree() throws {
        try Oracle.warehouse.require()
        let folder = try ExternalProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data((Self.events().joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("events.jsonl"))
        let experimentsFolder = folder.appendingPathComponent("definitions")
        try FileManager.default.createDirectory(at: experimentsFolder, withIntermediateDirectories: true)
        for (name, text) in Self.definitions {
            try Data(text.utf8).write(to: experimentsFolder.appendingPathComponent(name))
        }
        // Spark takes tens of seconds per query on two cores: it runs one CUPED variant, DuckDB
        // (and BigQuery's text) both.
        let variants: [(suffix: String, options: [String], dialects: [String])] = [
            ("", [], Self.dialects), ("-definitions", ["--definitions", "definitions"], Self.dialects),
            ("-cuped", ["--cuped", "--sequential"], ["duckdb", "bigquery"]),
            ("-cuped7-definitions",
             ["--cuped", "--cuped-days", "7", "--sequential", "--sequential-tuning", "2000", "--definitions", "definitions"],
             Self.dialects),
        ]
        var jobs: [String] = []
        for variant in variants {
            for dialect in variant.dialects {
                let sql = try ExternalProcess.splitc(
                    ["analyze", "--emit-sql", dialect, "--events-table", "events"] + variant.options, in: folder)
                #expect(sql.status == 0, "\(sql.stderr)")
                let name = folder.appendingPathComponent("\(dialect)\(variant.suffix)").path
                try Data(sql.stdout.utf8).write(to: URL(fileURLWithPath: name + ".sql"))
                jobs.append("\(dialect):\(name).sql:\(name).csv")
            }
        }
        let warehouse = try ExternalProcess.python("run_warehouse.py", [folder.appendingPathComponent("events.jsonl").path] + jobs)
        try #require(warehouse.status == 0, "python3 -m pip install duckdb pyspark pandas (and Java 17)\n\(warehouse.stdout)\(warehouse.stderr)")

        var holdoutReadouts: [String: [[String: Any]]] = [:]
        for variant in variants {
            let direct = try ExternalProcess.splitc(["analyze", "events.jsonl", "--format", "json"] + variant.options, in: folder)
            #expect(direct.status == 0, "\(direct.stderr)")
            let reference = try #require(try JSONSerialization.jsonObject(with: Data(direct.stdout.utf8)) as? [[String: Any]])
            let holdouts = reference.filter { $0["kind"] as? String == "holdout" }
            holdoutReadouts[variant.suffix] = holdouts
            if variant.options.contains("--cuped") { try Self.expectMeaningfulCUPED(reference, variant: variant.suffix) }
            try Self.expectMeaningfulHoldouts(holdouts, variant: variant.suffix)
            for dialect in variant.dialects {
                let source = "\(dialect)\(variant.suffix).csv"
                let figures = try Self.readout(aggregates: source, options: variant.options, in: folder)
                var differences: [String] = []
                var compared = 0
                JSONComparison.compare(reference, figures, path: source, differences: &differences, compared: &compared)
                #expect(differences.isEmpty, "\(differences.prefix(20).joined(separator: "\n"))")
                #expect(compared > 250, "\(source): \(compared) figures compared")
                // The holdouts on their own, so that their share of the figures is counted.
                var holdoutDifferences: [String] = []
                var holdoutCompared = 0
                JSONComparison.compare(
                    holdouts, figures.filter { $0["kind"] as? String == "holdout" }, path: source,
                    differences: &holdoutDifferences, compared: &holdoutCompared)
                #expect(holdoutDifferences.isEmpty && holdoutCompared > 60, "\(source): \(holdoutCompared) holdout figures compared")
            }
        }
        // The definitions narrow what each holdout covers: the exposed groups are not the same.
        let exposed = { (suffix: String) in
            holdoutReadouts[suffix]?.map { Self.groups(of: $0).map { $0["units"] as? Int ?? -1 } } ?? []
        }
        #expect(exposed("") != exposed("-definitions"), "\(exposed(""))")

        try Self.expectWrongHoldoutRowCaught(in: folder)
        try Self.expectOlderCSVRead(in: folder)
    }

    /// The lines of device `index` beyond the original events: goals from 3 to 20 days before its
    /// exposures, the exposures of `flip_flop` (every unit in both groups), and goals whose
    /// value is a string, infinite, a Boolean or an object.
    static func prePeriodAndOddLines(_ index: Int, device: String, user: String?, at clock: Double) -> [String] {
        var lines: [String] = []
        let day = 86_400.0
        if index % 3 == 1 {
            lines.append(EventLines.goal("purchase", value: Double(index % 17) + 0.25, device: device, user: user, at: clock - 3 * day))
        }
        if index % 5 == 2 { lines.append(EventLines.goal("signup", device: device, user: user, at: clock - Double(4 + index % 7) * day)) }
        if index % 11 == 2 { lines.append(EventLines.goal("purchase", value: 40, device: device, at: clock - 20 * day)) }
        if index % 40 == 5 {
            lines.append(EventLines.exposure("flip_flop", "control", unit: device, at: clock))
            lines.append(EventLines.exposure("flip_flop", "variant", unit: device, at: clock + 0.5))
        }
        let date = EventLines.time(clock + 30)
        switch index % 100 {
        case 13: lines.append(EventLines.line("split_test_goal", at: clock + 30, ["goal": "purchase", "device": device, "value": "nan"]))
        case 14: lines.append(#"{"date":"\#(date)","event":"split_test_goal","properties":{"device":"\#(device)","goal":"purchase","value":1e999}}"#)
        case 15: lines.append(#"{"date":"\#(date)","event":"split_test_goal","properties":{"device":"\#(device)","goal":"signup","value":true}}"#)
        case 16: lines.append(#"{"date":"\#(date)","event":"split_test_goal","properties":{"device":"\#(device)","goal":"signup","value":{"amount":3}}}"#)
        default: break
        }
        return lines
    }

    /// Both holdouts are there, with units in each group, conflicts in `q1_holdout` (held-out
    /// units exposed anyway), and conversions in each group: a comparison that cannot be vacuous.
    static func expectMeaningfulHoldouts(_ holdouts: [[String: Any]], variant: String) throws {
        #expect(holdouts.map { $0["experiment"] as? String } == ["q1_holdout", "users_holdout"], "\(variant)")
        for holdout in holdouts {
            let groups = Self.groups(of: holdout)
            #expect(groups.map { $0["group"] as? String } == ["holdout", "exposed"])
            #expect(groups.allSatisfy { ($0["units"] as? Int ?? 0) > 10 && ($0["converted"] as? Int ?? 0) > 0 }, "\(variant): \(groups)")
        }
        #expect((holdouts.first?["conflicts"] as? Int ?? 0) > 0, "\(variant): held-out devices exposed anyway are conflicts")
    }

    /// CUPED found a pre-period: most effects were adjusted (θ not 0), some removing variance (the
    /// pre-period of these events barely predicts the outcome; the gbstats tests have one that does).
    static func expectMeaningfulCUPED(_ readout: [[String: Any]], variant: String) throws {
        let effects = readout.flatMap { entry in
            ((entry["goals"] as? [[String: Any]]) ?? []).flatMap { goal in
                ((goal["groups"] as? [[String: Any]]) ?? []).compactMap { $0["vs_control"] as? [String: Any] }
                    .flatMap { [$0["effect"], $0["value_effect"]].compactMap { $0 as? [String: Any] } }
            }
        }
        let adjusted = effects.compactMap { $0["cuped"] as? [String: Any] }.filter { ($0["theta"] as? Double ?? 0) != 0 }
        let reduced = adjusted.filter { ($0["variance_reduction"] as? Double ?? 0) > 0.001 }
        #expect(
            effects.count >= 28 && adjusted.count * 2 > effects.count && reduced.count >= 3,
            "\(variant): \(adjusted.count) adjusted, \(reduced.count) reduced of \(effects.count)")
    }

    /// The groups of an entry's first goal.
    static func groups(of entry: [String: Any]) -> [[String: Any]] {
        ((entry["goals"] as? [[String: Any]])?.first?["groups"] as? [[String: Any]]) ?? []
    }

    static func readout(aggregates: String, options: [String] = [], in folder: URL) throws -> [[String: Any]] {
        let outcome = try ExternalProcess.splitc(["analyze", "--aggregates", aggregates, "--format", "json"] + options, in: folder)
        #expect(outcome.status == 0, "\(aggregates): \(outcome.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]])
    }

    /// One holdout row with one more converted unit: the comparison finds it, in that holdout.
    static func expectWrongHoldoutRowCaught(in folder: URL) throws {
        let text = try String(contentsOf: folder.appendingPathComponent("duckdb.csv"), encoding: .utf8)
        var lines = text.split(separator: "\n").map(String.init)
        let header = lines[0].split(separator: ",").map(String.init)
        let converted = try #require(header.firstIndex(of: "converted"))
        let row = try #require(lines.firstIndex { $0.hasPrefix("users_holdout,exposed,purchase,") })
        var fields = lines[row].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        fields[converted] = String(Int(fields[converted])! + 1)
        lines[row] = fields.joined(separator: ",")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("wrong.csv"))
        let right = try readout(aggregates: "duckdb.csv", in: folder)
        let wrong = try readout(aggregates: "wrong.csv", in: folder)
        var differences: [String] = []
        var compared = 0
        JSONComparison.compare(right, wrong, path: "wrong", differences: &differences, compared: &compared)
        let index = try #require(right.firstIndex { $0["experiment"] as? String == "users_holdout" })
        #expect(!differences.isEmpty && differences.allSatisfy { $0.hasPrefix("wrong[\(index)]") }, "\(differences)")
    }

    /// A CSV written before holdouts (no `kind` column, no holdout rows) still reads: the same
    /// experiments.
    static func expectOlderCSVRead(in folder: URL) throws {
        let text = try String(contentsOf: folder.appendingPathComponent("duckdb.csv"), encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        let kind = try #require(lines[0].split(separator: ",").map(String.init).firstIndex(of: "kind"))
        let older = lines.compactMap { line -> String? in
            var fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields[kind] != "holdout" else { return nil }
            fields.remove(at: kind)
            return fields.joined(separator: ",")
        }
        #expect(!older[0].contains("kind") && older.count < lines.count)
        try Data((older.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("older.csv"))
        let current = try readout(aggregates: "duckdb.csv", in: folder).filter { $0["kind"] as? String == "experiment" }
        let previous = try readout(aggregates: "older.csv", in: folder)
        var differences: [String] = []
        var compared = 0
        JSONComparison.compare(current, previous, path: "older", differences: &differences, compared: &compared)
        #expect(differences.isEmpty && compared > 200, "\(differences.prefix(10))")
    }

    /// The reader's rules on a hand-written CSV: a holdout's groups and control, and the rows it
    /// refuses.
    @Test func aggregatesCSVReadsHoldoutRows() throws {
        let csv = """
            experiment,group_name,goal,units,converted,value_sum,value_sum_squares,conflicts,kind
            q1,exposed,buy,8,2,3.5,6.25,1,holdout
            q1,holdout,buy,2,1,1,1,1,holdout
            q1,control,buy,4,1,0,0,0,experiment
            """
        let totals = try AggregatesCSV.totals(csv, definitions: nil)
        #expect(totals.map(\.experiment) == ["q1", "q1"] && totals.map(\.kind) == [.experiment, .holdout])
        let holdout = totals[1]
        #expect(holdout.groups == ["holdout", "exposed"] && holdout.control == "holdout" && holdout.weights == nil)
        #expect(holdout.units == [2, 8] && holdout.conflicts == 1 && holdout.goals.first?.converted == [1, 2])
        #expect(throws: AggregatesCSV.Failure.self) {
            try AggregatesCSV.totals(csv + "\nq1,treatment,buy,1,0,0,0,1,holdout", definitions: nil)
        }
        #expect(throws: AggregatesCSV.Failure.self) {
            try AggregatesCSV.totals(csv + "\nq1,control,buy,1,0,0,0,0,rollout", definitions: nil)
        }
    }
}

/// Walks two JSON documents side by side: the same shape, strings equal, numbers to 1e-9 relative.
enum JSONComparison {
    static func compare(_ left: Any, _ right: Any, path: String, differences: inout [String], compared: inout Int) {
        switch (left, right) {
        case (let left as [String: Any], let right as [String: Any]):
            if Set(left.keys) != Set(right.keys) { differences.append("\(path): keys \(left.keys.sorted()) vs \(right.keys.sorted())") }
            for (key, value) in left {
                if let other = right[key] { compare(value, other, path: "\(path).\(key)", differences: &differences, compared: &compared) }
            }
        case (let left as [Any], let right as [Any]):
            guard left.count == right.count else {
                return differences.append("\(path): \(left.count) vs \(right.count) elements")
            }
            for (index, (a, b)) in zip(left, right).enumerated() {
                compare(a, b, path: "\(path)[\(index)]", differences: &differences, compared: &compared)
            }
        case (let left as String, let right as String):
            if left != right { differences.append("\(path): \(left) vs \(right)") }
        case (is NSNull, is NSNull):
            break
        case (let left as NSNumber, let right as NSNumber):
            compared += 1
            let a = left.doubleValue
            let b = right.doubleValue
            if abs(a - b) > 1e-9 * max(abs(a), abs(b)) && abs(a - b) > 1e-300 {
                differences.append("\(path): \(a) vs \(b)")
            }
        default:
            differences.append("\(path): \(left) vs \(right)")
        }
    }
}
