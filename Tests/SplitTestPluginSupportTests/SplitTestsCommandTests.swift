import SplitTestPluginSupport
import Testing

@Suite struct SplitTestsCommandTests {
    @Test func lintTakesOptionalTargets() throws {
        #expect(try SplitTestsCommand.parse(["lint"]) == .lint(targets: []))
        #expect(try SplitTestsCommand.parse(["lint", "--target", "App", "--target", "Kit"]) == .lint(targets: ["App", "Kit"]))
    }

    @Test func helpIsASubcommandAndAnOption() throws {
        #expect(try SplitTestsCommand.parse(["help"]) == .help)
        #expect(try SplitTestsCommand.parse(["--help"]) == .help)
        #expect(try SplitTestsCommand.parse(["lint", "-h"]) == .help)
        #expect(try SplitTestsCommand.parse(["generate", "--target", "App", "--help"]) == .help)
    }

    // The verb's plugin may not write, so `generate` only names the command that does, carrying
    // over the targets and access level it was given.
    @Test func generateNamesTheVerbThatWritesWithTheArgumentsGiven() throws {
        #expect(try SplitTestsCommand.parse(["generate", "--target", "App", "--target", "Kit", "--access", "internal"])
            == .generateMoved(
                command: "swift package --allow-writing-to-package-directory split-tests-generate --target App --target Kit --access internal"))
        #expect(try SplitTestsCommand.parse(["generate"])
            == .generateMoved(command: "swift package --allow-writing-to-package-directory split-tests-generate --target <target>"))
        #expect(try SplitTestsCommand.parse(["generate", "--access", "private", "extra"])
            == .generateMoved(command: "swift package --allow-writing-to-package-directory split-tests-generate --target <target>"))
    }

    @Test func theGenerateRedirectIsOneLineNamingTheCommand() {
        let command = "swift package --allow-writing-to-package-directory split-tests-generate --target App"
        let message = SplitTestsCommand.generateMovedMessage(command: command)

        #expect(message.hasSuffix(command))
        #expect(message.contains("split-tests-generate"))
        #expect(!message.contains("\n"))
    }

    @Test func theUsageOffersLintWithoutTheOptionAndNamesTheVerbThatWrites() {
        let usage = SplitTestsCommand.usage
        let lint = usage.components(separatedBy: "GENERATING INTO THE PACKAGE")[0]

        #expect(lint.hasPrefix("USAGE: swift package split-tests <subcommand>\n"))
        #expect(lint.contains("lint [--target <target>…]"))
        #expect(lint.contains("needs no permission"))
        #expect(usage.contains("swift package --allow-writing-to-package-directory split-tests-generate --target App"))
        #expect(usage.contains("swift package split-tests lint\n"))
        #expect(!usage.contains("split-tests generate"))
    }

    @Test(arguments: [
        ([String](), "missing subcommand"),
        (["lint", "--target"], "--target needs a value"),
        (["lint", "--target", "--access"], "--target needs a value"),
        (["lint", "--access", "internal"], "lint takes no --access"),
        (["lint", "--access", "private"], "--access is public or internal, not 'private'"),
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
