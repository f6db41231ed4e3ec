import Foundation
@_spi(Tools) import SplitTestAnalysis
import Testing

/// What a new user reads first: no false alarm without definitions, no "ok" without units, and
/// one answer per comparison when a method is chosen.
@Suite struct FirstHourReadoutTests {
    /// A 50/25/25 experiment whose split is right: against equal weights it would be flagged.
    static func totals(weights: [Double]?, units: [Int] = [5_000, 2_500, 2_500]) -> ExperimentTotals {
        ExperimentTotals(
            experiment: "onboarding", kind: .experiment, groups: ["control", "short", "video"], weights: weights,
            control: "control", units: units, conflicts: 0,
            goals: [GoalTotals(
                goal: "signup", converted: units.map { $0 / 10 }, valueSum: units.map { Double($0) },
                valueSumOfSquares: units.map { Double($0) * 2 })])
    }

    static func srm(_ json: String) throws -> [String: Any] {
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        return try #require(entries.first?["srm"] as? [String: Any])
    }

    @Test func withoutDefinitionsTheSampleRatioIsNotComputedAndEveryFormatSaysWhy() throws {
        let readout = ReadoutBuilder.readout(Self.totals(weights: nil))
        #expect(!readout.srm.flagged)
        #expect(readout.srm.notComputed == ReadoutBuilder.weightsUnknown)

        let text = TextReport.render([readout])
        let first = try #require(text.split(separator: "\n").first)
        #expect(first == "onboarding: 10000 units, 0 conflicts, control 'control' (\(ControlChoice.namedControl.reason)); sample ratio not computed: \(ReadoutBuilder.weightsUnknown)")
        #expect(!text.contains("sample ratio: ok") && !text.contains("MISMATCH"))

        let srm = try Self.srm(JSONReport.render([readout]))
        #expect(srm["p_value"] is NSNull)
        #expect(srm["chi_square"] is NSNull)
        #expect(srm["flagged"] as? Bool == false)
        #expect(srm["not_computed"] as? String == ReadoutBuilder.weightsUnknown)

        let html = HTMLReport.render([readout])
        #expect(html.contains("onboarding: sample ratio not computed: no definitions"))
        #expect(html.contains("control <b>control</b>; sample ratio not computed: no definitions"))
    }

    @Test func withDefinitionsTheSplitIsCheckedAgainstTheirWeights() throws {
        let readout = ReadoutBuilder.readout(Self.totals(weights: [50, 25, 25]))
        #expect(readout.srm.notComputed == nil)
        #expect(readout.srm.pValue == 1)
        let srm = try Self.srm(JSONReport.render([readout]))
        #expect(srm["p_value"] as? Double == 1)
        #expect(srm["not_computed"] == nil)
        #expect(TextReport.render([readout]).contains("  sample ratio: ok (chi-square 0.000, "))
    }

    @Test func anExperimentWithoutUnitsSaysNoUnits() throws {
        let readout = ReadoutBuilder.readout(Self.totals(weights: [50, 25, 25], units: [0, 0, 0]))
        let text = TextReport.render([readout])
        #expect(text.hasPrefix("onboarding: 0 units, 0 conflicts, control 'control'; sample ratio not computed: no units"))
        #expect(!text.contains("sample ratio: ok"))
        #expect(!HTMLReport.render([readout]).contains("sample ratio ok"))
        #expect(try Self.srm(JSONReport.render([readout]))["not_computed"] as? String == "no units")
    }

    @Test(arguments: [EffectSettings(method: .sequential()), EffectSettings(cuped: true)])
    func aChosenMethodIsTheOnlyAnswerInTheTables(settings: EffectSettings) throws {
        let readout = ReadoutBuilder.readout(Self.totals(weights: [50, 25, 25]), effects: settings)
        let text = TextReport.render([readout])
        #expect(!text.contains("P(beat)"), "\(text)")
        #expect(text.contains("    group      units  converted     rate   value/unit"), "\(text)")
        #expect(text.contains("effects against the control ("), "\(text)")
        let html = HTMLReport.render([readout])
        for field in ["\"p_value\"", "\"value_p_value\"", "\"probability_to_beat_control\"", "\"ci_low\""] {
            #expect(!html.contains("data-field=\(field)"), "\(field)")
        }
        #expect(html.contains("data-field=\"effect.absolute.p_value\""))
        // The JSON keeps both.
        let json = JSONReport.render([readout])
        #expect(json.contains("\"probability_to_beat_control\"") && json.contains("\"effect\""))
    }

    @Test func withoutAMethodTheTablesKeepThePlainComparison() {
        let readout = ReadoutBuilder.readout(Self.totals(weights: [50, 25, 25]))
        #expect(TextReport.render([readout]).contains("P(beat)"))
        let html = HTMLReport.render([readout])
        #expect(html.contains("data-field=\"p_value\"") && html.contains("data-field=\"value_p_value\""))
    }

    /// A group of 1 unit, a goal without values (no variance), and a control that never converted:
    /// where the plain comparison has no estimate, the effects below say so in the same words, in
    /// text and in HTML.
    @Test func bothTablesAgreeOnNoEstimate() throws {
        let totals = ExperimentTotals(
            experiment: "paywall", kind: .experiment, groups: ["control", "single", "treat"], weights: [1, 1, 1],
            control: "control", units: [50, 1, 50], conflicts: 0,
            goals: [
                GoalTotals(goal: "buy", converted: [10, 1, 20], valueSum: [0, 0, 0], valueSumOfSquares: [0, 0, 0]),
                GoalTotals(goal: "rare", converted: [0, 0, 5], valueSum: [0, 0, 10], valueSumOfSquares: [0, 0, 20]),
            ])
        let readout = ReadoutBuilder.readout(totals)
        let text = TextReport.render([readout])
        let lines = text.split(separator: "\n").map(String.init)
        func row(_ goal: String, _ prefix: String) -> String {
            let start = lines.firstIndex { $0 == "  goal \(goal):" } ?? lines.count
            return lines[start...].first { $0.hasPrefix(prefix) } ?? ""
        }
        // buy: single has 1 unit (both measures), and no value varies.
        let single = row("buy", "    single ")
        #expect(single.components(separatedBy: "no estimate: fewer than 2 units").count == 3, "\(single)")
        #expect(row("buy", "    treat ").hasSuffix("0.0000  no estimate: no variance"), "\(row("buy", "    treat "))")
        #expect(row("buy", "      single  conversion") == "      single  conversion  no estimate: fewer than 2 units")
        #expect(row("buy", "              value/unit").hasSuffix("no estimate: fewer than 2 units"))
        let effects = lines.filter { $0.hasPrefix("              value/unit") }
        #expect(effects.contains("              value/unit  no estimate: no variance"), "\(effects)")
        // rare: the control never converted: a difference in the table, and the effects say why none there.
        #expect(!row("rare", "    treat ").contains("no estimate"))
        #expect(row("rare", "      treat   conversion") == "      treat   conversion  no estimate: control mean is 0")
        #expect(!text.contains("– [–, –]"), "no dashes where the effects say no estimate")

        let html = HTMLReport.render([readout])
        #expect(html.components(separatedBy: "<td colspan=\"5\" class=\"none\">no estimate: fewer than 2 units</td>").count == 3)
        #expect(html.contains("<td colspan=\"3\" class=\"none\">no estimate: no variance</td>"))
        #expect(html.contains("<td class=\"none\" colspan=\"6\">no estimate: fewer than 2 units</td>"))
        #expect(html.contains("<td class=\"none\" colspan=\"6\">no estimate: no variance</td>"))
        #expect(html.contains("<td class=\"none\" colspan=\"6\">no estimate: control mean is 0</td>"))
    }

    /// The lines the Analysis article quotes are the ones the readout prints.
    @Test func theArticleQuotesTheseLinesAsPrinted() throws {
        let article = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Sources/SplitTesting/SplitTesting.docc/Analysis.md"),
            encoding: .utf8)
        var totals = Self.totals(weights: nil, units: [600, 300, 300])
        totals.experiment = "button_color"
        let first = try #require(TextReport.render([ReadoutBuilder.readout(totals)]).split(separator: "\n").first)
        #expect(article.contains("```\n\(first)\n```"), "\(first)")
        let summary = InputIssue.preExposureSummary(count: 3, window: nil)
        #expect(article.contains(summary.replacingOccurrences(of: " (the ", with: " (the\n  ")), "\(summary)")
        #expect(article.contains("`sample ratio not computed: \(ReadoutBuilder.noUnits)`"))
    }

    @Test func aLongGroupNameFitsTheChartsLabelColumn() {
        var totals = Self.totals(weights: [50, 25, 25])
        totals.groups[2] = "video_with_a_very_long_descriptive_name"
        let html = HTMLReport.render([ReadoutBuilder.readout(totals)])
        // 39 characters at about 7 px each, and a margin: wider than the 150 px of short names.
        #expect(html.contains("<text x=\"281\""), "the labels end at the plot's left edge, which moved right")
    }
}
