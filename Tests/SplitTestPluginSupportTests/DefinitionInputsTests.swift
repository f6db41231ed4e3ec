import Foundation
import SplitTestPluginSupport
import Testing

@Suite struct DefinitionInputsTests {
    @Test func theTargetsOwnDefinitionsComeSortedAndOnlyThem() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("Sources/App/z.yml")
        try package.write("Sources/App/Flags/b.yaml")
        try package.write("Sources/App/main.swift", "print(1)\n")
        let target = package.target(files: ["Sources/App/z.yml", "Sources/App/main.swift", "Sources/App/Flags/b.yaml"])

        #expect(DefinitionInputs.ownDefinitions(of: target).map(\.path) == [
            package.url("Sources/App/Flags/b.yaml").path,
            package.url("Sources/App/z.yml").path,
        ])
    }

    @Test func anExperimentsFolderInsideTheTargetLeavesItsOtherYAMLAlone() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        let files = ["Sources/App/ci.yml", "Sources/App/Fixtures/data.yaml", "Sources/App/experiments/b.yaml",
            "Sources/App/experiments/team/a.yml", "Sources/App/main.swift"]
        for file in files { try package.write(file) }
        var target = package.target(files: files)
        target.directory = package.url("Sources/App")

        #expect(DefinitionInputs.ownDefinitions(of: target).map(\.path) == [
            package.url("Sources/App/experiments/b.yaml").path,
            package.url("Sources/App/experiments/team/a.yml").path,
        ])
        // Without such a folder, every YAML file of the target is a definition, as before.
        var plain = package.target(files: ["Sources/App/ci.yml", "Sources/App/main.swift"])
        plain.directory = package.url("Sources/App")
        #expect(DefinitionInputs.ownDefinitions(of: plain).map(\.path) == [package.url("Sources/App/ci.yml").path])
    }

    @Test func theExperimentsFolderIsReadWhenPresentWhetherOrNotItExistsToday() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("Sources/App/only.yaml")
        let target = package.target(files: ["Sources/App/only.yaml"])

        #expect(DefinitionInputs.arguments(for: target) == [
            package.url("Sources/App/only.yaml").path,
            "--if-present", package.url("experiments").path,
        ])
    }

    @Test func targetFilesInsideTheExperimentsFolderAreCoveredByIt() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("experiments/shared.yaml")
        let target = package.target(files: ["experiments/shared.yaml", "experiments-old/kept.yaml"])

        #expect(DefinitionInputs.ownDefinitions(of: target).map(\.path) == [package.url("experiments-old/kept.yaml").path])
    }

    @Test func aTargetHasDefinitionsThroughTheFolderOrItsOwnFiles() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("Sources/App/main.swift", "print(1)\n")
        #expect(!DefinitionInputs.hasDefinitions(package.target(files: ["Sources/App/main.swift"])))
        #expect(DefinitionInputs.hasDefinitions(package.target(files: ["Sources/App/a.yaml"])))

        try package.write("experiments", "a file, not a folder\n")
        #expect(!DefinitionInputs.hasDefinitions(package.target(files: [])))
        try FileManager.default.removeItem(at: package.url("experiments"))
        try package.write("experiments/nested/a.yaml")
        #expect(DefinitionInputs.hasDefinitions(package.target(files: [])))
    }

    @Test func extensionsAreMatchedWithoutRegardToCase() {
        #expect(DefinitionInputs.isDefinition(URL(fileURLWithPath: "/p/A.YAML")))
        #expect(DefinitionInputs.isDefinition(URL(fileURLWithPath: "/p/a.yml")))
        #expect(!DefinitionInputs.isDefinition(URL(fileURLWithPath: "/p/a.json")))
        #expect(!DefinitionInputs.isDefinition(URL(fileURLWithPath: "/p/yaml")))
    }
}
