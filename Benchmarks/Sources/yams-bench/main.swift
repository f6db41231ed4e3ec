import BenchmarkSupport
import Foundation
import Yams

let usage = "usage: yams-bench compose --experiments 1000,10000 --repetitions N --output FILE.json"

/// What a Swift generator built on Yams pays before it looks at a single key: composing each file
/// into a node tree. The strings are made before timing, which only favours Yams.
func measureCompose(experiments: Int, repetitions: Int) throws -> YamsMeasurement {
    let texts = CorpusGenerator.corpus(experiments: experiments)
        .map { String(decoding: $0.contents, as: UTF8.self) }
    var stopwatch = Stopwatch()
    var documents = 0
    for _ in 0..<repetitions {
        documents = try stopwatch.time {
            var count = 0
            for text in texts {
                for _ in try Yams.compose_all(yaml: text) { count += 1 }
            }
            return count
        }
    }
    guard documents == experiments else {
        throw BenchError("Yams composed \(documents) documents of \(experiments)")
    }
    return YamsMeasurement(
        experiments: experiments, repetitions: repetitions, yamsCompose: stopwatch.minimum)
}

do {
    let arguments = try Arguments(Array(CommandLine.arguments.dropFirst()), usage: usage)
    guard arguments.command == "compose" else { throw arguments.unknownCommand() }
    let repetitions = try arguments.integers("repetitions")[0]
    let measurements = try arguments.integers("experiments").map { count in
        let measurement = try measureCompose(experiments: count, repetitions: repetitions)
        print("Yams compose \(count) experiments: \(measurement.yamsCompose) s")
        return measurement
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(measurements).write(to: URL(fileURLWithPath: try arguments.string("output")))
} catch {
    FileHandle.standardError.write(Data("yams-bench: \(error)\n".utf8))
    exit(1)
}
