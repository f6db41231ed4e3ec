import Foundation

/// What the build plugin asks the build system to run for one target: `splitc generate` over the
/// target's definitions, writing one Swift file.
///
/// The plugin only adapts `PackagePlugin` (or `XcodeProjectPlugin`) values to ``plan(for:)`` and
/// this value back to a build command, so that everything it decides is tested here.
///
/// The command runs on every build. SwiftPM compares a folder input only by the folder's own
/// modification date, which an edit written into a file in place, or any change inside a
/// sub-folder, leaves alone; and a file listed from outside the target that is later removed fails
/// every build with "missing inputs", since SwiftPM plans again only when the package's structure
/// changes. So the one input that decides is a stamp in the work directory, which
/// `splitc generate --stamp` replaces on every run: the build system sees it changed and runs the
/// command again next time. `splitc` then reads the definitions as they are now and writes the
/// Swift only when its contents change, so a build with no change costs one short run of `splitc`
/// and recompiles nothing.
public struct GenerationPlan: Sendable, Hashable {
    /// The files the build system watches: the stamp, then the target's own definitions.
    public var inputs: [URL]
    /// The one file the command writes.
    public var output: URL
    /// The stamp that `splitc` replaces on every run; it must exist before the first build.
    public var stamp: URL
    /// The arguments for `splitc`, starting with the subcommand.
    public var arguments: [String]
    /// The name the build log shows for the command.
    public var displayName: String

    /// Creates a plan.
    public init(inputs: [URL], output: URL, stamp: URL, arguments: [String], displayName: String) {
        self.inputs = inputs
        self.output = output
        self.stamp = stamp
        self.arguments = arguments
        self.displayName = displayName
    }

    /// The name of the generated file, one per target.
    public static let outputFileName = "GeneratedSplitTests.swift"

    /// The name of the stamp file; not an output, so its base name may not clash with one.
    public static let stampFileName = "splitc-generate.stamp"

    /// The plan for `target`. A target without definitions gets one too, generating an empty
    /// catalog, so that the first definition added to it or to `experiments` is seen.
    public static func plan(for target: GenerationTarget) -> GenerationPlan {
        let output = target.workDirectory.appendingPathComponent(outputFileName, isDirectory: false)
            .standardizedFileURL
        let stamp = target.workDirectory.appendingPathComponent(stampFileName, isDirectory: false)
            .standardizedFileURL
        var arguments = ["generate"]
        arguments += DefinitionInputs.arguments(for: target)
        arguments += ["--output", output.path]
        arguments += ["--root", target.packageDirectory.standardizedFileURL.path]
        arguments += ["--stamp", stamp.path]
        return GenerationPlan(
            inputs: [stamp] + DefinitionInputs.ownDefinitions(of: target),
            output: output,
            stamp: stamp,
            arguments: arguments,
            displayName: "Generating split tests for \(target.name)"
        )
    }

    /// Creates the stamp when it does not exist yet, since the build system refuses to run a
    /// command whose input is missing; an existing stamp is left alone.
    public func createStampIfMissing(fileManager: FileManager = .default) throws {
        guard !fileManager.fileExists(atPath: stamp.path) else { return }
        try fileManager.createDirectory(at: stamp.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("Replaced by splitc generate on every run.\n".utf8).write(to: stamp, options: .atomic)
    }
}
