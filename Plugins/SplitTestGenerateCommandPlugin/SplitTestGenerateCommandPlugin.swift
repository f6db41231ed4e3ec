import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory split-tests-generate --target T`: writes
/// `GeneratedSplitTests.swift` into each named target's folder with `splitc-build generate`, from
/// the definitions the build plugin reads, for teams that commit the generated code or whose CI
/// does not run build plugins. The one plugin that declares the permission to write into the
/// package; `split-tests lint` lives in a plugin that declares none.
///
/// The arguments, the command lines and what their outcomes print come from
/// `SplitTestsGenerateCommand`, `CommandPlan` and `CommandRun`, which share their definitions
/// with the build plugin's `GenerationPlan`.
@main struct SplitTestGenerateCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        switch try SplitTestsGenerateCommand.parse(arguments) {
        case .help:
            print(SplitTestsGenerateCommand.usage)
        case .generate(let names, let access):
            let candidates = context.package.targets.compactMap { $0 as? SourceModuleTarget }
            let targets = try TargetSelection.select(
                names, from: candidates, packageName: context.package.displayName, name: { $0.name })
            // Refused before anything is written: a target the build plugin also generates for
            // would fail its next build with "multiple producers".
            let manifest = (try? String(
                contentsOf: context.package.directoryURL.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
            for target in targets where BuildPluginUsage.applies(to: target.name, manifest: manifest) {
                throw CommandFailure(BuildPluginUsage.refusal(target: target.name))
            }
            let tool = try context.tool(named: "splitc-build").url
            for target in targets {
                let generationTarget = GenerationTarget(
                    name: target.name,
                    packageDirectory: context.package.directoryURL,
                    files: target.sourceFiles.map(\.url),
                    workDirectory: context.pluginWorkDirectoryURL,
                    directory: target.directoryURL
                )
                let invocation = CommandPlan.generate(
                    for: generationTarget, targetDirectory: target.directoryURL, access: access)
                print(try CommandRun.generate(
                    invocation, into: target.directoryURL,
                    isWritable: FileManager.default.isWritableFile(atPath: target.directoryURL.path),
                    run: { try $0.run(tool: tool) }))
            }
        }
    }
}
