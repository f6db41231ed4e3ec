import BenchmarkSupport
import Foundation
import SplitTestCompiler

/// Type-checks the Swift generated for a corpus against the SplitTesting module, as an app's
/// build would, asking the compiler to name every expression slower than 100 ms.
enum GeneratedCodeTypecheck {
    static func measure(
        experiments: Int, repetitions: Int, moduleDirectory: String, workDirectory: String
    ) throws -> TypecheckMeasurement {
        let sources = CorpusGenerator.corpus(experiments: experiments)
            .map { SourceFile(path: $0.path, contents: $0.contents) }
        let output = CompilerTiming.compileAndEmit(sources)
        try CompilerTiming.check(output, experiments: experiments)
        let file = URL(fileURLWithPath: workDirectory)
            .appendingPathComponent("GeneratedSplitTests_\(experiments).swift")
        try FileManager.default.createDirectory(
            atPath: workDirectory, withIntermediateDirectories: true)
        try Data(output.1.utf8).write(to: file)

        let arguments = [
            "swiftc", "-typecheck", "-swift-version", "6",
            "-Xfrontend", "-warn-long-expression-type-checking=100",
            "-I", moduleDirectory, file.path,
        ]
        var stopwatch = Stopwatch()
        var warnings: Set<String> = []
        for _ in 0..<repetitions {
            let run = try stopwatch.time { try ToolRun.run(arguments) }
            guard run.status == 0 else {
                throw BenchError("swiftc rejected the generated code of \(experiments) experiments:\n"
                    + run.output.split(separator: "\n").prefix(20).joined(separator: "\n"))
            }
            for line in run.output.split(separator: "\n") where line.contains("warning:") {
                warnings.insert(String(line))
            }
        }
        return TypecheckMeasurement(
            experiments: experiments, swiftBytes: output.1.utf8.count, repetitions: repetitions,
            seconds: stopwatch.minimum, warnings: warnings.sorted())
    }
}

/// A finished child process: its exit status and its standard output and error, merged.
struct ToolRun {
    var status: Int32
    var output: String

    /// Runs `arguments` through `/usr/bin/env`, so that the `swiftc` on `PATH` is used.
    static func run(_ arguments: [String]) throws -> ToolRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        // Read before waiting: a child that fills the pipe would otherwise block forever.
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ToolRun(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
