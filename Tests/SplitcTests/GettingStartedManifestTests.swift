import Foundation
import Testing
import TestTools

/// The getting-started article's `Package.swift` is the README's, and SwiftPM reads it: a
/// `platforms:` line, and a branch while no release is tagged. (IntegrationTests/run.sh builds
/// and runs the article's package.)
@Suite struct GettingStartedManifestTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The Swift block of `file` that is a package manifest.
    static func manifest(in file: String) throws -> String {
        let text = try String(contentsOf: repository.appendingPathComponent(file), encoding: .utf8)
        let blocks = text.components(separatedBy: "```swift\n").dropFirst().compactMap { part in
            part.range(of: "\n```").map { String(part[..<$0.lowerBound]) }
        }
        return try #require(blocks.first { $0.hasPrefix("// swift-tools-version") }, "\(file) has a manifest")
    }

    @Test func theArticlesManifestIsTheReadmes() throws {
        let article = try Self.manifest(in: "Sources/SplitTesting/SplitTesting.docc/GettingStarted.md")
        #expect(article == (try Self.manifest(in: "README.md")))
        #expect(article.contains("platforms: [.macOS(.v13), .iOS(.v16)"))
        #expect(article.contains("branch: \"main\""))
        #expect(!article.contains("from: \""), "no version is tagged yet: a branch, not a version")
    }

    @Test func swiftPMReadsTheManifest() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Package.swift", try Self.manifest(in: "Sources/SplitTesting/SplitTesting.docc/GettingStarted.md") + "\n")
        try folder.write("Sources/MyApp/main.swift", "print(\"MyApp\")\n")
        let dump = try CapturedProcess.run("swift", ["package", "dump-package"], in: folder.url)
        #expect(dump.status == 0, "\(dump.stderr)")
        let package = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let platforms = try #require(package["platforms"] as? [[String: Any]])
        #expect(Set(platforms.compactMap { $0["platformName"] as? String }) == ["macos", "ios", "tvos", "watchos", "visionos"])
        #expect(dump.stdout.contains("\"branch\"") && dump.stdout.contains("\"main\""), "\(dump.stdout.prefix(2000))")
    }
}
