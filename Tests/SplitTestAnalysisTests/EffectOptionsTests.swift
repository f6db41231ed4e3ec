import Foundation
import Testing

/// `splitc analyze`'s effect options on bad numbers and thin data: a window or tuning that is not
/// a positive number is a usage error naming its flag; too few units give `null`, never NaN; and
/// which goals before an exposure are data with `--cuped` and warnings without.
@Suite struct EffectOptionsTests {
    static func folder(with lines: [String]) throws -> URL {
        let folder = try ExternalProcess.temporaryFolder()
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("events.jsonl"))
        return folder
    }

    @Test func numbersThatAreNotPositiveAreUsageErrorsNamingTheFlag() throws {
        let folder = try Self.folder(with: [EventLines.exposure("e", "control", unit: "u", at: 0)])
        defer { try? FileManager.default.removeItem(at: folder) }
        for value in ["0", "-3", "abc", "nan", "inf", "", "1e400", "2000000"] {
            let cuped = try ExternalProcess.splitc(["analyze", "events.jsonl", "--cuped", "--cuped-days", value], in: folder)
            #expect(cuped.status == 2 && cuped.stderr.contains("--cuped-days must be a positive number"), "'\(value)': \(cuped.stderr)")
            let sequential = try ExternalProcess.splitc(
                ["analyze", "events.jsonl", "--sequential", "--sequential-tuning", value], in: folder)
            let expected = value == "2000000" ? 0 : 2
            #expect(sequential.status == expected, "'\(value)': \(sequential.stderr)")
            if expected == 2 { #expect(sequential.stderr.contains("--sequential-tuning must be a positive number"), "\(sequential.stderr)") }
        }
        let days = try ExternalProcess.splitc(["analyze", "events.jsonl", "--cuped-days", "7"], in: folder)
        #expect(days.status == 2 && days.stderr.contains("--cuped-days needs --cuped"), "\(days.stderr)")
        let tuning = try ExternalProcess.splitc(["analyze", "events.jsonl", "--sequential-tuning", "100"], in: folder)
        #expect(tuning.status == 2 && tuning.stderr.contains("--sequential-tuning needs --sequential"), "\(tuning.stderr)")
        for valid in [["--cuped", "--cuped-days", "0.5"], ["--sequential", "--sequential-tuning", "250.5"]] {
            let outcome = try ExternalProcess.splitc(["analyze", "events.jsonl"] + valid, in: folder)
            #expect(outcome.status == 0, "\(valid): \(outcome.stderr)")
        }
    }

    /// One unit per group (and a group of none): every effect's estimates are `null`, the JSON,
    /// text and HTML carry no NaN.
    @Test func tooFewUnitsGiveNullNeverNaN() throws {
        var lines: [String] = []
        for (index, group) in ["control", "treatment"].enumerated() {
            lines.append(EventLines.goal("buy", value: 3, device: "u\(index)", at: 0))
            lines.append(EventLines.exposure("thin", group, unit: "u\(index)", at: 100))
            lines.append(EventLines.goal("buy", value: Double(index + 1), device: "u\(index)", at: 200))
        }
        let folder = try Self.folder(with: lines)
        defer { try? FileManager.default.removeItem(at: folder) }
        for options in [[], ["--cuped", "--sequential"], ["--cuped"], ["--sequential"]] {
            let json = try ExternalProcess.splitc(["analyze", "events.jsonl", "--format", "json"] + options, in: folder)
            #expect(json.status == 0, "\(json.stderr)")
            #expect(!json.stdout.lowercased().contains("nan") && !json.stdout.lowercased().contains("inf"))
            let readout = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            let entry = try #require(readout.first)
            let comparison = try #require(WarehouseTests.groups(of: entry).last?["vs_control"] as? [String: Any])
            for key in ["effect", "value_effect"] {
                let effect = try #require(comparison[key] as? [String: Any], "\(key) is always present")
                #expect(effect["absolute"] is NSNull && effect["relative"] is NSNull, "\(options) \(key): \(effect)")
                #expect(effect["method"] as? String == (options.contains("--sequential") ? "sequential" : "t"))
                #expect(options.contains("--cuped") ? effect["cuped"] is [String: Any] : effect["cuped"] is NSNull, "\(effect)")
            }
            for format in ["text", "html"] {
                let page = try ExternalProcess.splitc(["analyze", "events.jsonl", "--format", format] + options, in: folder)
                #expect(page.status == 0 && !page.stdout.contains("NaN") && !page.stdout.contains("nan"), "\(format)")
            }
        }
    }

    /// Without `--cuped` every goal before its unit's first exposure is reported; with it, those
    /// in the window are its covariate and only the older one is.
    @Test func goalsBeforeExposureAreDataInTheWindowOnlyWithCUPED() throws {
        let day = 86_400.0
        let lines = [
            EventLines.goal("buy", value: 1, device: "u1", at: 30 * day - 2 * day),
            EventLines.goal("buy", value: 1, device: "u1", at: 30 * day - 14 * day),
            EventLines.goal("buy", value: 1, device: "u1", at: 30 * day - 14 * day - 1),
            EventLines.exposure("e", "control", unit: "u1", at: 30 * day),
            EventLines.exposure("e", "treatment", unit: "u2", at: 30 * day),
        ]
        let folder = try Self.folder(with: lines)
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = try ExternalProcess.splitc(["analyze", "events.jsonl"], in: folder)
        // History is one summary line, not a warning per goal.
        #expect(plain.stderr.contains(
            "splitc: 3 goals came before their unit's first exposure (the pre-period) and credit nothing"), "\(plain.stderr)")
        #expect(!plain.stderr.contains("events.jsonl:1:"), "\(plain.stderr)")
        let cuped = try ExternalProcess.splitc(["analyze", "events.jsonl", "--cuped"], in: folder)
        #expect(cuped.stderr.contains(
            "splitc: 1 goal came more than 14 days before their unit's first exposure (the pre-period) and credit nothing"),
            "\(cuped.stderr)")
        #expect(!cuped.stderr.contains("events.jsonl:"), "\(cuped.stderr)")
    }
}
