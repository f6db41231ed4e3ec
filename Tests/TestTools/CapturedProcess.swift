import Foundation

/// Runs a program the tests start (`splitc`, Python, Chromium) and captures what it printed,
/// through files rather than pipes, so that a large output can never fill a pipe and stall the run.
public enum CapturedProcess {
    /// What one run printed and returned.
    public struct Outcome: Sendable {
        /// The exit status.
        public var status: Int32
        /// Standard output, which must be UTF-8.
        public var stdout: String
        /// Standard error, which must be UTF-8.
        public var stderr: String
    }

    /// Runs `executable arguments…`, in `folder` when given, and waits for it.
    public static func run(_ executable: URL, _ arguments: [String], in folder: URL? = nil) throws -> Outcome {
        let capture = FileManager.default.temporaryDirectory
            .appendingPathComponent("captured-output-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: capture, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: capture) }
        let outURL = capture.appendingPathComponent("stdout")
        let errURL = capture.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
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

    /// The executable `name` in the build products folder that holds the test bundle: a product
    /// the test target depends on, so the build puts it there.
    public static func builtProduct(_ name: String) -> URL {
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
}
