import Foundation
import Testing

/// `--stamp` and `--if-present`, which the build plugin relies on to run on every build and to
/// see the experiments folder appear and disappear.
@Suite struct GenerateStampTests {
    private func inode(_ path: String) throws -> UInt64 {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require((attributes[.systemFileNumber] as? NSNumber)?.uint64Value)
    }

    @Test func theStampIsReplacedOnEveryRunWhileAnUnchangedOutputIsNot() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/button_color.yaml", Definitions.buttonColor)
        let arguments = ["generate", "--output", "Generated.swift", "--stamp", "work/generate.stamp"]
        #expect(try SplitcProcess.run(arguments, in: folder.url).status == 0)
        let stamp = try inode(folder.path("work/generate.stamp"))
        let output = try inode(folder.path("Generated.swift"))

        #expect(try SplitcProcess.run(arguments, in: folder.url).status == 0)

        // A new file, whatever the file system's clock resolution: its inode differs.
        #expect(try inode(folder.path("work/generate.stamp")) != stamp)
        #expect(try inode(folder.path("Generated.swift")) == output)
    }

    @Test func theStampIsReplacedEvenWhenTheDefinitionsHaveErrors() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/lonely.yaml", Definitions.oneGroup)
        try folder.write("generate.stamp", "old\n")
        let stamp = try inode(folder.path("generate.stamp"))

        let outcome = try folder.splitc("generate", "--output", "Generated.swift", "--stamp", "generate.stamp")

        #expect(outcome.status == 1)
        #expect(try inode(folder.path("generate.stamp")) != stamp)
        #expect(!folder.exists("Generated.swift"))
    }

    @Test func anUnwritableStampIsAnInputError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/button_color.yaml", Definitions.buttonColor)
        try folder.write("blocker", "a file where a folder is needed\n")

        let outcome = try folder.splitc("generate", "--output", "Generated.swift", "--stamp", "blocker/generate.stamp")

        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("stamp 'blocker/generate.stamp'"))
    }

    @Test func aPathIfPresentIsReadWhenItExistsAndSkippedWhenItDoesNot() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("own/profile.yaml", Definitions.profileRedesign)
        let arguments = ["generate", "own", "--if-present", "experiments", "--output", "Generated.swift"]

        #expect(try SplitcProcess.run(arguments, in: folder.url).status == 0)
        var source = String(decoding: try folder.read("Generated.swift"), as: UTF8.self)
        #expect(source.contains("ProfileRedesignSplitTest"))
        #expect(!source.contains("ButtonColorSplitTest"))

        try folder.write("experiments/team/button_color.yaml", Definitions.buttonColor)
        #expect(try SplitcProcess.run(arguments, in: folder.url).status == 0)
        source = String(decoding: try folder.read("Generated.swift"), as: UTF8.self)
        #expect(source.contains("ButtonColorSplitTest"))
    }

    @Test func onlyAbsentPathsIfPresentGenerateAnEmptyCatalogNotTheDefaultFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // The default folder exists, but a caller that names paths gets only those.
        try folder.write("experiments/button_color.yaml", Definitions.buttonColor)

        let outcome = try folder.splitc("generate", "--if-present", "missing", "--output", "Generated.swift")

        #expect(outcome.status == 0)
        let source = String(decoding: try folder.read("Generated.swift"), as: UTF8.self)
        #expect(source.contains("enum SplitTestCatalog"))
        #expect(!source.contains("ButtonColorSplitTest"))
    }
}
