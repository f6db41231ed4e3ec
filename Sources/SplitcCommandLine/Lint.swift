import ArgumentParser
import SplitTestFormats

/// `splitc lint`: validates the definitions and reports every problem found.
package struct Lint: ParsableCommand {
    package static let configuration = CommandConfiguration(
        abstract: "Validates split-test definitions and runs their test documents.",
        discussion: "Exit status: 0 clean or warnings only, 1 errors or a failing test, 2 usage or unreadable input."
    )

    @OptionGroup var definitions: DefinitionOptions

    @Option(help: "text: diagnostics on standard error; json: a JSON array on standard output.")
    var format: OutputFormat = .text

    /// The instance whose property wrappers tell ArgumentParser what the options are.
    package init() {}

    package func run() throws {
        let compiled = try definitions.compile(runningTests: true)
        let diagnostics = compiled.result.diagnostics
        switch format {
        case .text:
            DiagnosticPrinter.printText(diagnostics)
            let errors = diagnostics.count { $0.severity == .error }
            let warnings = diagnostics.count { $0.severity == .warning }
            // Every experiment written counts, those with errors too: the summary tells how many
            // the run read, the diagnostics what is wrong with them.
            Console.error(
                "\(Counted.phrase(compiled.result.experimentDocuments, "experiment")) in "
                    + "\(Counted.phrase(compiled.sources.count, "file")): "
                    + "\(Counted.phrase(errors, "error")), \(Counted.phrase(warnings, "warning"))")
        case .json:
            try DiagnosticPrinter.printJSON(diagnostics)
        }
        if compiled.result.hasErrors { throw ExitCode(ExitStatus.errors) }
    }
}
