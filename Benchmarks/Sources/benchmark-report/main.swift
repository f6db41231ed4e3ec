import BenchmarkSupport
import Foundation

let usage = """
    usage: benchmark-report write --results DIR --output BENCHMARKS.md --command "COMMAND"
           benchmark-report self-test [--documents DIR]
    DIR holds compiler-{debug,release}.json, yams-{debug,release}.json, typecheck.json,
    plugin.json, runtime.md, machine.txt, specs.json and (unless skipped) analysis.json, bandit.json,
    metrics.json and service.md, as
    Benchmarks/run.sh writes them. self-test writes the report of synthetic runs that meet and
    miss the targets, and checks that every sentence with a verdict follows the figures; with
    --documents, it also writes each synthetic run's BENCHMARKS.md into DIR.
    """

func load<Value: Decodable>(_ type: Value.Type, _ directory: URL, _ name: String) throws -> Value {
    let url = directory.appendingPathComponent(name)
    guard let data = FileManager.default.contents(atPath: url.path) else {
        throw BenchError("missing result file \(url.path): did an earlier step of run.sh fail?")
    }
    return try JSONDecoder().decode(Value.self, from: data)
}

func text(_ directory: URL, _ name: String) throws -> String {
    let url = directory.appendingPathComponent(name)
    guard let data = FileManager.default.contents(atPath: url.path) else {
        throw BenchError("missing result file \(url.path): did an earlier step of run.sh fail?")
    }
    return String(decoding: data, as: UTF8.self)
}

do {
    let arguments = try Arguments(Array(CommandLine.arguments.dropFirst()), usage: usage)
    if arguments.command == "self-test" {
        try SelfTest.run(documents: (try? arguments.string("documents")).map { URL(fileURLWithPath: $0) })
        print("benchmark-report self-test: every sentence with a verdict follows its run's figures")
        exit(0)
    }
    guard arguments.command == "write" else { throw arguments.unknownCommand() }
    let directory = URL(fileURLWithPath: try arguments.string("results"))
    // The plugin prints its build and warnings first; the results start at the baseline heading.
    var runtimeOutput = try text(directory, "runtime.md")
    if let start = runtimeOutput.range(of: "## Baseline") {
        runtimeOutput = String(runtimeOutput[start.lowerBound...])
    }
    // Shown inside a section of BENCHMARKS.md, its headings go two levels down.
    let runtimeMarkdown = runtimeOutput.split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.hasPrefix("## ") || $0.hasPrefix("### ") ? "##" + $0 : String($0) }
        .joined(separator: "\n")
    let report = Report(
        compilerDebug: try load([CompilerMeasurement].self, directory, "compiler-debug.json"),
        compilerRelease: try load([CompilerMeasurement].self, directory, "compiler-release.json"),
        yamsDebug: try load([YamsMeasurement].self, directory, "yams-debug.json"),
        yamsRelease: try load([YamsMeasurement].self, directory, "yams-release.json"),
        typecheck: try load([TypecheckMeasurement].self, directory, "typecheck.json"),
        runtime: RuntimeTable.parse(runtimeOutput),
        plugin: try load(PluginMeasurement.self, directory, "plugin.json"),
        // Absent when run.sh was told to skip the analysis (ANALYSIS_EVENTS=0).
        analysis: FileManager.default.fileExists(atPath: directory.appendingPathComponent("analysis.json").path)
            ? try load([AnalysisMeasurement].self, directory, "analysis.json") : nil,
        runtimeMarkdown: runtimeMarkdown,
        bandit: FileManager.default.fileExists(atPath: directory.appendingPathComponent("bandit.json").path)
            ? try load(BanditMeasurement.self, directory, "bandit.json") : nil,
        specs: FileManager.default.fileExists(atPath: directory.appendingPathComponent("specs.json").path)
            ? try load([SpecsMeasurement].self, directory, "specs.json") : nil,
        metrics: FileManager.default.fileExists(atPath: directory.appendingPathComponent("metrics.json").path)
            ? try load(MetricsMeasurement.self, directory, "metrics.json") : nil,
        service: FileManager.default.fileExists(atPath: directory.appendingPathComponent("service.md").path)
            ? try text(directory, "service.md") : nil)
    guard report.runtime.count >= 4, report.runtime.allSatisfy({ $0.nanosecondsMedian.isFinite }) else {
        throw BenchError("found \(report.runtime.count) runtime benchmarks with figures in runtime.md; "
            + "expected 4: has ordo-one/benchmark's markdown output changed?")
    }
    let document = BenchmarksDocument(
        report: report, machine: try text(directory, "machine.txt"),
        command: try arguments.string("command"), date: Date())
    try Data(document.markdown().utf8).write(to: URL(fileURLWithPath: try arguments.string("output")))
    print(document.summary())
} catch {
    FileHandle.standardError.write(Data("benchmark-report: \(error)\n".utf8))
    exit(1)
}
