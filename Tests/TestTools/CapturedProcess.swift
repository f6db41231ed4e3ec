import Foundation

/// Runs a program the tests start (`splitc`, Python, Chromium) to its end and captures what it
/// printed (through a ``ChildProcess``).
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

    /// Runs `executable arguments…`, in `folder` when given, with `environment` as its whole
    /// environment when given, and waits for it.
    public static func run(
        _ executable: URL, _ arguments: [String], in folder: URL? = nil, environment: [String: String]? = nil
    ) throws -> Outcome {
        let child = try ChildProcess(executable, arguments, in: folder, environment: environment)
        let status = child.waitUntilExit()
        return Outcome(status: status, stdout: child.output, stderr: child.errors)
    }

    /// Runs `program arguments…` (found on `PATH` through `/usr/bin/env` unless it is an
    /// absolute path), in `folder` when given, writing `input` to its standard input, and waits
    /// for it.
    public static func run(_ program: String, _ arguments: [String], in folder: URL? = nil, input: Data? = nil) throws -> Outcome {
        let child = try ChildProcess(program: program, arguments, in: folder, input: input)
        let status = child.waitUntilExit()
        return Outcome(status: status, stdout: child.output, stderr: child.errors)
    }

    /// The executable `name` in the build products folder that holds the test bundle: a product
    /// the test target depends on, so the build puts it there.
    public static func builtProduct(_ name: String) -> URL {
        guard let url = locateBuiltProduct(name) else {
            preconditionFailure("the test target depends on \(name), so it is built beside the tests")
        }
        return url
    }

    /// The executable `name` in the build products folder that holds the test bundle, or `nil`
    /// when it is not there (for a test that fails with a message of its own).
    public static func locateBuiltProduct(_ name: String) -> URL? {
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
        return nil
    }
}
