import Foundation

/// What the command plugins do with their ``ToolInvocation``s: run them, say what they did, and
/// turn `splitc-build`'s exit status into a failure that says what to do. The tool is passed in as
/// `run`, so that this is tested without a build.
public enum CommandRun {
    /// Runs one `splitc-build lint` per invocation, each announced on its own line before the
    /// tool's diagnostics, and ends with a summary after them: the failure naming the targets
    /// with errors, or a line saying that none has any. `print` must write its line at once
    /// (flush), so that a CI log reads top to bottom.
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
        print("No errors in the definitions of \(invocations.flatMap(\.targets).joined(separator: ", "))")
    }

    /// Runs one `splitc-build generate` into `directory`, and returns the line that says whether
    /// it wrote the file or found it up to date (the tool writes only when the contents change;
    /// `contents` reads the file before and after). A folder it may not write into fails before
    /// the tool runs; errors in the definitions and unreadable input fail after it, each with what
    /// to do.
    public static func generate(
        _ invocation: ToolInvocation, into directory: URL, isWritable: Bool,
        run: (ToolInvocation) throws -> Int32,
        contents: (URL) -> Data? = { FileManager.default.contents(atPath: $0.path) }
    ) throws -> String {
        let target = invocation.targets.joined(separator: ", ")
        let file = directory.appendingPathComponent(GenerationPlan.outputFileName)
        let permission = "run '\(SplitTestsGenerateCommand.commandLine(targets: invocation.targets, access: nil))'"
        guard isWritable else {
            throw CommandFailure("cannot write into '\(directory.path)': \(permission)")
        }
        let before = contents(file)
        switch try run(invocation) {
        case 0:
            if contents(file) != before {
                return "wrote \(GenerationPlan.outputFileName) of target '\(target)' into \(directory.path)"
            }
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
