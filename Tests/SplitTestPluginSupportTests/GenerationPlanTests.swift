import Foundation
import SplitTestPluginSupport
import Testing

@Suite struct GenerationPlanTests {
    @Test func generateRunsOverTheDefinitionsWithItsOutputRootAndStamp() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("experiments/a.yaml")
        try package.write("Sources/App/b.yaml")
        let target = package.target(files: ["Sources/App/b.yaml"])

        let plan = GenerationPlan.plan(for: target)

        let work = target.workDirectory.standardizedFileURL
        #expect(plan.output == work.appendingPathComponent("GeneratedSplitTests.swift"))
        #expect(plan.stamp == work.appendingPathComponent(GenerationPlan.stampFileName))
        #expect(plan.arguments == [
            "generate",
            package.url("Sources/App/b.yaml").path,
            "--if-present", package.url("experiments").path,
            "--output", work.appendingPathComponent("GeneratedSplitTests.swift").path,
            "--root", package.directory.standardizedFileURL.path,
            "--stamp", work.appendingPathComponent(GenerationPlan.stampFileName).path,
        ])
        #expect(plan.displayName.contains("App"))
    }

    // A folder input is compared by its own date, and a file from outside the target that is
    // removed fails the build with "missing inputs": neither may be an input.
    @Test func theInputsAreTheStampAndTheTargetsOwnFilesNeverTheFolderOrItsFiles() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("experiments/a.yaml")
        try package.write("experiments/team/b.yaml")
        try package.write("Sources/App/c.yaml")

        let plan = GenerationPlan.plan(for: package.target(files: ["Sources/App/c.yaml"]))

        #expect(plan.inputs == [plan.stamp, package.url("Sources/App/c.yaml")])
    }

    @Test func theOutputIsTheOnlyGeneratedSwiftFileAndTheStampHasAnotherBaseName() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }

        let plan = GenerationPlan.plan(for: package.target(files: []))

        #expect(plan.output.lastPathComponent == GenerationPlan.outputFileName)
        #expect(plan.output.deletingPathExtension().lastPathComponent
            != plan.stamp.deletingPathExtension().lastPathComponent)
        #expect(plan.output.deletingLastPathComponent() == plan.stamp.deletingLastPathComponent())
    }

    @Test func aTargetWithoutDefinitionsYetStillGeneratesSoThatTheFirstOneAddedIsSeen() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("Sources/App/main.swift", "print(1)\n")

        let plan = GenerationPlan.plan(for: package.target(files: ["Sources/App/main.swift"]))

        #expect(plan.inputs == [plan.stamp])
        #expect(plan.arguments.starts(with: ["generate", "--if-present", package.url("experiments").path]))
    }

    @Test func theStampIsCreatedWhenMissingAndAnExistingOneIsLeftAlone() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let plan = GenerationPlan.plan(for: package.target(files: []))

        try plan.createStampIfMissing()
        #expect(FileManager.default.fileExists(atPath: plan.stamp.path))

        try Data("written by splitc\n".utf8).write(to: plan.stamp)
        try plan.createStampIfMissing()
        #expect(try String(contentsOf: plan.stamp, encoding: .utf8) == "written by splitc\n")
    }
}
