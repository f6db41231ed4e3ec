import Foundation

/// The built `splitc`, run as a subprocess the way a build or a person runs it.
enum SplitcProcess {
    /// What one run printed and returned.
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String

        /// Standard output parsed as JSON.
        func json() throws -> Any {
            try JSONSerialization.jsonObject(with: Data(stdout.utf8), options: [.fragmentsAllowed])
        }

        /// The `path:line:column: severity: message` lines on standard error.
        var diagnosticLines: [String] {
            stderr.split(separator: "\n").map(String.init).filter {
                $0.contains(": error: ") || $0.contains(": warning: ") || $0.contains(": note: ")
            }
        }
    }

    /// `splitc` beside the test bundle in the build products folder (the test target depends on
    /// it, so the build puts it there).
    static let executable: URL = built("splitc")

    /// `splitc-build`, the plugins' tool, built beside `splitc` for the same reason.
    static let buildTool: URL = built("splitc-build")

    /// The executable `name` in the build products folder that holds the test bundle.
    private static func built(_ name: String) -> URL {
        let candidates = [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])]
            .compactMap { $0 } + Bundle.allBundles.map(\.bundleURL)
        for candidate in candidates {
            var folder = candidate.deletingLastPathComponent()
            for _ in 0..<4 {
                let binary = folder.appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
                folder = folder.deletingLastPathComponent()
            }
        }
        preconditionFailure("the test target depends on \(name), so it is built beside the tests")
    }

    /// Runs `splitc arguments…` (or `tool`) in `folder` and waits for it. Output goes to files rather than
    /// pipes, so that a large output can never fill a pipe and stall the run.
    static func run(_ arguments: [String], in folder: URL, tool: URL = executable) throws -> Outcome {
        let capture = FileManager.default.temporaryDirectory
            .appendingPathComponent("splitc-output-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: capture, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: capture) }
        let outURL = capture.appendingPathComponent("stdout")
        let errURL = capture.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)

        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Outcome(
            status: process.terminationStatus,
            stdout: try String(contentsOf: outURL, encoding: .utf8),
            stderr: try String(contentsOf: errURL, encoding: .utf8))
    }
}
