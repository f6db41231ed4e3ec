import Foundation

/// What the command plugins do with their ``ToolInvocation``s: run them, say what they did, and
/// turn `splitc-build`'s exit status into a failure that says what to do. The tool is passed in as
/// `run`, so that this is tested without a build.
public enum CommandRun {
    /// Runs one `splitc-build lint` per invocation, each announced on its own line, and fails,
    /// naming the targets, when any of them found errors; its diagnostics are already printed.
    public static func lint(
        _ invocations: [ToolInvocation], run: (ToolInvocation) throws -> Int32, print: (String) -> Void
    ) throws {
        guard !invocations.isEmpty else {
            print("No definitions: no experiments/ folder, and no target holds a *.yaml or *.yml file.")
            return
        }
        var failed: [String] = []
        for invocation in invocations {
            let targets = invocation.targets.joined(separator: ", ")
            print("Linting the definitions of \(targets)")
            if try run(invocation) != 0 { failed.append(targets) }
        }
        guard failed.isEmpty else {
            throw CommandFailure("the definitions of \(failed.joined(separator: "; ")) have errors (above)")
        }
    }

    /// Runs one `splitc-build generate` into `directory`, and returns the line that says the
    /// file is up to date. A folder it may not write into fails before the tool runs; errors in
    /// the definitions and unreadable input fail after it, each with what to do.
    public static func generate(
        _ invocation: ToolInvocation, into directory: URL, isWritable: Bool,
        run: (ToolInvocation) throws -> Int32
    ) throws -> String {
        let target = invocation.targets.joined(separator: ", ")
        let permission = "run '\(SplitTestsGenerateCommand.commandLine(targets: invocation.targets, access: nil))'"
        guard isWritable else {
            throw CommandFailure("cannot write into '\(directory.path)': \(permission)")
        }
        switch try run(invocation) {
        case 0:
            return "\(GenerationPlan.outputFileName) of target '\(target)' is up to date in \(directory.path)"
        case 1:
            throw CommandFailure("the definitions of target '\(target)' have errors (above); nothing was written")
        default:
            throw CommandFailure(
                "splitc-build could not read the definitions of target '\(target)' or write its file (above); if it was refused the package directory, \(permission)")
        }
    }
}

extension ToolInvocation {
    /// Runs `tool` with these arguments, its output and diagnostics going straight to the
    /// terminal, and returns its exit status.
    public func run(tool: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
