import Foundation
import TestTools

/// Runs a program (Python, `splitc`, Chromium) and captures what it printed.
enum ExternalProcess {
    /// What one run printed and returned.
    typealias Outcome = CapturedProcess.Outcome

    /// Runs `executable arguments…` (found on `PATH` through `/usr/bin/env` unless absolute).
    static func run(_ executable: String, _ arguments: [String], in folder: URL? = nil) throws -> Outcome {
        try CapturedProcess.run(executable, arguments, in: folder)
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
    static let splitcExecutable = CapturedProcess.builtProduct("splitc")

    /// A fresh folder in the temporary directory.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("SplitTestAnalysisTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
