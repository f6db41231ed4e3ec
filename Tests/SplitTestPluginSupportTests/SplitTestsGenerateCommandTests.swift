import SplitTestPluginSupport
import Testing

@Suite struct SplitTestsGenerateCommandTests {
    @Test func generateTakesTargetsAndAnAccessLevel() throws {
        #expect(try SplitTestsGenerateCommand.parse(["--target", "App", "--target", "Kit", "--access", "internal"])
            == .generate(targets: ["App", "Kit"], access: "internal"))
        #expect(try SplitTestsGenerateCommand.parse(["--target", "App"]) == .generate(targets: ["App"], access: nil))
    }

    @Test func helpIsAWordAndAnOption() throws {
        #expect(try SplitTestsGenerateCommand.parse(["help"]) == .help)
        #expect(try SplitTestsGenerateCommand.parse(["--help"]) == .help)
        #expect(try SplitTestsGenerateCommand.parse(["--target", "App", "-h"]) == .help)
    }

    @Test func theUsageSaysItNeedsThePermissionAndWhereLintIs() {
        let usage = SplitTestsGenerateCommand.usage

        #expect(usage.hasPrefix("USAGE: swift package --allow-writing-to-package-directory split-tests-generate --target <target>"))
        #expect(usage.contains("Needs permission to write into the package"))
        #expect(usage.contains("swift package split-tests lint"))
    }

    @Test func theCommandLineCarriesThePermissionTheTargetsAndTheAccessLevel() {
        #expect(SplitTestsGenerateCommand.commandLine(targets: ["App"], access: nil)
            == "swift package --allow-writing-to-package-directory split-tests-generate --target App")
        #expect(SplitTestsGenerateCommand.commandLine(targets: ["App", "Kit"], access: "public")
            == "swift package --allow-writing-to-package-directory split-tests-generate --target App --target Kit --access public")
        #expect(SplitTestsGenerateCommand.commandLine(targets: [], access: nil)
            == "swift package --allow-writing-to-package-directory split-tests-generate --target <target>")
    }

    @Test(arguments: [
        ([String](), "split-tests-generate needs --target <target>"),
        (["--access", "internal"], "split-tests-generate needs --target <target>"),
        (["--target"], "--target needs a value"),
        (["--target", "App", "--access", "private"], "--access is public or internal, not 'private'"),
        (["generate", "--target", "App"], "unexpected argument 'generate'"),
    ])
    func mistakesAreNamed(arguments: [String], message: String) {
        #expect {
            try SplitTestsGenerateCommand.parse(arguments)
        } throws: { error in
            let description = (error as? SplitTestsCommandError)?.description ?? ""
            return description.hasPrefix(message) && description.hasSuffix("(see 'swift package split-tests help')")
        }
    }
}
