import Foundation
import SplitTestPluginSupport

/// A package folder in the temporary directory, removed when the test is done with it.
struct TemporaryPackage {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("SplitTestPluginSupportTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Writes `contents` at `relativePath`, creating the folders on the way.
    @discardableResult
    func write(_ relativePath: String, _ contents: String = "identifier: x\n") throws -> URL {
        let url = directory.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
        return url
    }

    func url(_ relativePath: String) -> URL {
        directory.appendingPathComponent(relativePath).standardizedFileURL
    }

    func target(named name: String = "App", files: [String]) -> GenerationTarget {
        GenerationTarget(
            name: name,
            packageDirectory: directory,
            files: files.map(url),
            workDirectory: directory.appendingPathComponent(".build/plugins/\(name)", isDirectory: true)
        )
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
