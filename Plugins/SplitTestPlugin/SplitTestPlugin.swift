import Foundation
import PackagePlugin

/// Runs `splitc-build generate` (the `generate` of `splitc`, in a tool that builds without
/// swift-crypto) on every build: the package's `experiments` folder and the target's own
/// definitions in, `GeneratedSplitTests.swift` out, rewritten only when its contents change.
///
/// A build command rather than a prebuild command, because a prebuild command cannot run a tool
/// built from source. Why it runs on every build, and why that recompiles nothing, is told in
/// `GenerationPlan`.
@main struct SplitTestPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let generationTarget = GenerationTarget(
            name: target.name,
            packageDirectory: context.package.directoryURL,
            files: target.sourceFiles.map(\.url),
            workDirectory: context.pluginWorkDirectoryURL,
            directory: target.directoryURL
        )
        return try SplitTestPlugin.commands(for: generationTarget, tool: context.tool(named: "splitc-build").url)
    }

    /// The build commands of a plan, shared with the Xcode project plugin.
    static func commands(for target: GenerationTarget, tool: URL) throws -> [Command] {
        let plan = GenerationPlan.plan(for: target)
        try plan.createStampIfMissing()
        return [
            .buildCommand(
                displayName: plan.displayName,
                executable: tool,
                arguments: plan.arguments,
                inputFiles: plan.inputs,
                outputFiles: [plan.output]
            )
        ]
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension SplitTestPlugin: XcodeBuildToolPlugin {
    /// The same plan for a target of an Xcode project: its `experiments` folder sits beside the
    /// project file, and its own definitions are its input files.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let generationTarget = GenerationTarget(
            name: target.displayName,
            packageDirectory: context.xcodeProject.directoryURL,
            files: target.inputFiles.map(\.url),
            workDirectory: context.pluginWorkDirectoryURL
        )
        return try SplitTestPlugin.commands(for: generationTarget, tool: context.tool(named: "splitc-build").url)
    }
}
#endif
