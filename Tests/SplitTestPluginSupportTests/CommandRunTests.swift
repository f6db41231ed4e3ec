import Foundation
import SplitTestPluginSupport
import Testing

@Suite struct CommandRunTests {
    private let app = ToolInvocation(arguments: ["lint", "a.yaml"], targets: ["App"])
    private let shared = ToolInvocation(arguments: ["lint", "--if-present", "experiments"], targets: ["Kit", "Tool"])
    private let directory = URL(fileURLWithPath: "/package/Sources/App", isDirectory: true)

    @Test func lintRunsEveryInvocationAndNamesTheTargetsWithErrors() throws {
        var printed: [String] = []
        var ran: [ToolInvocation] = []

        #expect {
            try CommandRun.lint([app, shared], run: { ran.append($0); return $0 == app ? 0 : 1 }, print: { printed.append($0) })
        } throws: { error in
            (error as? CommandFailure)?.description == "the definitions of Kit, Tool have errors (above)"
        }
        #expect(ran == [app, shared])
        #expect(printed == ["Linting the definitions of App", "Linting the definitions of Kit, Tool"])
    }

    @Test func lintSucceedsWhenEveryRunIsClean() throws {
        var printed: [String] = []

        try CommandRun.lint([app, shared], run: { _ in printed.append("(diagnostics)"); return 0 }, print: { printed.append($0) })

        // The summary comes after the diagnostics it sums up.
        #expect(printed == [
            "Linting the definitions of App", "(diagnostics)", "Linting the definitions of Kit, Tool", "(diagnostics)",
            "No errors in the definitions of App, Kit, Tool",
        ])
    }

    @Test func lintWithNothingToRunSaysSo() throws {
        var printed: [String] = []

        try CommandRun.lint([], run: { _ in Issue.record("nothing to run"); return 0 }, print: { printed.append($0) })

        #expect(printed == ["No definitions: no experiments/ folder, and no target holds a *.yaml or *.yml file."])
    }

    @Test func generateSaysWroteOnlyWhenTheFileChanged() throws {
        var file: Data? = Data("old".utf8)
        let wrote = try CommandRun.generate(
            app, into: directory, isWritable: true, run: { _ in file = Data("new".utf8); return 0 }, contents: { _ in file })
        #expect(wrote == "wrote GeneratedSplitTests.swift of target 'App' into /package/Sources/App")
        var read: [URL] = []
        let unchanged = try CommandRun.generate(
            app, into: directory, isWritable: true, run: { _ in 0 }, contents: { read.append($0); return file })
        #expect(unchanged == "GeneratedSplitTests.swift of target 'App' is up to date in /package/Sources/App")
        #expect(read.map(\.path) == Array(repeating: "/package/Sources/App/GeneratedSplitTests.swift", count: 2))
    }

    @Test func generateSaysTheFileIsUpToDate() throws {
        let message = try CommandRun.generate(app, into: directory, isWritable: true, run: { _ in 0 })

        #expect(message == "GeneratedSplitTests.swift of target 'App' is up to date in /package/Sources/App")
    }

    // A folder it may not write into, or a tool that could not write, is answered with the
    // command that asks for the permission; errors in the definitions are not.
    @Test func generateFailuresSayWhatToDo() throws {
        let permission = "swift package --allow-writing-to-package-directory split-tests-generate --target App"
        var ran = false
        #expect {
            try CommandRun.generate(app, into: directory, isWritable: false, run: { _ in ran = true; return 0 })
        } throws: { error in
            (error as? CommandFailure)?.description == "cannot write into '/package/Sources/App': run '\(permission)'"
        }
        #expect(!ran)

        #expect {
            try CommandRun.generate(app, into: directory, isWritable: true, run: { _ in 1 })
        } throws: { error in
            (error as? CommandFailure)?.description == "the definitions of target 'App' have errors (above); nothing was written"
        }
        #expect {
            try CommandRun.generate(app, into: directory, isWritable: true, run: { _ in 2 })
        } throws: { error in
            let description = (error as? CommandFailure)?.description ?? ""
            return description.hasPrefix("splitc-build could not read the definitions of target 'App'")
                && description.hasSuffix("run '\(permission)'")
        }
    }

    @Test func anInvocationRunsTheToolAndReturnsItsExitStatus() throws {
        let shell = URL(fileURLWithPath: "/bin/sh")

        #expect(try ToolInvocation(arguments: ["-c", "exit 0"], targets: []).run(tool: shell) == 0)
        #expect(try ToolInvocation(arguments: ["-c", "exit 3"], targets: []).run(tool: shell) == 3)
    }
}
