import Foundation
import SplitTestPluginSupport
import Testing

@Suite struct DefinitionInputsTests {
    @Test func theExperimentsFolderComesFirstThenTheTargetsOwnDefinitionsSorted() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("experiments/a.yaml")
        try package.write("Sources/App/z.yml")
        try package.write("Sources/App/b.yaml")
        try package.write("Sources/App/main.swift", "print(1)\n")

        let inputs = DefinitionInputs.inputs(
            for: package.target(files: ["Sources/App/z.yml", "Sources/App/main.swift", "Sources/App/b.yaml"]))

        #expect(inputs.map(\.path) == [
            package.url("experiments").path,
            package.url("Sources/App/b.yaml").path,
            package.url("Sources/App/z.yml").path,
        ])
    }

    @Test func theFolderItselfIsTheInputNotTheFilesInIt() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("experiments/one.yaml")
        try package.write("experiments/nested/two.yaml")

        let inputs = DefinitionInputs.inputs(for: package.target(files: []))

        #expect(inputs.map(\.path) == [package.url("experiments").path])
    }

    @Test func aMissingExperimentsFolderIsNotAnInput() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("Sources/App/only.yaml")

        let inputs = DefinitionInputs.inputs(for: package.target(files: ["Sources/App/only.yaml"]))

        #expect(inputs.map(\.path) == [package.url("Sources/App/only.yaml").path])
    }

    @Test func anExperimentsFileNamedLikeTheFolderIsNotAFolder() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("experiments", "not a folder\n")

        #expect(DefinitionInputs.inputs(for: package.target(files: [])).isEmpty)
    }

    @Test func targetFilesInsideTheExperimentsFolderAreCoveredByIt() throws {
        let package = try TemporaryPackage()
        defer { package.remove() }
        try package.write("experiments/shared.yaml")

        let inputs = DefinitionInputs.inputs(for: package.target(files: ["experiments/shared.yaml"]))

        #expect(inputs.map(\.path) == [package.url("experiments").path])
    }

    @Test func extensionsAreMatchedWithoutRegardToCase() {
        #expect(DefinitionInputs.isDefinition(URL(fileURLWithPath: "/p/A.YAML")))
        #expect(DefinitionInputs.isDefinition(URL(fileURLWithPath: "/p/a.yml")))
        #expect(!DefinitionInputs.isDefinition(URL(fileURLWithPath: "/p/a.json")))
        #expect(!DefinitionInputs.isDefinition(URL(fileURLWithPath: "/p/yaml")))
    }
}
