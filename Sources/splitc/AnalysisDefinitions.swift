import ArgumentParser
import Foundation
@_spi(Tools) import SplitTestAnalysis
@_spi(Tools) import SplitTestCompiler
import SplitTesting
import SplitcCommandLine
@_spi(Tools) import SplitTestTools

/// The definitions that `splitc analyze` and `splitc bandit` read with `--definitions`.
enum AnalysisDefinitionFiles {
    /// The definitions in `paths` (files or folders); errors are printed and exit with status 1.
    static func compile(_ paths: [String]) throws -> [SplitTestDefinition] {
        try compileResult(paths).experiments.map(\.definition)
    }

    /// The definitions in `paths` and what the readout needs of their declared events and
    /// metrics; errors are printed and exit with status 1.
    static func compileWithMetrics(_ paths: [String]) throws -> (definitions: [SplitTestDefinition], metrics: MetricDefinitions) {
        let result = try compileResult(paths)
        return (result.experiments.map(\.definition), metrics(of: result))
    }

    /// The compiled result of `paths`, errors printed.
    static func compileResult(_ paths: [String]) throws -> CompilationResult {
        let files = try DefinitionFiles.discover(paths, optionalPaths: [])
        let sources = try DefinitionReader.read(files, root: FileManager.default.currentDirectoryPath)
        let result = DefinitionCompiler.compile(sources, today: .todayUTC)
        DiagnosticPrinter.printText(result.diagnostics.filter { $0.severity == .error })
        if result.hasErrors { throw ExitCode(ExitStatus.errors) }
        return result
    }

    /// The declared events and metrics of `result`, and the metrics each experiment names.
    static func metrics(of result: CompilationResult) -> MetricDefinitions {
        MetricDefinitions(
            events: result.events, metrics: result.metrics,
            roles: Dictionary(result.experiments.map { ($0.identifier, $0.metricRoles) }, uniquingKeysWith: { first, _ in first }))
    }
}
