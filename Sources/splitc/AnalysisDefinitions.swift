import ArgumentParser
import Foundation
import SplitTestCompiler
import SplitTesting
import SplitcCommandLine
@_spi(Tools) import SplitTestTools

/// The definitions that `splitc analyze` and `splitc bandit` read with `--definitions`.
enum AnalysisDefinitionFiles {
    /// The definitions in `paths` (files or folders); errors are printed and exit with status 1.
    static func compile(_ paths: [String]) throws -> [SplitTestDefinition] {
        let files = try DefinitionFiles.discover(paths, optionalPaths: [])
        let sources = try DefinitionReader.read(files, root: FileManager.default.currentDirectoryPath)
        let result = DefinitionCompiler.compile(sources, today: .todayUTC)
        DiagnosticPrinter.printText(result.diagnostics.filter { $0.severity == .error })
        if result.hasErrors { throw ExitCode(ExitStatus.errors) }
        return result.experiments.map(\.definition)
    }
}
