import Foundation
import BenchmarkSupport

/// Every result of one `run.sh`, turned into tables and into verdicts against the targets of the
/// compiler, the generated code, the runtime, the plugin, remote control, targeting and the
/// analysis.
struct Report {
    var compilerDebug: [CompilerMeasurement]
    var compilerRelease: [CompilerMeasurement]
    var yamsDebug: [YamsMeasurement]
    var yamsRelease: [YamsMeasurement]
    var typecheck: [TypecheckMeasurement]
    var runtime: [RuntimeFigure]
    var plugin: PluginMeasurement
    /// `splitc analyze` against DuckDB, when `run.sh` measured it.
    var analysis: [AnalysisMeasurement]?
    /// The runtime benchmarks' own output, kept whole for the detail section.
    var runtimeMarkdown: String
    /// `splitc bandit` against `splitc analyze`, when `run.sh` measured it.
    var bandit: BanditMeasurement? = nil
    /// `splitc test` and `splitc catalog` against their references, when `run.sh` measured them.
    var specs: [SpecsMeasurement]? = nil
    /// The readout of metrics against the plain readout, when `run.sh` measured it.
    var metrics: MetricsMeasurement? = nil
    /// The decision service's tables as `Benchmarks/Server/run.sh` prints them (each ratio and
    /// verdict computed there from the run's wrk figures), when `run.sh` measured it.
    var service: String? = nil

    /// The compiler against the libyaml scan and Yams, in both builds.
    func compilerSection() -> String {
        var rows: [[String]] = []
        for (build, measurements, yams) in [
            ("debug", compilerDebug, yamsDebug), ("release", compilerRelease, yamsRelease),
        ] {
            for measurement in measurements {
                let compose = yams.first { $0.experiments == measurement.experiments }?.yamsCompose ?? .nan
                rows.append([
                    build, "\(measurement.experiments)",
                    "\(measurement.files) files, \(Formatting.kilobytes(measurement.bytes))",
                    Formatting.seconds(measurement.libyamlScan), Formatting.seconds(compose),
                    Formatting.seconds(measurement.compile), Formatting.seconds(measurement.emit),
                    Formatting.seconds(measurement.compileAndEmit),
                    Formatting.ratio(measurement.compileAndEmit / measurement.libyamlScan),
                    Formatting.ratio(measurement.compileAndEmit / compose),
                ])
            }
        }
        return Formatting.table(
            [
                "build", "experiments", "input", "libyaml scan", "Yams compose", "parse + validate",
                "emit", "compiler total", "× libyaml scan", "× Yams compose",
            ], rows)
    }

    /// What the compiler table says about the 3× target, in sentences built from this run's
    /// figures and the limit the verdict table uses: whether each build holds or misses it, and,
    /// when the debug build misses it, how much of that the missing optimisation alone explains
    /// and what a debug build costs a user in absolute time.
    func compilerNote() -> String {
        let limit = Targets.compilerOverScan
        let target = Formatting.factor(limit) + "×"
        guard let release = compilerRelease.max(by: { $0.experiments < $1.experiments }),
            let debug = compilerDebug.max(by: { $0.experiments < $1.experiments })
        else { return "" }
        let releaseRatio = release.compileAndEmit / release.libyamlScan
        let debugRatio = debug.compileAndEmit / debug.libyamlScan
        var sentences: [String] = []
        sentences.append(
            Targets.holds(releaseRatio, atMost: limit)
                ? "The \(target) target holds for the release build: \(Formatting.ratio(releaseRatio)) the libyaml scan for \(release.experiments) experiments."
                : "The \(target) target is missed by the release build: \(Formatting.ratio(releaseRatio)) the libyaml scan for \(release.experiments) experiments.")
        if Targets.holds(debugRatio, atMost: limit) {
            sentences.append(
                "The debug build holds it too: \(Formatting.ratio(debugRatio)) for \(debug.experiments) experiments.")
        } else {
            sentences.append(
                "The debug build misses it: \(Formatting.ratio(debugRatio)) for \(debug.experiments) experiments.")
            if let optimised = compilerRelease.first(where: { $0.experiments == debug.experiments }) {
                sentences.append(contentsOf: Self.debugPenalty(debug: debug, release: optimised, limit: limit))
            }
        }
        sentences.append(contentsOf: debugCost())
        return sentences.joined(separator: " ")
    }

    /// Why a debug build misses the target, as far as this run shows: the same code optimised and
    /// not, against the scan, whose work is all in the optimised C library in both builds.
    private static func debugPenalty(
        debug: CompilerMeasurement, release: CompilerMeasurement, limit: Double
    ) -> [String] {
        let slowdown = debug.compileAndEmit / release.compileAndEmit
        let scanSlowdown = debug.libyamlScan / release.libyamlScan
        let penalty = slowdown / scanSlowdown
        var sentences = [
            "It compiles Swift without optimisation (`-Onone`), while the reference, libyaml, is the system's optimised C library in both builds:"
                + " in this run the same compiler took \(Formatting.ratio(slowdown)) as long in debug as in release"
                + " (\(Formatting.seconds(debug.compileAndEmit)) against \(Formatting.seconds(release.compileAndEmit)) for \(debug.experiments) experiments),"
                + " and the scan \(Formatting.ratio(scanSlowdown)) (\(Formatting.seconds(debug.libyamlScan)) against \(Formatting.seconds(release.libyamlScan)))."
        ]
        if Targets.holds(penalty, atMost: limit) {
            sentences.append(
                "That penalty, \(Formatting.ratio(penalty)) against the scan, is within the \(Formatting.factor(limit))× allowed,"
                    + " so a faster compiler could meet the target in debug too.")
        } else {
            sentences.append(
                "That penalty alone, \(Formatting.ratio(penalty)) against the scan, is more than the \(Formatting.factor(limit))× allowed,"
                    + " so no change to the code can make the debug build meet the target."
                    + " SwiftPM builds a plugin's tool in the configuration of the build (swiftlang/swift-package-manager#7233),"
                    + " and a package used by version may not set `unsafeFlags` such as `-O`,"
                    + " so the package cannot ask for an optimised `splitc-build`.")
        }
        return sentences
    }

    /// What a debug build costs a user in absolute time, scaled to a large app's definitions
    /// only when this run found the debug compiler's time linear in its input.
    private func debugCost() -> [String] {
        guard let large = compilerDebug.max(by: { $0.experiments < $1.experiments }) else { return [] }
        var sentence = "What a debug build costs a user is the absolute time: \(Formatting.seconds(large.compileAndEmit)) for \(large.experiments) experiments"
        if let small = compilerDebug.min(by: { $0.experiments < $1.experiments }), small.experiments < large.experiments {
            let inputs = Double(large.experiments) / Double(small.experiments)
            let scaling = large.compileAndEmit / small.compileAndEmit
            let growth = "\(Formatting.ratio(scaling)) the time for \(Formatting.factor(inputs))× the input"
            if Targets.holds(scaling, atMost: Targets.linearLimit(inputs)) {
                let perDefinition = large.compileAndEmit / Double(large.experiments)
                sentence += "; the cost grew linearly in this run (\(growth)), so about"
                    + " \(Formatting.seconds(perDefinition * Double(Targets.largeAppDefinitions))) for the"
                    + " \(Targets.largeAppDefinitions) definitions of a large app."
            } else {
                sentence += "; the cost did not grow linearly in this run (\(growth)), so it is not scaled to a large app."
            }
        } else {
            sentence += "."
        }
        return [sentence]
    }

    /// The generated code's type-check times.
    func generatedCodeSection() -> String {
        let rows = typecheck.map { measurement in
            [
                "\(measurement.experiments)", Formatting.kilobytes(measurement.swiftBytes),
                Formatting.seconds(measurement.seconds),
                measurement.warnings.isEmpty ? "none" : "\(measurement.warnings.count)",
            ]
        }
        return Formatting.table(["experiments", "GeneratedSplitTests.swift", "swiftc -typecheck", "warnings"], rows)
    }

    /// The runtime's hot paths against the dictionary lookup.
    func runtimeSection() -> String {
        let baseline = runtime.first { $0.name.hasPrefix("Baseline") }?.nanosecondsMedian ?? .nan
        let rows = runtime.map { figure in
            // The loads of a control document take milliseconds; their reference is the
            // JSONSerialization row (see the remote-control targets), not the lookup.
            let single = RuntimeNames.singleOperation.contains(figure.name)
            return [
                figure.name, Formatting.nanoseconds(figure.nanosecondsMedian),
                single ? "—" : Formatting.ratio(figure.nanosecondsMedian / baseline),
                single
                    ? String(format: "%.0f / %.0f", figure.mallocsMedian, figure.mallocsMax)
                    : String(format: "%.3f / %.3f", figure.mallocsMedian, figure.mallocsMax),
            ]
        }
        return Formatting.table(["operation", "time/op (median)", "× dictionary lookup", "mallocs/op (median / max)"], rows)
    }

    /// No-change builds with the plugin against the same package with the generated file committed.
    func pluginSection() -> String {
        Formatting.table(
            ["definitions", "package", "no-change swift build (fastest)", "median", "× committed"],
            [
                [
                    "\(plugin.definitions)", "build plugin", Formatting.seconds(plugin.pluginNoChange),
                    Formatting.seconds(plugin.pluginNoChangeMedian),
                    Formatting.ratio(plugin.pluginNoChange / plugin.committedNoChange),
                ],
                [
                    "\(plugin.definitions)", "generated file committed", Formatting.seconds(plugin.committedNoChange),
                    Formatting.seconds(plugin.committedNoChangeMedian), Formatting.ratio(1),
                ],
            ])
    }

    /// Whether the app was recompiled by a no-change build with the plugin, as this run found.
    func pluginNote() -> String {
        plugin.appRecompiled
            ? "In this run a no-change build with the plugin recompiled the app, which it must not."
            : "In this run a no-change build with the plugin did not recompile the app."
    }

    /// The build plugin's targets with the figures measured for them.
    func pluginVerdicts() -> [(target: String, figure: String, passed: Bool)] {
        let ratio = plugin.pluginNoChange / plugin.committedNoChange
        return [
            (
                "plugin: no-change build with \(plugin.definitions) definitions within \(Formatting.factor(Targets.pluginOverCommitted))× the same package with the generated file committed",
                Formatting.ratio(ratio), Targets.holds(ratio, atMost: Targets.pluginOverCommitted)
            ),
            (
                "plugin: a no-change build does not recompile the app",
                plugin.appRecompiled ? "recompiled" : "not recompiled", !plugin.appRecompiled
            ),
        ]
    }

    /// Each target of the compiler, the generated code and the runtime with the figure measured
    /// for it.
    func verdicts() -> [(target: String, figure: String, passed: Bool)] {
        var verdicts: [(String, String, Bool)] = []
        for (build, measurements) in [("release", compilerRelease), ("debug", compilerDebug)] {
            guard let small = measurements.min(by: { $0.experiments < $1.experiments }),
                let large = measurements.max(by: { $0.experiments < $1.experiments })
            else { continue }
            let ratio = large.compileAndEmit / large.libyamlScan
            verdicts.append((
                "compiler (\(build)): \(large.experiments) experiments within \(Formatting.factor(Targets.compilerOverScan))× the libyaml scan",
                Formatting.ratio(ratio), Targets.holds(ratio, atMost: Targets.compilerOverScan)))
            let inputs = Double(large.experiments) / Double(small.experiments)
            let scaling = large.compileAndEmit / small.compileAndEmit
            verdicts.append((
                "compiler (\(build)): \(Formatting.factor(inputs))× the input in at most \(Formatting.factor(Targets.linearLimit(inputs)))× the time",
                Formatting.ratio(scaling), Targets.holds(scaling, atMost: Targets.linearLimit(inputs))))
        }
        if let small = typecheck.min(by: { $0.experiments < $1.experiments }),
            let large = typecheck.max(by: { $0.experiments < $1.experiments })
        {
            let slow = large.warnings.filter { $0.contains("type-check") }.count
            verdicts.append((
                "generated code: \(large.experiments) experiments, no expression over 100 ms and no other warning",
                "\(slow) slow expressions, \(large.warnings.count) warnings", large.warnings.isEmpty))
            let inputs = Double(large.experiments) / Double(small.experiments)
            let scaling = large.seconds / small.seconds
            verdicts.append((
                "generated code: type-check time linear (\(Formatting.factor(inputs))× the input, at most \(Formatting.factor(Targets.linearLimit(inputs)))× the time)",
                Formatting.ratio(scaling), Targets.holds(scaling, atMost: Targets.linearLimit(inputs))))
        }
        if let sticky = runtime.first(where: { $0.name.contains("sticky") }) {
            verdicts.append((
                "runtime: sticky fetchSplitTest well under a microsecond (under \(Formatting.factor(Targets.stickyNanoseconds)) ns)",
                String(format: "%.0f ns", sticky.nanosecondsMedian), sticky.nanosecondsMedian < Targets.stickyNanoseconds))
            verdicts.append((
                "runtime: no allocation on the sticky path",
                String(format: "%.3f mallocs/op at most", sticky.mallocsMax), sticky.mallocsMax == 0))
        } else {
            verdicts.append(("runtime: sticky fetchSplitTest measured", "not measured", false))
        }
        if let bucketing = runtime.first(where: { $0.name.hasPrefix("Bucketing") }) {
            verdicts.append((
                "runtime: bucketing a 36-character id in tens of nanoseconds (under \(Formatting.factor(Targets.bucketingNanoseconds)) ns)",
                String(format: "%.0f ns", bucketing.nanosecondsMedian), bucketing.nanosecondsMedian < Targets.bucketingNanoseconds))
        }
        return verdicts
    }

    func verdictSection() -> String {
        Formatting.table(
            ["target", "measured", "verdict"],
            verdicts().map { [$0.target, $0.figure, Formatting.verdict($0.passed)] })
    }
}
