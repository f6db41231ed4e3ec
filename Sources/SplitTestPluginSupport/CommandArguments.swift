/// The options that `swift package split-tests` and `split-tests-generate` share: targets named
/// with `--target`, an access level, and a request for help.
struct CommandArguments: Sendable, Hashable {
    /// The targets named with `--target`, in order.
    var targets: [String] = []
    /// The value of `--access`, when given.
    var access: String?
    /// Whether `--help` or `-h` was given.
    var help = false

    /// Parses `arguments`; stops at a request for help, since nothing else matters then.
    static func parse(_ arguments: ArraySlice<String>) throws(SplitTestsCommandError) -> CommandArguments {
        var rest = arguments
        var parsed = CommandArguments()
        while let argument = rest.popFirst() {
            switch argument {
            case "--help", "-h":
                parsed.help = true
                return parsed
            case "--target", "--access":
                guard let value = rest.popFirst(), !value.hasPrefix("-") else {
                    throw SplitTestsCommandError("\(argument) needs a value")
                }
                if argument == "--target" {
                    parsed.targets.append(value)
                } else {
                    guard ["public", "internal"].contains(value) else {
                        throw SplitTestsCommandError("--access is public or internal, not '\(value)'")
                    }
                    parsed.access = value
                }
            default:
                throw SplitTestsCommandError("unexpected argument '\(argument)'")
            }
        }
        return parsed
    }
}

/// A mistake on the command line of `swift package split-tests` or `split-tests-generate`.
public struct SplitTestsCommandError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, followed by where to look.
    public var description: String

    /// Creates an error whose description is `message`, followed by a pointer to the usage of
    /// `split-tests`, which covers both verbs and, asking for no permission, shows it anywhere.
    public init(_ message: String) {
        description = "\(message) (see 'swift package \(SplitTestsCommand.verb) help')"
    }
}
