import ArgumentParser
import SplitcCommandLine

/// `splitc`: validates split-test definitions, generates their Swift, and answers what a unit
/// gets. Exit codes: 0 clean or warnings only, 1 errors in the definitions, 2 usage or
/// unreadable input.
@main
struct Splitc: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "splitc",
        abstract: "Compiles split-test definitions (YAML) into typed Swift.",
        subcommands: [
            Lint.self, Generate.self, Assign.self, Simulate.self, Analyze.self, Schema.self, Publish.self,
            Keygen.self, Bandit.self, Test.self, Catalog.self, Plan.self,
        ]
    )

    /// Runs the command with the exit codes of ``ExitStatus`` (see ``ToolMain``).
    static func main() {
        ToolMain.run(Self.self)
    }
}
