import Foundation
import BenchmarkSupport

/// Every result of one `run.sh`, turned into tables and verdicts against SPEC §7 and §11.
struct Report {
    var compilerDebug: [CompilerMeasurement]
    var compilerRelease: [CompilerMeasurement]
    var yamsDebug: [YamsMeasurement]
    var yamsRelease: [YamsMeasurement]
    var typecheck: [TypecheckMeasurement]
    var runtime: [RuntimeFigure]
    var plugin: PluginMeasurement
    /// `splitc analyze` against DuckDB (SPEC §11), when `run.sh` measured it.
    var analysis: [AnalysisMeasurement]?
    /// The runtime benchmarks' own output, kept whole for the detail section.
    var runtimeMarkdown: String

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

    /// Why the debug build cannot meet the 3× target, with this run's figures: the same code
    /// optimised and not, and what a debug build costs a user in absolute time.
    func debugBuildNote() -> String {
        guard let debug = compilerDebug.max(by: { $0.experiments < $1.experiments }),
            let release = compilerRelease.first(where: { $0.experiments == debug.experiments })
        else { return "" }
        let slowdown = debug.compileAndEmit / release.compileAndEmit
        return """
            The 3× target holds for the release build. The debug build cannot meet it by any change
            to the code: it compiles Swift without optimisation (`-Onone`) while the reference,
            libyaml, is the system's optimised C library. In this run the same compiler took \(Formatting.ratio(slowdown))
            as long in debug as in release (\(Formatting.seconds(debug.compileAndEmit)) against \(Formatting.seconds(release.compileAndEmit)) for \(debug.experiments)
            experiments), whereas the scan, whose work is all in the C library, took \(Formatting.seconds(debug.libyamlScan)) and
            \(Formatting.seconds(release.libyamlScan)). SwiftPM builds a
            plugin's tool in the configuration of the build (swiftlang/swift-package-manager#7233),
            and a package used by version may not set `unsafeFlags` such as `-O`, so the package
            cannot ask for an optimised `splitc-build`. What a debug build costs a user is the absolute
            time: \(Formatting.seconds(debug.compileAndEmit)) for \(debug.experiments) experiments, so, the cost being linear, about
            \(Formatting.seconds(debug.compileAndEmit / Double(debug.experiments) * 50)) for the 50 definitions of a large app.
            """
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
            // JSONSerialization row (see SPEC §11 targets), not the lookup.
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

    /// The SPEC §11 target of the build plugin with the figure measured for it.
    func pluginVerdicts() -> [(target: String, figure: String, passed: Bool)] {
        let ratio = plugin.pluginNoChange / plugin.committedNoChange
        return [
            (
                "plugin: no-change build with \(plugin.definitions) definitions within 1.2× the same package with the generated file committed",
                Formatting.ratio(ratio), ratio <= 1.2
            ),
            (
                "plugin: a no-change build does not recompile the app",
                plugin.appRecompiled ? "recompiled" : "not recompiled", !plugin.appRecompiled
            ),
        ]
    }

    /// Each SPEC §7 target with the figure measured for it.
    func verdicts() -> [(target: String, figure: String, passed: Bool)] {
        var verdicts: [(String, String, Bool)] = []
        for (build, measurements) in [("release", compilerRelease), ("debug", compilerDebug)] {
            guard let small = measurements.min(by: { $0.experiments < $1.experiments }),
                let large = measurements.max(by: { $0.experiments < $1.experiments })
            else { continue }
            let ratio = large.compileAndEmit / large.libyamlScan
            verdicts.append((
                "compiler (\(build)): \(large.experiments) experiments within 3× the libyaml scan",
                Formatting.ratio(ratio), ratio <= 3))
            let inputs = Double(large.experiments) / Double(small.experiments)
            let scaling = large.compileAndEmit / small.compileAndEmit
            verdicts.append((
                "compiler (\(build)): \(Int(inputs))× the input in at most \(Int(inputs * 1.1))× the time",
                Formatting.ratio(scaling), scaling <= inputs * 1.1))
        }
        if let small = typecheck.min(by: { $0.experiments < $1.experiments }),
            let large = typecheck.max(by: { $0.experiments < $1.experiments })
        {
            let slow = large.warnings.filter { $0.contains("type-check") }.count
            verdicts.append((
                "generated code: \(large.experiments) experiments, no expression over 100 ms",
                "\(slow) slow expressions, \(large.warnings.count) warnings", large.warnings.isEmpty))
            let inputs = Double(large.experiments) / Double(small.experiments)
            let scaling = large.seconds / small.seconds
            verdicts.append((
                "generated code: type-check time linear (\(Int(inputs))× the input, at most \(Int(inputs * 1.1))× the time)",
                Formatting.ratio(scaling), scaling <= inputs * 1.1))
        }
        if let sticky = runtime.first(where: { $0.name.contains("sticky") }) {
            verdicts.append((
                "runtime: sticky fetchSplitTest well under a microsecond (under 500 ns)",
                String(format: "%.0f ns", sticky.nanosecondsMedian), sticky.nanosecondsMedian < 500))
            verdicts.append((
                "runtime: no allocation on the sticky path",
                String(format: "%.3f mallocs/op at most", sticky.mallocsMax), sticky.mallocsMax == 0))
        } else {
            verdicts.append(("runtime: sticky fetchSplitTest measured", "not measured", false))
        }
        if let bucketing = runtime.first(where: { $0.name.hasPrefix("Bucketing") }) {
            verdicts.append((
                "runtime: bucketing a 36-character id in tens of nanoseconds (under 100 ns)",
                String(format: "%.0f ns", bucketing.nanosecondsMedian), bucketing.nanosecondsMedian < 100))
        }
        return verdicts
    }

    func verdictSection() -> String {
        Formatting.table(
            ["SPEC §7 target", "measured", "verdict"],
            verdicts().map { [$0.target, $0.figure, Formatting.verdict($0.passed)] })
    }
}
