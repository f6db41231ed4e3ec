import ArgumentParser
import Foundation
import SplitTestCompiler
@_spi(Tools) import SplitTestTools

/// The definition files every command but `schema` reads.
package struct DefinitionOptions: ParsableArguments {
    @Argument(help: "Definition files, or folders searched recursively for *.yaml and *.yml (default: experiments).")
    package var paths: [String] = []

    // For build tools: the build plugin names the package's experiments folder this way, so that
    // creating or removing the folder later needs no new build plan.
    @Option(
        name: .customLong("if-present"),
        help: ArgumentHelp(
            "A definition file or folder that is read when it exists and skipped when it does not; repeatable.",
            valueName: "path"))
    package var optionalPaths: [String] = []

    /// The instance whose property wrappers tell ArgumentParser what the options are.
    package init() {}

    /// Finds, reads and compiles the definitions, with display paths relative to `root`. With
    /// `runningTests`, the test documents are run when the definitions have no errors, and each
    /// failure is an error at its `expect`, as `lint` and the build report them.
    package func compile(
        root: String = FileManager.default.currentDirectoryPath, runningTests: Bool = false
    ) throws(InputError) -> Compiled {
        let definitions = try DefinitionSet.load(paths: paths, optionalPaths: optionalPaths, root: root)
        var result = definitions.result
        if runningTests, !result.hasErrors, !result.tests.isEmpty {
            let report = DefinitionTestRunner.run(result.tests, experiments: result.experiments)
            result.diagnostics += report.failures.map(\.diagnostic)
        }
        return Compiled(sources: definitions.sources, result: result)
    }
}

/// What the command line's definitions compiled to.
package struct Compiled {
    /// The files read, sorted by path.
    package var sources: [SourceFile]
    /// The compiler's experiments and diagnostics.
    package var result: CompilationResult

    /// Prints the diagnostics as text on standard error and throws exit code 1 on errors, for the
    /// commands whose standard output is their result rather than diagnostics.
    package func requireNoErrors() throws(ExitCode) {
        DiagnosticPrinter.printText(result.diagnostics)
        if result.hasErrors { throw ExitCode(ExitStatus.errors) }
    }
}
