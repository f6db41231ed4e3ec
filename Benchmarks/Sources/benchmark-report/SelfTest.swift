import BenchmarkSupport
import Foundation

/// `benchmark-report self-test`: writes BENCHMARKS.md for synthetic runs, one that meets every
/// target it can, others that miss them, and checks that each sentence with a verdict says what
/// the figures and the verdict tables say, so that a sentence can never again claim a target
/// the run missed. `run.sh` runs it before measuring anything.
enum SelfTest {
    /// The figures of one synthetic run, as ratios to its references.
    struct Run {
        var name: String
        /// Compile and emit against the libyaml scan, largest corpus.
        var releaseOverScan: Double
        var debugOverScan: Double
        /// Debug against release for the scan, which runs the same optimised C library in both.
        var scanSlowdown = 1.2
        /// The debug compiler's time for ten times the input.
        var debugGrowth: Double
        var pluginOverCommitted: Double
        var appRecompiled: Bool
        var stickyNanoseconds: Double
        /// Every ratio of the remote-control, targeting and multivariate rows.
        var runtimeRatio: Double
        var analysisOverDuckDB: Double
        var memoryGrowth: Double
        /// `splitc bandit` over `splitc analyze`, and the weights' share of the bandit's time.
        var banditOverAnalyze = 1.02
        var weightsShare = 0.0004
        /// `--cuped --sequential` against the plain readout.
        var cupedOverPlain = 1.1
        /// `splitc catalog` of 4,000 experiments against 1,000 (the other specs rows follow it).
        var catalogGrowth = 4.1
        /// Five metrics against the plain readout, and the memory per unit at the full size over
        /// that at a tenth of the units.
        var metricsOverPlain = 1.2
        var metricsMemoryGrowth = 0.8
    }

    static let meeting = Run(
        name: "a run that meets every target but the debug compiler's", releaseOverScan: 2, debugOverScan: 16.7,
        debugGrowth: 10.2, pluginOverCommitted: 1.1, appRecompiled: false, stickyNanoseconds: 80, runtimeRatio: 1.05,
        analysisOverDuckDB: 1.05, memoryGrowth: 1.02)
    static let missing = Run(
        name: "a run that misses every target", releaseOverScan: 5, debugOverScan: 6, scanSlowdown: 1,
        debugGrowth: 15, pluginOverCommitted: 1.5, appRecompiled: true, stickyNanoseconds: 900, runtimeRatio: 3,
        analysisOverDuckDB: 2.5, memoryGrowth: 4, banditOverAnalyze: 1.5, weightsShare: 0.02, cupedOverPlain: 1.5,
        catalogGrowth: 12.6, metricsOverPlain: 2, metricsMemoryGrowth: 1.3)
    static let debugMeeting = Run(
        name: "a run whose debug compiler meets the target too", releaseOverScan: 1.5, debugOverScan: 2.5,
        debugGrowth: 10, pluginOverCommitted: 1, appRecompiled: false, stickyNanoseconds: 80, runtimeRatio: 1,
        analysisOverDuckDB: 1, memoryGrowth: 1, cupedOverPlain: 1)

    /// The report `run.sh` would write for `run`.
    static func report(_ run: Run) -> Report {
        func compiler(_ experiments: Int, scan: Double, overScan: Double) -> CompilerMeasurement {
            CompilerMeasurement(
                experiments: experiments, files: experiments / 2, bytes: experiments * 480, repetitions: 5,
                libyamlScan: scan, compile: scan * overScan * 0.9, emit: scan * overScan * 0.1,
                compileAndEmit: scan * overScan, compileAndEmitMedian: scan * overScan * 1.01, swiftBytes: experiments * 1_900)
        }
        let releaseScan = 0.1
        let debugScan = releaseScan * run.scanSlowdown
        let debugLarge = compiler(10_000, scan: debugScan, overScan: run.debugOverScan)
        // The small debug corpus takes a tenth of the scan time and 1/debugGrowth of the compiler's.
        var debugSmall = compiler(1_000, scan: debugScan / 10, overScan: run.debugOverScan)
        debugSmall.compileAndEmit = debugLarge.compileAndEmit / run.debugGrowth
        debugSmall.compile = debugSmall.compileAndEmit * 0.9
        debugSmall.emit = debugSmall.compileAndEmit * 0.1
        let lookup = 25.0
        let runtime = [
            RuntimeFigure(name: RuntimeNames.baseline, nanosecondsMedian: lookup, mallocsMedian: 0, mallocsMax: 0),
            RuntimeFigure(name: "Bucketing: group bucket of a 36-character id", nanosecondsMedian: 50, mallocsMedian: 0, mallocsMax: 0),
            RuntimeFigure(name: "fetchSplitTest, sticky", nanosecondsMedian: run.stickyNanoseconds, mallocsMedian: 0, mallocsMax: 0),
            RuntimeFigure(name: RuntimeNames.firstTime, nanosecondsMedian: 900, mallocsMedian: 9, mallocsMax: 9),
            RuntimeFigure(
                name: RuntimeNames.firstTimeTargeted, nanosecondsMedian: 900 * run.runtimeRatio, mallocsMedian: 9, mallocsMax: 9),
            RuntimeFigure(name: RuntimeNames.stickyUserLevel, nanosecondsMedian: 80, mallocsMedian: 0, mallocsMax: 0),
            RuntimeFigure(name: RuntimeNames.stickyTargeted, nanosecondsMedian: 80 * run.runtimeRatio, mallocsMedian: 0, mallocsMax: 0),
            RuntimeFigure(
                name: RuntimeNames.firstTimeSegmented, nanosecondsMedian: 900 * run.runtimeRatio * run.runtimeRatio,
                mallocsMedian: 12, mallocsMax: 12),
            RuntimeFigure(
                name: RuntimeNames.stickySegmented, nanosecondsMedian: 80 * run.runtimeRatio * (1 + (run.runtimeRatio - 1) * 0.8),
                mallocsMedian: 0, mallocsMax: 0),
            RuntimeFigure(
                name: RuntimeNames.stickyWithDocument, nanosecondsMedian: lookup * run.runtimeRatio, mallocsMedian: 0, mallocsMax: 0),
            RuntimeFigure(name: RuntimeNames.remoteLoadReference, nanosecondsMedian: 4e6, mallocsMedian: 9_000, mallocsMax: 9_100),
            RuntimeFigure(
                name: RuntimeNames.remoteLoad, nanosecondsMedian: 4e6 * run.runtimeRatio, mallocsMedian: 9_000, mallocsMax: 9_100),
            RuntimeFigure(name: RuntimeNames.firstTimeEighteenGroups, nanosecondsMedian: 950, mallocsMedian: 9, mallocsMax: 9),
            RuntimeFigure(
                name: RuntimeNames.firstTimeFactorial, nanosecondsMedian: 950 * run.runtimeRatio, mallocsMedian: 9, mallocsMax: 9),
            // Four fifths of the ratio's distance from 1, so that the meeting run stays clear of the
            // sticky target (1.05×) rather than on it.
            RuntimeFigure(
                name: RuntimeNames.stickyFactorial, nanosecondsMedian: 80 * (1 + (run.runtimeRatio - 1) * 0.8),
                mallocsMedian: 0, mallocsMax: 0),
        ]
        let duckdb = 14.0
        let analysis = [
            AnalysisMeasurement(units: 100_000, events: 1_000_000, splitcSeconds: 1.5, peakMebibytes: 55),
            AnalysisMeasurement(units: 300_000, events: 3_000_000, splitcSeconds: 4.4, peakMebibytes: 120),
            AnalysisMeasurement(
                units: 1_000_000, events: 10_000_000, splitcSeconds: duckdb * run.analysisOverDuckDB, peakMebibytes: 400,
                duckdbSeconds: duckdb, duckdbUnitsMatch: true, plainBestSeconds: duckdb * run.analysisOverDuckDB,
                cupedSequentialSeconds: duckdb * run.analysisOverDuckDB * run.cupedOverPlain, cupedSequentialPeakMebibytes: 560),
            AnalysisMeasurement(units: 100_000, events: 4_000_000, splitcSeconds: 5.8, peakMebibytes: 55 * run.memoryGrowth),
        ]
        return Report(
            compilerDebug: [debugSmall, debugLarge],
            compilerRelease: [
                compiler(1_000, scan: releaseScan / 10, overScan: run.releaseOverScan),
                compiler(10_000, scan: releaseScan, overScan: run.releaseOverScan),
            ],
            yamsDebug: [
                YamsMeasurement(experiments: 1_000, repetitions: 3, yamsCompose: 0.3),
                YamsMeasurement(experiments: 10_000, repetitions: 3, yamsCompose: 3),
            ],
            yamsRelease: [
                YamsMeasurement(experiments: 1_000, repetitions: 5, yamsCompose: 0.14),
                YamsMeasurement(experiments: 10_000, repetitions: 5, yamsCompose: 1.4),
            ],
            typecheck: [
                TypecheckMeasurement(experiments: 100, swiftBytes: 185_000, repetitions: 3, seconds: 0.6, warnings: []),
                TypecheckMeasurement(experiments: 1_000, swiftBytes: 1_900_000, repetitions: 3, seconds: 4.6, warnings: []),
            ],
            runtime: runtime,
            plugin: PluginMeasurement(
                definitions: 50, repetitions: 10, pluginNoChange: 0.5 * run.pluginOverCommitted,
                pluginNoChangeMedian: 0.51 * run.pluginOverCommitted, committedNoChange: 0.5, committedNoChangeMedian: 0.51,
                appRecompiled: run.appRecompiled),
            analysis: analysis,
            runtimeMarkdown: "## Baseline\n\n(the benchmark's own tables)",
            bandit: BanditMeasurement(
                events: 10_000_000, units: 1_000_000, analyzeSeconds: 15, banditSeconds: 15 * run.banditOverAnalyze, arms: 10,
                weightsSeconds: 15 * run.banditOverAnalyze * run.weightsShare),
            specs: [
                SpecsMeasurement(
                    key: "test", target: "splitc test", ratio: run.catalogGrowth / 3.7, seconds: 0.4 * run.catalogGrowth / 3.7,
                    referenceSeconds: 0.4),
                SpecsMeasurement(
                    key: "catalog", target: "splitc catalog", ratio: run.catalogGrowth / 2.4, seconds: 0.7 * run.catalogGrowth / 2.4,
                    referenceSeconds: 0.7),
                SpecsMeasurement(
                    key: "catalog_linear", target: "splitc catalog linear", ratio: run.catalogGrowth,
                    seconds: 1.2 * run.catalogGrowth, referenceSeconds: 1.2),
            ],
            metrics: MetricsMeasurement(
                full: .init(
                    units: 1_000_000, events: 10_000_000, plainSeconds: 12, metricsSeconds: 12 * run.metricsOverPlain,
                    plainPeakMebibytes: 320, metricsPeakMebibytes: 500, splitcPlainSeconds: 12.2),
                memory: [
                    .init(units: 100_000, events: 1_000_000, metricsSeconds: 1.6, peakMebibytes: 80),
                    .init(units: 300_000, events: 3_000_000, metricsSeconds: 4.5, peakMebibytes: 180),
                    .init(units: 1_000_000, events: 10_000_000, metricsSeconds: 12 * run.metricsOverPlain, peakMebibytes: 800 * run.metricsMemoryGrowth),
                    .init(units: 100_000, events: 4_000_000, metricsSeconds: 6, peakMebibytes: 120),
                ]))
    }

    /// A failed check: which run, and what its document said.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Checks every run; throws on the first sentence that disagrees with its figures. Writes
    /// each run's document into `documents` when given, for a reader to see.
    static func run(documents: URL? = nil) throws {
        for (index, run) in [meeting, missing, debugMeeting].enumerated() {
            if let documents {
                try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
                let markdown = BenchmarksDocument(report: report(run), machine: run.name, command: "self-test", date: Date())
                    .markdown()
                try Data(markdown.utf8).write(to: documents.appendingPathComponent("BENCHMARKS-\(index + 1).md"))
            }
            try check(run)
        }
        try checkFlips()
    }

    /// The document of one run agrees with itself: each sentence with a verdict agrees with the
    /// verdict table's row for the same target, and no sentence cites a section of a spec.
    static func check(_ run: Run) throws {
        let report = report(run)
        let markdown = BenchmarksDocument(report: report, machine: "synthetic", command: "self-test", date: Date())
            .markdown()
        func expect(_ condition: Bool, _ what: String) throws {
            if !condition { throw Failure(description: "\(run.name): \(what)\n\n\(markdown)") }
        }
        // Every verdict table of the document: the shared-store rows too, which the synthetic runs do
        // not measure ("not measured"), so that the count below is of the whole document.
        let rows = report.verdicts() + report.secondStageVerdicts() + report.sharedStoreVerdicts() + report.banditVerdicts()
            + report.specsVerdicts()
            + report.metricsVerdicts()
        func passed(_ prefix: String) throws -> Bool {
            guard let row = rows.first(where: { $0.target.hasPrefix(prefix) }) else {
                throw Failure(description: "\(run.name): no verdict row starting '\(prefix)'")
            }
            return row.passed
        }
        let note = report.compilerNote()
        let release = try passed("compiler (release): 10000 experiments")
        let debug = try passed("compiler (debug): 10000 experiments")
        try expect(release == (run.releaseOverScan <= Targets.compilerOverScan), "the release row follows the figure")
        try expect(
            note.contains("holds for the release build") == release
                && note.contains("is missed by the release build") == !release,
            "the note's release verdict is the table's (\(release ? "meets" : "MISSES"))")
        try expect(note.contains(Formatting.ratio(run.releaseOverScan)), "the note quotes the release ratio")
        try expect(
            note.contains("The debug build holds it too") == debug && note.contains("The debug build misses it") == !debug,
            "the note's debug verdict is the table's (\(debug ? "meets" : "MISSES"))")
        try expect(debug || note.contains(Formatting.ratio(run.debugOverScan)), "the note quotes the debug ratio")
        // Debug against release for the compiler, over the same for the scan.
        let penalty = run.debugOverScan / run.releaseOverScan
        try expect(
            note.contains("no change to the code can make the debug build meet") == (!debug && penalty > Targets.compilerOverScan),
            "'no change to the code' only when the debug build misses and its penalty alone exceeds the target")
        let linear = try passed("compiler (debug): 10× the input")
        try expect(linear == (run.debugGrowth <= Targets.linearLimit(10)), "the debug growth row follows the figure")
        try expect(
            note.contains("the cost grew linearly") == linear && note.contains("did not grow linearly") == !linear
                && note.contains("definitions of a large app") == linear,
            "the cost is scaled to a large app exactly when the table finds it linear")
        let plugin = try passed("plugin: a no-change build does not recompile")
        try expect(plugin == !run.appRecompiled, "the recompilation row follows the figure")
        try expect(
            markdown.contains("did not recompile the app") == plugin
                && markdown.contains("recompiled the app, which it must not") == !plugin,
            "the plugin sentence says what the run found")
        try expect(!markdown.contains("so the app is not recompiled"), "no sentence claims the app is never recompiled")
        // Spelled as patterns, so that a search of the repository for citations finds none here.
        try expect(
            markdown.range(of: "[S]PEC|\u{00A7}", options: .regularExpression) == nil, "no section of a spec is cited")
        try expect(markdown.contains("4× the events per unit"), "the analysis note reads the repeat from the rows")
        let bandit = try passed("bandit: splitc bandit over")
        try expect(bandit == (run.banditOverAnalyze <= Targets.banditOverAnalyze), "the bandit row follows the figure")
        try expect(markdown.contains(Formatting.ratio(run.banditOverAnalyze)), "the bandit row quotes its ratio")
        let weights = try passed("bandit: the weight computation for 10 arms")
        try expect(weights == (run.weightsShare < Targets.weightsShareOfBandit), "the weights row follows the figure")
        let catalog = try passed("catalog: 4,000 experiments within")
        try expect(catalog == (run.catalogGrowth <= Targets.catalogLinear), "the catalog's linearity row follows the figure")
        try expect(markdown.contains(Formatting.ratio(run.catalogGrowth)), "the catalog's row quotes its ratio")
        let readout = try passed("readout: --cuped --sequential")
        try expect(readout == (run.cupedOverPlain <= Targets.cupedSequentialOverPlain), "the readout row follows the figure")
        try expect(markdown.contains("alternating with the plain readout"), "the readout note is in the document")
        let metrics = try passed("metrics: five metrics")
        try expect(metrics == (run.metricsOverPlain <= Targets.metricsOverPlain), "the metrics row follows the figure")
        try expect(markdown.contains(Formatting.ratio(run.metricsOverPlain)), "the metrics row quotes its ratio")
        let memory = try passed("metrics: peak memory per unit")
        try expect(memory == (run.metricsMemoryGrowth <= 1), "the metrics' memory row follows the figure")
        try expect(markdown.contains("a quantile metric keeps each counted event's value"), "the metrics' note reads the repeat from the rows")
        let verdictCells = markdown.split(separator: "\n").filter { $0.hasSuffix("| meets |") || $0.hasSuffix("| MISSES |") }
        try expect(verdictCells.count == rows.count, "every verdict row is in the document")
    }

    /// Between the meeting and the missing run, every verdict and every sentence flips.
    static func checkFlips() throws {
        let good = report(meeting), bad = report(missing)
        let goodRows = good.verdicts() + good.secondStageVerdicts() + good.banditVerdicts() + good.specsVerdicts() + good.metricsVerdicts()
        let badRows = bad.verdicts() + bad.secondStageVerdicts() + bad.banditVerdicts() + bad.specsVerdicts() + bad.metricsVerdicts()
        let sameInBoth: Set<String> = [
            // Not varied by the synthetic runs: the same figures in both.
            "runtime: no allocation on the sticky path", "analysis: DuckDB on the emitted SQL counts the same units",
            "generated code:", "runtime: bucketing", "compiler (release): 10× the input", "compiler (debug): 10000 experiments",
        ]
        for (goodRow, badRow) in zip(goodRows, badRows) where !sameInBoth.contains(where: { goodRow.target.hasPrefix($0) }) {
            guard goodRow.passed, !badRow.passed else {
                throw Failure(description: "'\(goodRow.target)' does not flip: \(goodRow.passed) then \(badRow.passed)")
            }
        }
        let goodNote = good.compilerNote(), badNote = bad.compilerNote()
        guard goodNote.contains("The 3× target holds for the release build: 2.00×"),
            badNote.contains("The 3× target is missed by the release build: 5.00×"), !badNote.contains("holds for the release")
        else {
            throw Failure(description: "the release sentence does not flip:\n\(goodNote)\n\(badNote)")
        }
        guard good.pluginNote() != bad.pluginNote() else {
            throw Failure(description: "the plugin sentence does not flip: \(good.pluginNote())")
        }
    }
}
