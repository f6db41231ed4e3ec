import SplitTestPluginSupport
import Testing

@Suite struct TargetSelectionTests {
    private let candidates = ["Kit", "App", "Tool"]

    @Test func theNamedTargetsComeInTheOrderNamed() throws {
        #expect(try TargetSelection.select(["Tool", "Kit"], from: candidates, packageName: "P", name: { $0 }) == ["Tool", "Kit"])
        #expect(try TargetSelection.select([], from: candidates, packageName: "P", name: { $0 }).isEmpty)
    }

    @Test func anUnknownNameIsNamedWithEveryTargetThePackageHas() {
        #expect {
            try TargetSelection.select(["App", "Nope"], from: candidates, packageName: "Fixture", name: { $0 })
        } throws: { error in
            (error as? CommandFailure)?.description
                == "package 'Fixture' has no source target named 'Nope'; its source targets: App, Kit, Tool"
        }
    }
}
