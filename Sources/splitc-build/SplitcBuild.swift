import ArgumentParser

/// `splitc-build`: the tool the build plugin and the `split-tests` command plugin run. It offers
/// `splitc`'s `generate` and `lint`, from the same files (symbolic links into `Sources/splitc`),
/// with the same diagnostics and exit codes, but depends only on the compiler and
/// ArgumentParser: a package that applies the plugin does not build what `splitc`'s other
/// commands need (swift-crypto, the analysis library).
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
