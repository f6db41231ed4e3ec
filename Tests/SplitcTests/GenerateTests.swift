import Foundation
import Testing

@Suite struct GenerateTests {
    @Test func writesTheSwiftWithPathsRelativeToTheRoot() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("pkg/experiments/button_color.yaml", Definitions.buttonColor)

        let outcome = try folder.splitc(
            "generate", folder.path("pkg/experiments"), "--output", "out/Generated.swift",
            "--root", folder.path("pkg"))

        #expect(outcome.status == 0)
        let source = String(decoding: try folder.read("out/Generated.swift"), as: UTF8.self)
        #expect(source.contains("experiments/button_color.yaml"))
        #expect(!source.contains(folder.url.path))
        #expect(source.contains("public struct ButtonColorSplitTest"))
        #expect(source.contains("enum SplitTestCatalog"))
    }

    @Test func definitionsOutsideTheRootAreNamedWithParentSegments() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("shared/button_color.yaml", Definitions.buttonColor)
        try folder.write("pkg/Package.swift", "// a package\n")

        let outcome = try folder.splitc(
            "generate", "shared", "--output", "Generated.swift", "--root", folder.path("pkg"))

        #expect(outcome.status == 0)
        let source = String(decoding: try folder.read("Generated.swift"), as: UTF8.self)
        #expect(source.contains("../shared/button_color.yaml"))
        #expect(!source.contains(folder.url.path))
    }

    @Test func theOutputIsTheSameWhereverThePackageLies() throws {
        let first = try TemporaryFolder()
        let second = try TemporaryFolder()
        defer { first.remove(); second.remove() }
        for folder in [first, second] {
            try folder.write("experiments/button_color.yaml", Definitions.buttonColor)
            try folder.write("experiments/checkout.yaml", Definitions.checkoutLayer)
            let outcome = try folder.splitc("generate", "--output", folder.path("Generated.swift"))
            #expect(outcome.status == 0)
        }

        #expect(try first.read("Generated.swift") == second.read("Generated.swift"))
    }

    @Test func anUnchangedOutputIsNotTouched() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/button_color.yaml", Definitions.buttonColor)
        #expect(try folder.splitc("generate", "--output", "Generated.swift").status == 0)
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: folder.path("Generated.swift"))

        #expect(try folder.splitc("generate", "--output", "Generated.swift").status == 0)

        let attributes = try FileManager.default.attributesOfItem(atPath: folder.path("Generated.swift"))
        #expect(attributes[.modificationDate] as? Date == past)
    }

    @Test func aChangedDefinitionRewritesTheOutput() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/button_color.yaml", Definitions.buttonColor)
        #expect(try folder.splitc("generate", "--output", "Generated.swift").status == 0)

        try folder.write("experiments/profile.yaml", Definitions.profileRedesign)
        #expect(try folder.splitc("generate", "--output", "Generated.swift").status == 0)

        let source = String(decoding: try folder.read("Generated.swift"), as: UTF8.self)
        #expect(source.contains("ProfileRedesignSplitTest"))
        #expect(source.contains("ButtonColorSplitTest"))
    }

    @Test func errorsWriteNothingAndLeaveAnEarlierOutputAlone() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/lonely.yaml", Definitions.oneGroup)

        let fresh = try folder.splitc("generate", "--output", "Generated.swift")
        #expect(fresh.status == 1)
        #expect(!folder.exists("Generated.swift"))
        #expect(fresh.diagnosticLines.contains { $0.hasPrefix("experiments/lonely.yaml:") && $0.contains(": error: ") })

        try folder.write("Generated.swift", "// earlier\n")
        #expect(try folder.splitc("generate", "--output", "Generated.swift").status == 1)
        #expect(try folder.read("Generated.swift") == Data("// earlier\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["Generated.swift", "experiments"])
    }

    @Test func inputsAreNeverModified() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/button_color.yaml", Definitions.buttonColor)

        #expect(try folder.splitc("generate", "--output", "Generated.swift").status == 0)

        #expect(try folder.read("experiments/button_color.yaml") == Data(Definitions.buttonColor.utf8))
    }

    @Test func internalAccessDropsPublic() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/button_color.yaml", Definitions.buttonColor)

        #expect(try folder.splitc("generate", "--output", "Generated.swift", "--access", "internal").status == 0)

        let source = String(decoding: try folder.read("Generated.swift"), as: UTF8.self)
        #expect(source.contains("struct ButtonColorSplitTest"))
        #expect(!source.contains("public "))
    }

    @Test func anUnwritableOutputIsAnInputError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/button_color.yaml", Definitions.buttonColor)
        try folder.write("blocker", "a file where a folder is needed\n")

        let outcome = try folder.splitc("generate", "--output", "blocker/Generated.swift")

        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("blocker/Generated.swift"))
    }
}
