import Foundation

/// Runs a program (Python, `splitc`, Chromium) and captures what it printed, through files so
/// that a large output never fills a pipe.
enum ExternalProcess {
    /// What one run printed and returned.
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `executable arguments…` (found on `PATH` through `/usr/bin/env` unless absolute).
    static func run(_ executable: String, _ arguments: [String], in folder: URL? = nil) throws -> Outcome {
        let capture = FileManager.default.temporaryDirectory
            .appendingPathComponent("analysis-output-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: capture, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: capture) }
        let outURL = capture.appendingPathComponent("stdout")
        let errURL = capture.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let process = Process()
        if executable.hasPrefix("/") {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [executable] + arguments
        }
        if let folder { process.currentDirectoryURL = folder }
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Outcome(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// Runs one of the committed Python scripts under `Scripts/`.
    static func python(_ script: String, _ arguments: [String]) throws -> Outcome {
        try run("python3", [scripts.appendingPathComponent(script).path] + arguments)
    }

    /// Runs the built `splitc` in `folder`.
    static func splitc(_ arguments: [String], in folder: URL) throws -> Outcome {
        try run(splitcExecutable.path, arguments, in: folder)
    }

    /// The committed scripts beside these tests.
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts")

    /// `splitc` in the build products folder (the test target depends on it).
    static let splitcExecutable: URL = {
        let candidates = [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])]
            .compactMap { $0 } + Bundle.allBundles.map(\.bundleURL)
        for candidate in candidates {
            var folder = candidate.deletingLastPathComponent()
            for _ in 0..<4 {
                let binary = folder.appendingPathComponent("splitc")
                if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
                folder = folder.deletingLastPathComponent()
            }
        }
        preconditionFailure("the test target depends on splitc, so it is built beside the tests")
    }()

    /// A fresh folder in the temporary directory.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("SplitTestAnalysisTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
