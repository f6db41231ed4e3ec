import Foundation
import PackagePlugin

/// `swift package split-tests generate --target T` and `swift package split-tests lint`: what the
/// build plugin does, on demand, for teams that commit the generated code or lint in CI. The
/// arguments and the `splitc-build` command lines (`splitc`'s `generate` and `lint`) come from `SplitTestsCommand` and `CommandPlan`, which
/// share their definitions with the build plugin's `GenerationPlan`.
@main struct SplitTestCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "splitc-build").url
        switch try SplitTestsCommand.parse(arguments) {
        case .help:
            print(SplitTestsCommand.usage)
        case .generate(let names, let access):
            for target in try Self.targets(named: names, in: context.package) {
                let invocation = CommandPlan.generate(
                    for: Self.generationTarget(target, context: context),
                    targetDirectory: target.directoryURL, access: access)
                try Self.generate(invocation, into: target.directoryURL, tool: tool)
            }
        case .lint(let names):
            let targets = names.isEmpty
                ? context.package.targets.compactMap { $0 as? SourceModuleTarget }
                : try Self.targets(named: names, in: context.package)
            try Self.lint(CommandPlan.lint(targets.map { Self.generationTarget($0, context: context) }), tool: tool)
        }
    }

    private static func generationTarget(_ target: SourceModuleTarget, context: PluginContext) -> GenerationTarget {
        GenerationTarget(
            name: target.name,
            packageDirectory: context.package.directoryURL,
            files: target.sourceFiles.map(\.url),
            workDirectory: context.pluginWorkDirectoryURL
        )
    }

    /// The package's source targets with these names, in that order, or an error naming the ones
    /// it has.
    private static func targets(named names: [String], in package: Package) throws -> [SourceModuleTarget] {
        let candidates = package.targets.compactMap { $0 as? SourceModuleTarget }
        return try names.map { name in
            guard let target = candidates.first(where: { $0.name == name }) else {
                let known = candidates.map(\.name).sorted().joined(separator: ", ")
                throw CommandFailure("package '\(package.displayName)' has no source target named '\(name)'; its source targets: \(known)")
            }
            return target
        }
    }

    static func generate(_ invocation: ToolInvocation, into directory: URL, tool: URL) throws {
        let target = invocation.targets.joined(separator: ", ")
        let permission = "run 'swift package --allow-writing-to-package-directory split-tests generate --target \(target)'"
        guard FileManager.default.isWritableFile(atPath: directory.path) else {
            throw CommandFailure("cannot write into '\(directory.path)': \(permission)")
        }
        switch try run(tool, invocation.arguments) {
        case 0:
            print("GeneratedSplitTests.swift of target '\(target)' is up to date in \(directory.path)")
        case 1:
            throw CommandFailure("the definitions of target '\(target)' have errors (above); nothing was written")
        default:
            throw CommandFailure("splitc-build could not read the definitions of target '\(target)' or write its file (above); if it was refused the package directory, \(permission)")
        }
    }

    static func lint(_ invocations: [ToolInvocation], tool: URL) throws {
        guard !invocations.isEmpty else {
            print("No definitions: no experiments/ folder, and no target holds a *.yaml or *.yml file.")
            return
        }
        var failed: [String] = []
        for invocation in invocations {
            let targets = invocation.targets.joined(separator: ", ")
            print("Linting the definitions of \(targets)")
            if try run(tool, invocation.arguments) != 0 { failed.append(targets) }
        }
        guard failed.isEmpty else {
            throw CommandFailure("the definitions of \(failed.joined(separator: "; ")) have errors (above)")
        }
    }

    /// Runs `splitc-build`, its diagnostics going straight to the terminal, and returns its exit status.
    private static func run(_ tool: URL, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// Why `swift package split-tests` stopped, as SwiftPM prints it.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension SplitTestCommandPlugin: XcodeCommandPlugin {
    /// `lint` for the targets of an Xcode project, from the same plan. `generate` needs a target
    /// folder, which an Xcode target does not have: there, apply SplitTestPlugin to the target.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let tool = try context.tool(named: "splitc-build").url
        switch try SplitTestsCommand.parse(arguments) {
        case .help:
            print(SplitTestsCommand.usage)
        case .generate:
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
            try Self.lint(CommandPlan.lint(generationTargets), tool: tool)
        }
    }
}
#endif
