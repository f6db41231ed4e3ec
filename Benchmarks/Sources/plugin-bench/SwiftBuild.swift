import BenchmarkSupport
import Foundation

/// `swift build` of one package in its own build folder.
struct SwiftBuild {
    var package: URL
    var scratch: URL

    init(package: URL) {
        self.package = package
        scratch = package.appendingPathComponent(".build", isDirectory: true)
    }

    /// Builds, and returns what the build printed; a failed build is an error that shows it.
    @discardableResult
    func run(_ extraArguments: [String] = []) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "--package-path", package.path, "--scratch-path", scratch.path]
            + extraArguments
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("plugin-bench-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
            throw BenchError("cannot create \(log.path) for the build's output")
        }
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let output = String(decoding: (try? Data(contentsOf: log)) ?? Data(), as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw BenchError("swift build of \(package.path) failed:\n\(output)")
        }
        return output
    }
}
