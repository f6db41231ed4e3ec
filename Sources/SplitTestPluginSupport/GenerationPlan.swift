import Foundation

/// What the build plugin asks the build system to run for one target: `splitc generate` over the
/// target's definitions, writing one Swift file.
///
/// The plugin only adapts `PackagePlugin` (or `XcodeProjectPlugin`) values to ``plan(for:)`` and
/// this value back to a build command, so that everything it decides is tested here.
public struct GenerationPlan: Sendable, Hashable {
    /// The files and folders the build system watches (see ``DefinitionInputs/inputs(for:fileManager:)``
    /// for what a folder catches).
    public var inputs: [URL]
    /// The one file the command writes.
    public var output: URL
    /// The arguments for `splitc`, starting with the subcommand.
    public var arguments: [String]
    /// The name the build log shows for the command.
    public var displayName: String

    /// Creates a plan.
    public init(inputs: [URL], output: URL, arguments: [String], displayName: String) {
        self.inputs = inputs
        self.output = output
        self.arguments = arguments
        self.displayName = displayName
    }

    /// The name of the generated file, one per target.
    public static let outputFileName = "GeneratedSplitTests.swift"

    /// The name of the package's top-level folder of definitions.
    public static let experimentsFolderName = "experiments"

    /// The plan for `target`, or `nil` when it has no definitions at all (then nothing runs and
    /// nothing is generated, which builds: code that uses no generated type needs none).
    public static func plan(for target: GenerationTarget) -> GenerationPlan? {
        let inputs = DefinitionInputs.inputs(for: target)
        guard !inputs.isEmpty else { return nil }
        let output = target.workDirectory.appendingPathComponent(outputFileName, isDirectory: false)
        var arguments = ["generate"]
        arguments += inputs.map(\.standardizedFileURL.path)
        arguments += ["--output", output.standardizedFileURL.path]
        arguments += ["--root", target.packageDirectory.standardizedFileURL.path]
        return GenerationPlan(
            inputs: inputs,
            output: output,
            arguments: arguments,
            displayName: "Generating split tests for \(target.name)"
        )
    }
}
