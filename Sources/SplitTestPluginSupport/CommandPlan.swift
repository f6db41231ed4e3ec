import Foundation

/// One run of `splitc-build` (`splitc`'s `generate` or `lint`) that a command plugin makes.
public struct ToolInvocation: Sendable, Hashable {
    /// The arguments for `splitc`, starting with the subcommand.
    public var arguments: [String]
    /// The targets this run serves, for the messages around it.
    public var targets: [String]

    /// Creates an invocation.
    public init(arguments: [String], targets: [String]) {
        self.arguments = arguments
        self.targets = targets
    }
}

/// What `swift package split-tests lint` and `split-tests-generate` run, from the same definitions
/// and arguments as the build plugin's ``GenerationPlan``, so that the commands and the build never
/// disagree.
public enum CommandPlan {
    /// `splitc generate` writing `GeneratedSplitTests.swift` into `targetDirectory` instead of the
    /// plugin work directory; no stamp, since nothing runs it again.
    public static func generate(for target: GenerationTarget, targetDirectory: URL, access: String?) -> ToolInvocation {
        let output = targetDirectory.appendingPathComponent(GenerationPlan.outputFileName, isDirectory: false)
            .standardizedFileURL
        var arguments = ["generate"]
        arguments += DefinitionInputs.arguments(for: target)
        arguments += ["--output", output.path]
        arguments += ["--root", target.packageDirectory.standardizedFileURL.path]
        if let access { arguments += ["--access", access] }
        return ToolInvocation(arguments: arguments, targets: [target.name])
    }

    /// One `splitc lint` per distinct set of definitions among `targets`, in the order of their
    /// first target: targets without definitions of their own share one run over `experiments`,
    /// and a target with no definitions at all is left out.
    public static func lint(_ targets: [GenerationTarget], fileManager: FileManager = .default) -> [ToolInvocation] {
        var invocations: [ToolInvocation] = []
        for target in targets where DefinitionInputs.hasDefinitions(target, fileManager: fileManager) {
            let arguments = ["lint"] + DefinitionInputs.arguments(for: target)
            if let index = invocations.firstIndex(where: { $0.arguments == arguments }) {
                invocations[index].targets.append(target.name)
            } else {
                invocations.append(ToolInvocation(arguments: arguments, targets: [target.name]))
            }
        }
        return invocations
    }
}
