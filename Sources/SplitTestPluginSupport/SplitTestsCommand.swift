/// The command line of `swift package split-tests`, parsed without `PackagePlugin` so that it is
/// tested like the rest of the plugins' logic.
public enum SplitTestsCommand: Sendable, Hashable {
    /// `generate --target T… [--access public|internal]`: writes `GeneratedSplitTests.swift` into
    /// each target's folder.
    case generate(targets: [String], access: String?)
    /// `lint [--target T…]`: lints the definitions of the named targets, or of every target.
    case lint(targets: [String])
    /// `help`, `--help` or `-h`.
    case help

    /// The verb SwiftPM runs the command plugin under.
    public static let verb = "split-tests"

    /// What `help` prints.
    public static let usage = """
        USAGE: swift package [--allow-writing-to-package-directory] split-tests <subcommand>

        SUBCOMMANDS:
          generate --target <target> [--target <target>…] [--access public|internal]
                  Writes GeneratedSplitTests.swift into each target's folder, from the package's
                  experiments/ folder and the target's own *.yaml and *.yml files, for teams that
                  commit the generated code. Only for a target that does not apply
                  SplitTestPlugin, which would generate the same types a second time. SwiftPM
                  lets the plugin write there only with --allow-writing-to-package-directory
                  (or when you approve it at the prompt).
          lint [--target <target>…]
                  Validates the definitions every target (or each named target) compiles, with
                  the diagnostics the build prints. Writes nothing, but SwiftPM asks for the
                  plugin's one permission for every subcommand: pass the same option in CI.
          help    Shows this text.

        Example:
          swift package --allow-writing-to-package-directory split-tests generate --target App
        """

    /// Parses the arguments SwiftPM passes after the verb.
    public static func parse(_ arguments: [String]) throws(SplitTestsCommandError) -> SplitTestsCommand {
        var rest = arguments[...]
        guard let subcommand = rest.popFirst() else {
            throw SplitTestsCommandError("missing subcommand: generate, lint or help")
        }
        var targets: [String] = []
        var access: String?
        while let argument = rest.popFirst() {
            switch argument {
            case "--help", "-h":
                return .help
            case "--target", "--access":
                guard let value = rest.popFirst(), !value.hasPrefix("-") else {
                    throw SplitTestsCommandError("\(argument) needs a value")
                }
                if argument == "--target" {
                    targets.append(value)
                } else {
                    guard ["public", "internal"].contains(value) else {
                        throw SplitTestsCommandError("--access is public or internal, not '\(value)'")
                    }
                    access = value
                }
            default:
                throw SplitTestsCommandError("unexpected argument '\(argument)'")
            }
        }
        switch subcommand {
        case "generate":
            guard !targets.isEmpty else {
                throw SplitTestsCommandError(
                    "generate needs --target <target>: it writes into the folder of each target named")
            }
            return .generate(targets: targets, access: access)
        case "lint":
            guard access == nil else { throw SplitTestsCommandError("lint takes no --access") }
            return .lint(targets: targets)
        case "help", "--help", "-h":
            return .help
        default:
            throw SplitTestsCommandError("unknown subcommand '\(subcommand)': generate, lint or help")
        }
    }
}

/// A mistake on the command line of `swift package split-tests`.
public struct SplitTestsCommandError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, followed by where to look.
    public var description: String

    /// Creates an error whose description is `message`, followed by a pointer to the usage.
    public init(_ message: String) {
        description = "\(message) (see 'swift package split-tests help')"
    }
}
