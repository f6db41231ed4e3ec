import Foundation
import Testing

/// The same events three ways: read by `splitc analyze`, and aggregated by the emitted SQL in
/// DuckDB and in Spark then read with `--aggregates`: every figure equal to 1e-9.
@Suite struct WarehouseTests {
    /// Three experiments (one keyed by users), two goals with values, conflicts, goals before the
    /// first exposure, repeated goals, fractional seconds.
    static func events() -> [String] {
        var generator = SeededGenerator(seed: 2_026)
        var lines: [String] = []
        let experiments: [(String, [String], Bool)] = [
            ("button_color", ["control", "blue", "green"], false),
            ("profile_redesign", ["control", "control_check", "new_v1"], true),
            ("checkout_copy", ["short", "control"], false),
        ]
        for index in 0..<1_500 {
            let device = "device-\(index)"
            let user = index % 3 == 0 ? "user-\(index / 3)" : nil
            var clock = Double(index) + Double(generator.next() % 1_000) / 1_000
            if generator.uniform() < 0.1 {
                lines.append(EventLines.goal("purchase", value: 1, device: device, user: user, at: clock - 0.5))
            }
            for (experiment, groups, byUser) in experiments {
                guard let unit = byUser ? user : device, generator.uniform() < 0.8 else { continue }
                let group = groups[Int(generator.next() % UInt64(groups.count))]
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

    @Test func eventsDuckDBAndSparkAgree() throws {
        let folder = try ExternalProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data((Self.events().joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("events.jsonl"))
        for dialect in ["duckdb", "spark"] {
            let sql = try ExternalProcess.splitc(["analyze", "--emit-sql", dialect, "--events-table", "events"], in: folder)
            #expect(sql.status == 0, "\(sql.stderr)")
            try Data(sql.stdout.utf8).write(to: folder.appendingPathComponent("\(dialect).sql"))
        }
        let warehouse = try ExternalProcess.python("run_warehouse.py", [
            folder.appendingPathComponent("events.jsonl").path, folder.appendingPathComponent("duckdb.sql").path,
            folder.appendingPathComponent("spark.sql").path, folder.appendingPathComponent("duckdb.csv").path,
            folder.appendingPathComponent("spark.csv").path,
        ])
        try #require(warehouse.status == 0, "python3 -m pip install duckdb pyspark pandas (and Java 17)\n\(warehouse.stdout)\(warehouse.stderr)")

        let direct = try ExternalProcess.splitc(["analyze", "events.jsonl", "--format", "json"], in: folder)
        #expect(direct.status == 0, "\(direct.stderr)")
        let reference = try JSONSerialization.jsonObject(with: Data(direct.stdout.utf8))
        for source in ["duckdb.csv", "spark.csv"] {
            let outcome = try ExternalProcess.splitc(["analyze", "--aggregates", source, "--format", "json"], in: folder)
            #expect(outcome.status == 0, "\(source): \(outcome.stderr)")
            let figures = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
            var differences: [String] = []
            var compared = 0
            JSONComparison.compare(reference, figures, path: source, differences: &differences, compared: &compared)
            #expect(differences.isEmpty, "\(differences.prefix(20).joined(separator: "\n"))")
            #expect(compared > 200, "\(source): \(compared) figures compared")
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
