import BenchmarkSupport
import SplitTestCompiler

/// The compiler against its references, on generated corpora.
enum CompilerTiming {
    /// A fixed date, so that `expires:` warnings do not depend on the day the benchmark runs.
    static let today = CalendarDate(year: 2026, month: 1, day: 1)

    /// Times the scan and the compiler over the same in-memory bytes, interleaved so that both
    /// see the same machine load.
    static func measure(experiments: Int, repetitions: Int) throws -> CompilerMeasurement {
        let corpus = CorpusGenerator.corpus(experiments: experiments)
        let sources = corpus.map { SourceFile(path: $0.path, contents: $0.contents) }
        let bytes = corpus.map(\.contents)
        let paths = corpus.map(\.path)
        try check(compileAndEmit(sources), experiments: experiments)

        var scan = Stopwatch(), compile = Stopwatch(), emit = Stopwatch(), total = Stopwatch()
        var sink = 0
        for _ in 0..<repetitions {
            sink &+= scan.time { LibYAMLScan.countEvents(in: bytes) }
            let (result, swift) = total.time {
                let result = compile.time { DefinitionCompiler.compile(sources, today: today) }
                let swift = emit.time { emitSwift(result, paths: paths) }
                return (result, swift)
            }
            sink &+= result.experiments.count &+ swift.utf8.count
        }
        let swiftBytes = compileAndEmit(sources).1.utf8.count
        precondition(sink != 0, "the measured work produced something")
        return CompilerMeasurement(
            experiments: experiments, files: corpus.count, bytes: CorpusGenerator.byteCount(of: corpus),
            repetitions: repetitions, libyamlScan: scan.minimum, compile: compile.minimum,
            emit: emit.minimum, compileAndEmit: total.minimum, compileAndEmitMedian: total.median,
            swiftBytes: swiftBytes)
    }

    /// The Swift generated for a corpus, as the plugin would write it.
    static func compileAndEmit(_ sources: [SourceFile]) -> (CompilationResult, String) {
        let result = DefinitionCompiler.compile(sources, today: today)
        return (result, emitSwift(result, paths: sources.map(\.displayPath)))
    }

    static func emitSwift(_ result: CompilationResult, paths: [String]) -> String {
        SwiftEmitter(accessLevel: .public).emit(result.experiments, sourcePaths: paths)
    }

    /// A benchmark of a compiler that rejects its input, or drops experiments, measures nothing.
    static func check(_ output: (CompilationResult, String), experiments: Int) throws {
        let (result, _) = output
        let errors = result.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty, result.experiments.count == experiments else {
            throw BenchError(
                "the generated corpus of \(experiments) experiments compiled to "
                    + "\(result.experiments.count) experiments with \(errors.count) errors; first: "
                    + (errors.first.map { String(describing: $0) } ?? "none"))
        }
    }
}
