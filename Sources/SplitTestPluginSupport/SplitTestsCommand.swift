/// The command line of `swift package split-tests`, parsed without `PackagePlugin` so that it is
/// tested like the rest of the plugins' logic.
///
/// The verb only reads, so its plugin declares no permission and runs without a terminal, in CI.
/// Writing into the package is ``SplitTestsGenerateCommand``, a verb of its own: SwiftPM asks for
/// every permission a plugin declares before running it, whatever its arguments, so a `generate`
/// under this verb would make `lint` ask for a write permission too.
public enum SplitTestsCommand: Sendable, Hashable {
    /// `lint [--target T…]`: lints the definitions of the named targets, or of every target.
    case lint(targets: [String])
    /// `generate …`, which this verb refuses, writing nothing: `command` is the one that does it.
    case generateMoved(command: String)
    /// `help`, `--help` or `-h`.
    case help

    /// The verb SwiftPM runs the command plugin under.
    public static let verb = "split-tests"

    /// What `help` prints: this verb's subcommands, and the verb that generates.
    public static let usage = """
        USAGE: swift package split-tests <subcommand>
               swift package --allow-writing-to-package-directory split-tests-generate --target <target> …

        SUBCOMMANDS:
          lint [--target <target>…]
                  Validates the definitions every target (or each named target) compiles, with
                  the diagnostics the build prints. Writes nothing and needs no permission, so it
                  runs in CI without a terminal and without any option.
          help    Shows this text.

        GENERATING INTO THE PACKAGE (a command of its own, since it writes there):
          split-tests-generate --target <target> [--target <target>…] [--access public|internal]
                  Writes GeneratedSplitTests.swift into each target's folder, from the package's
                  experiments/ folder and the target's own *.yaml and *.yml files, for teams that
                  commit the generated code. Only for a target that does not apply
                  SplitTestPlugin, which would generate the same types a second time. SwiftPM
                  lets it write there only with --allow-writing-to-package-directory (or when you
                  approve it at the prompt), and asks for that before it runs.

        Examples:
          swift package split-tests lint
          swift package --allow-writing-to-package-directory split-tests-generate --target App
        """

    /// Parses the arguments SwiftPM passes after the verb.
    public static func parse(_ arguments: [String]) throws(SplitTestsCommandError) -> SplitTestsCommand {
        guard let subcommand = arguments.first else {
            throw SplitTestsCommandError("missing subcommand: lint or help")
        }
        switch subcommand {
        case "help", "--help", "-h":
            return .help
        case "generate":
            // Whatever follows, nothing is generated: the command to use is named, with the
            // targets and access level given when they parse.
            let options = try? CommandArguments.parse(arguments.dropFirst())
            if options?.help == true { return .help }
            return .generateMoved(
                command: SplitTestsGenerateCommand.commandLine(
                    targets: options?.targets ?? [], access: options?.access))
        case "lint":
            let options = try CommandArguments.parse(arguments.dropFirst())
            if options.help { return .help }
            guard options.access == nil else { throw SplitTestsCommandError("lint takes no --access") }
            return .lint(targets: options.targets)
        default:
            throw SplitTestsCommandError("unknown subcommand '\(subcommand)': lint or help")
        }
    }

    /// The one line `split-tests generate` fails with, naming `command`, the one to run instead.
    public static func generateMovedMessage(command: String) -> String {
        "split-tests generate is now split-tests-generate, a command of its own that asks for "
            + "permission to write into the package; run: \(command)"
    }
}
