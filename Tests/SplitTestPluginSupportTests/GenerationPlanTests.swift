import Foundation
import SplitTestPluginSupport
import Testing

@Suite struct GenerationPlanTests {
    @Test func aTargetWithDefinitionsRunsGenerateWithItsInputsOutputAndRoot() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("experiments/a.yaml")
        try package.write("Sources/App/b.yaml")
        let target = package.target(files: ["Sources/App/b.yaml"])

        let plan = try #require(GenerationPlan.plan(for: target))

        let output = target.workDirectory.appendingPathComponent("GeneratedSplitTests.swift")
        #expect(plan.output == output)
        #expect(plan.inputs.map(\.path) == [package.url("experiments").path, package.url("Sources/App/b.yaml").path])
        #expect(plan.arguments == [
            "generate",
            package.url("experiments").path,
            package.url("Sources/App/b.yaml").path,
            "--output", output.standardizedFileURL.path,
            "--root", package.directory.standardizedFileURL.path,
        ])
        #expect(plan.displayName.contains("App"))
    }

    @Test func theOutputIsTheOnlyFileInTheWorkDirectory() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("experiments/a.yaml")

        let plan = try #require(GenerationPlan.plan(for: package.target(files: [])))

        #expect(plan.output.lastPathComponent == GenerationPlan.outputFileName)
        #expect(plan.output.deletingLastPathComponent().standardizedFileURL
            == package.target(files: []).workDirectory.standardizedFileURL)
    }

    @Test func aTargetWithoutDefinitionsRunsNothing() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("Sources/App/main.swift", "print(1)\n")

        #expect(GenerationPlan.plan(for: package.target(files: ["Sources/App/main.swift"])) == nil)
    }
}
