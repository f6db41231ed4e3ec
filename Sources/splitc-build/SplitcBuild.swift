import ArgumentParser
import SplitcCommandLine

/// `splitc-build`: the tool the build plugin and the command plugins run. It offers `splitc`'s
/// `generate` and `lint`, the same commands from the `SplitcCommandLine` library, with the same
/// diagnostics and exit codes, but depends only on the compiler and ArgumentParser: a package that
/// applies the plugin does not build what `splitc`'s other commands need (swift-crypto, the
/// analysis library).
@main
struct SplitcBuild: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "splitc-build",
        abstract: "Compiles split-test definitions (YAML) into typed Swift, for the SplitTesting plugins.",
        discussion: "The generate and lint of splitc, which has every other command.",
        subcommands: [Lint.self, Generate.self]
    )

    /// Runs the command with the exit codes of ``ExitStatus`` (see ``ToolMain``).
    static func main() {
        ToolMain.run(Self.self)
    }
}
