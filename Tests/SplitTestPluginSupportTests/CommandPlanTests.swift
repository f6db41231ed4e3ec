import Foundation
import SplitTestPluginSupport
import Testing

@Suite struct CommandPlanTests {
    @Test func generateWritesIntoTheTargetFolderFromTheBuildPluginsDefinitions() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("experiments/a.yaml")
        try package.write("Sources/App/b.yaml")
        let target = package.target(files: ["Sources/App/b.yaml"])

        let invocation = CommandPlan.generate(for: target, targetDirectory: package.url("Sources/App"), access: "internal")

        let build = GenerationPlan.plan(for: target).arguments
        #expect(invocation.arguments == [
            "generate",
            package.url("Sources/App/b.yaml").path,
            "--if-present", package.url("experiments").path,
            "--output", package.url("Sources/App/GeneratedSplitTests.swift").path,
            "--root", package.directory.standardizedFileURL.path,
            "--access", "internal",
        ])
        // The same definitions as the build, in the same order.
        #expect(Array(invocation.arguments.prefix(4)) == Array(build.prefix(4)))
        #expect(!invocation.arguments.contains("--stamp"))
        #expect(invocation.targets == ["App"])
    }

    @Test func lintRunsOncePerDistinctSetOfDefinitionsAndSkipsTargetsWithNone() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("experiments/a.yaml")
        try package.write("Sources/App/b.yaml")
        let targets = [
            package.target(named: "Kit", files: ["Sources/Kit/Kit.swift"]),
            package.target(named: "App", files: ["Sources/App/b.yaml", "Sources/App/main.swift"]),
            package.target(named: "Tool", files: ["Sources/Tool/main.swift"]),
        ]

        let invocations = CommandPlan.lint(targets)

        #expect(invocations == [
            ToolInvocation(arguments: ["lint", "--if-present", package.url("experiments").path], targets: ["Kit", "Tool"]),
            ToolInvocation(
                arguments: ["lint", package.url("Sources/App/b.yaml").path, "--if-present", package.url("experiments").path],
                targets: ["App"]),
        ])
    }

    @Test func lintWithoutAnyDefinitionRunsNothing() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }

        #expect(CommandPlan.lint([package.target(files: ["Sources/App/main.swift"])]).isEmpty)
    }
}
