import BenchmarkSupport
import Foundation

let usage = """
    usage: compiler-bench compile --experiments 1000,10000 --repetitions N --output FILE.json
           compiler-bench typecheck --experiments 100,1000 --repetitions N --module-dir DIR \\
               --work-dir DIR --output FILE.json
    """

/// Runs one harness command and writes its measurements as JSON for `benchmark-report`.
func runCommand(_ arguments: Arguments) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let repetitions = try arguments.integers("repetitions")[0]
    switch arguments.command {
    case "compile":
        let measurements = try arguments.integers("experiments").map { count in
            let measurement = try CompilerTiming.measure(experiments: count, repetitions: repetitions)
            print("compile \(count) experiments: scan \(measurement.libyamlScan) s, "
                + "compile + emit \(measurement.compileAndEmit) s")
            return measurement
        }
        return try encoder.encode(measurements)
    case "typecheck":
        let measurements = try arguments.integers("experiments").map { count in
            let measurement = try GeneratedCodeTypecheck.measure(
                experiments: count, repetitions: repetitions,
                moduleDirectory: try arguments.string("module-dir"),
                workDirectory: try arguments.string("work-dir"))
            print("type-check \(count) experiments: \(measurement.seconds) s, "
                + "\(measurement.warnings.count) warnings")
            return measurement
        }
        return try encoder.encode(measurements)
    default:
        throw arguments.unknownCommand()
    }
}

do {
    let arguments = try Arguments(Array(CommandLine.arguments.dropFirst()), usage: usage)
    let json = try runCommand(arguments)
    try json.write(to: URL(fileURLWithPath: try arguments.string("output")))
} catch {
    FileHandle.standardError.write(Data("compiler-bench: \(error)\n".utf8))
    exit(1)
}
