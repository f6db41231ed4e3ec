/// The command line of `swift package split-tests-generate`, the verb that writes
/// `GeneratedSplitTests.swift` into package targets' folders. Its plugin declares the permission
/// to write into the package, which SwiftPM asks for before running it: with
/// `--allow-writing-to-package-directory`, or at a prompt in a terminal.
public enum SplitTestsGenerateCommand: Sendable, Hashable {
    /// `--target T… [--access public|internal]`: writes `GeneratedSplitTests.swift` into each
    /// target's folder.
    case generate(targets: [String], access: String?)
    /// `help`, `--help` or `-h`.
    case help

    /// The verb SwiftPM runs the command plugin under.
    public static let verb = "split-tests-generate"

    /// The option without which SwiftPM does not let the verb's plugin write, when there is no
    /// terminal to ask in.
    public static let permissionOption = "--allow-writing-to-package-directory"

    /// What `help` prints.
    public static let usage = """
        USAGE: swift package --allow-writing-to-package-directory split-tests-generate --target <target> [--target <target>…] [--access public|internal]

        Writes GeneratedSplitTests.swift into each target's folder, from the package's experiments/
        folder and the target's own *.yaml and *.yml files, for teams that commit the generated
        code. A target that applies SplitTestPlugin is refused: the build would generate the same
        types a second time. It writes only when the contents change, never half-written, and
        nothing when a definition has an error.

        Needs permission to write into the package: SwiftPM asks for it before running this
        command (any of its arguments, even help), with --allow-writing-to-package-directory or
        at a prompt in a terminal. Linting needs no permission: swift package split-tests lint.

        Example:
          swift package --allow-writing-to-package-directory split-tests-generate --target App
        """

    /// Parses the arguments SwiftPM passes after the verb.
    public static func parse(_ arguments: [String]) throws(SplitTestsCommandError) -> SplitTestsGenerateCommand {
        if arguments.first == "help" { return .help }
        let options = try CommandArguments.parse(arguments[...])
        if options.help { return .help }
        guard !options.targets.isEmpty else {
            throw SplitTestsCommandError(
                "\(verb) needs --target <target>: it writes into the folder of each target named")
        }
        return .generate(targets: options.targets, access: options.access)
    }

    /// The command line that runs this verb for `targets`, with the permission it needs; a
    /// placeholder stands for the target when none is known.
    public static func commandLine(targets: [String], access: String?) -> String {
        var words = ["swift", "package", permissionOption, verb]
        for target in targets.isEmpty ? ["<target>"] : targets { words += ["--target", target] }
        if let access { words += ["--access", access] }
        return words.joined(separator: " ")
    }
}
