import Foundation

/// A folder of definitions in the temporary directory, removed when the test is done with it.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("SplitcTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `contents` at `relativePath`, creating the folders on the way.
    @discardableResult
    func write(_ relativePath: String, _ contents: String) throws -> URL {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: file)
        return file
    }

    func path(_ relativePath: String) -> String {
        url.appendingPathComponent(relativePath).path
    }

    func read(_ relativePath: String) throws -> Data {
        try Data(contentsOf: url.appendingPathComponent(relativePath))
    }

    func exists(_ relativePath: String) -> Bool {
        FileManager.default.fileExists(atPath: path(relativePath))
    }

    /// Runs `splitc` with this folder as the current directory.
    func splitc(_ arguments: String...) throws -> SplitcProcess.Outcome {
        try SplitcProcess.run(arguments, in: url)
    }

    /// Runs `splitc-build`, the plugins' tool, with this folder as the current directory.
    func splitcBuild(_ arguments: String...) throws -> SplitcProcess.Outcome {
        try SplitcProcess.run(arguments, in: url, tool: SplitcProcess.buildTool)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
