import SplitTestPluginSupport
import Testing

@Suite struct SplitTestsCommandTests {
    @Test func generateTakesTargetsAndAnAccessLevel() throws {
        #expect(try SplitTestsCommand.parse(["generate", "--target", "App", "--target", "Kit", "--access", "internal"])
            == .generate(targets: ["App", "Kit"], access: "internal"))
        #expect(try SplitTestsCommand.parse(["generate", "--target", "App"]) == .generate(targets: ["App"], access: nil))
    }

    @Test func lintTakesOptionalTargets() throws {
        #expect(try SplitTestsCommand.parse(["lint"]) == .lint(targets: []))
        #expect(try SplitTestsCommand.parse(["lint", "--target", "App"]) == .lint(targets: ["App"]))
    }

    @Test func helpIsASubcommandAndAnOption() throws {
        #expect(try SplitTestsCommand.parse(["help"]) == .help)
        #expect(try SplitTestsCommand.parse(["--help"]) == .help)
        #expect(try SplitTestsCommand.parse(["generate", "-h"]) == .help)
        #expect(SplitTestsCommand.usage.contains("--allow-writing-to-package-directory"))
    }

    @Test(arguments: [
        ([String](), "missing subcommand"),
        (["generate"], "generate needs --target"),
        (["generate", "--target"], "--target needs a value"),
        (["generate", "--target", "--access"], "--target needs a value"),
        (["generate", "--target", "App", "--access", "private"], "--access is public or internal, not 'private'"),
        (["lint", "--access", "internal"], "lint takes no --access"),
        (["lint", "extra"], "unexpected argument 'extra'"),
        (["build"], "unknown subcommand 'build'"),
    ])
    func mistakesAreNamed(arguments: [String], message: String) {
        #expect {
            try SplitTestsCommand.parse(arguments)
        } throws: { error in
            let description = (error as? SplitTestsCommandError)?.description ?? ""
            return description.hasPrefix(message) && description.hasSuffix("(see 'swift package split-tests help')")
        }
    }
}
