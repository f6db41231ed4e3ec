import Foundation

/// A folder of its own under the system's temporary directory, for the files a scenario writes,
/// removed when `body` returns.
func withScratchDirectory<Result>(_ name: String, _ body: (URL) -> Result) -> Result {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("splittest-demo-\(name)-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return body(directory)
}
