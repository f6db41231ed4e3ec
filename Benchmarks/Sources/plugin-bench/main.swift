import BenchmarkSupport
import Foundation

let usage = """
    usage: plugin-bench no-change --definitions 50 --repetitions N --split-testing DIR \\
               --work-dir DIR --output FILE.json
    Builds a package that applies SplitTestPlugin to DEFINITIONS generated definitions, and the
    same package with the generated file committed instead, then times no-change `swift build`s
    of both, alternating, and writes the fastest and median of each.
    """

func measure(_ arguments: Arguments) throws -> PluginMeasurement {
    let definitions = try arguments.integers("definitions")[0]
    let repetitions = try arguments.integers("repetitions")[0]
    let packages = BenchPackages(
        workDirectory: URL(fileURLWithPath: try arguments.string("work-dir")),
        splitTesting: URL(fileURLWithPath: try arguments.string("split-testing")))
    try packages.writePluginPackage(definitions: definitions)
    let plugin = SwiftBuild(package: packages.plugin)
    print("building the plugin package (the first build compiles splitc-build and the runtime)")
    try plugin.run()
    let generated = try packages.generatedFile(scratch: plugin.scratch)
    try packages.writeCommittedPackage(generated: generated)
    let committed = SwiftBuild(package: packages.committed)
    print("building the committed package")
    try committed.run()
    // A second build of each settles what the first one leaves to do (Package.resolved written).
    try plugin.run()
    try committed.run()

    let generatedBefore = try FileManager.default.attributesOfItem(atPath: generated.path)[.modificationDate] as? Date
    var pluginTimes = Stopwatch()
    var committedTimes = Stopwatch()
    // Alternated, so that a change in the machine's load falls on both alike.
    for repetition in 1...repetitions {
        try pluginTimes.time { _ = try plugin.run() }
        try committedTimes.time { _ = try committed.run() }
        print("no-change build \(repetition)/\(repetitions): plugin \(pluginTimes.samples.last ?? .nan) s, "
            + "committed \(committedTimes.samples.last ?? .nan) s")
    }
    // A no-change build must not touch the generated file, or the app would recompile each time.
    let generatedAfter = try FileManager.default.attributesOfItem(atPath: generated.path)[.modificationDate] as? Date
    guard generatedBefore == generatedAfter else {
        throw BenchError("the no-change builds rewrote \(generated.path): the plugin is not measured as intended")
    }
    let verbose = try plugin.run(["-v"])
    let appCompiled = verbose.range(of: "-module-name App ") != nil
    return PluginMeasurement(
        definitions: definitions, repetitions: repetitions,
        pluginNoChange: pluginTimes.minimum, pluginNoChangeMedian: pluginTimes.median,
        committedNoChange: committedTimes.minimum, committedNoChangeMedian: committedTimes.median,
        appRecompiled: appCompiled)
}

do {
    let arguments = try Arguments(Array(CommandLine.arguments.dropFirst()), usage: usage)
    guard arguments.command == "no-change" else { throw arguments.unknownCommand() }
    let measurement = try measure(arguments)
    print("no-change build, \(measurement.definitions) definitions: plugin \(measurement.pluginNoChange) s, "
        + "committed \(measurement.committedNoChange) s, ratio \(measurement.pluginNoChange / measurement.committedNoChange)")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(measurement).write(to: URL(fileURLWithPath: try arguments.string("output")))
} catch {
    FileHandle.standardError.write(Data("plugin-bench: \(error)\n".utf8))
    exit(1)
}
