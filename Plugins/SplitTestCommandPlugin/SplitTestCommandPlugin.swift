import Foundation
import PackagePlugin

/// `swift package split-tests lint`: lints every target's definitions (or those of each target
/// named with `--target`) with `splitc-build lint`, as the build does, for CI. It declares no
/// permission, so SwiftPM runs it without a terminal and without any option. `split-tests
/// generate` writes nothing and names `split-tests-generate`, the plugin that asks to write.
///
/// The arguments, the command lines and what their outcomes print come from `SplitTestsCommand`,
/// `CommandPlan` and `CommandRun`, which share their definitions with the build plugin's
/// `GenerationPlan`.
@main struct SplitTestCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        switch try SplitTestsCommand.parse(arguments) {
        case .help:
            print(SplitTestsCommand.usage)
        case .generateMoved(let command):
            throw CommandFailure(SplitTestsCommand.generateMovedMessage(command: command))
        case .lint(let names):
            let candidates = context.package.targets.compactMap { $0 as? SourceModuleTarget }
            let targets = names.isEmpty
                ? candidates
                : try TargetSelection.select(
                    names, from: candidates, packageName: context.package.displayName, name: { $0.name })
            let generationTargets = targets.map {
                GenerationTarget(
                    name: $0.name,
                    packageDirectory: context.package.directoryURL,
                    files: $0.sourceFiles.map(\.url),
                    workDirectory: context.pluginWorkDirectoryURL,
                    directory: $0.directoryURL
                )
            }
            let tool = try context.tool(named: "splitc-build").url
            try CommandRun.lint(CommandPlan.lint(generationTargets), run: { try $0.run(tool: tool) }, print: { print($0); fflush(nil) })
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension SplitTestCommandPlugin: XcodeCommandPlugin {
    /// `lint` for the targets of an Xcode project, from the same plan. Generating needs a target
    /// folder, which an Xcode target does not have: there, apply SplitTestPlugin to the target.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        switch try SplitTestsCommand.parse(arguments) {
        case .help:
            print(SplitTestsCommand.usage)
        case .generateMoved:
            throw CommandFailure("generate writes into a package target's folder; in an Xcode project, apply SplitTestPlugin to the target instead")
        case .lint(let names):
            let targets = context.xcodeProject.targets.filter { names.isEmpty || names.contains($0.displayName) }
            let generationTargets = targets.map {
                GenerationTarget(
                    name: $0.displayName,
                    packageDirectory: context.xcodeProject.directoryURL,
                    files: $0.inputFiles.map(\.url),
                    workDirectory: context.pluginWorkDirectoryURL
                )
            }
            let tool = try context.tool(named: "splitc-build").url
            try CommandRun.lint(CommandPlan.lint(generationTargets), run: { try $0.run(tool: tool) }, print: { print($0); fflush(nil) })
        }
    }
}
#endif
