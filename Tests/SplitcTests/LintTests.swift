import Foundation
import Testing

@Suite struct LintTests {
    @Test func cleanDefinitionsExitZeroWithoutDiagnostics() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/button_color.yaml", Definitions.buttonColor)

        let outcome = try folder.splitc("lint")

        #expect(outcome.status == 0)
        #expect(outcome.diagnosticLines.isEmpty)
    }

    @Test func warningsAloneExitZeroAndNameTheFileLineAndColumn() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("defs/old.yaml", Definitions.expired)

        let outcome = try folder.splitc("lint", "defs")

        #expect(outcome.status == 0)
        let warning = try #require(outcome.diagnosticLines.first)
        #expect(warning.hasPrefix("defs/old.yaml:4:"))
        #expect(warning.contains(": warning: "))
    }

    @Test func errorsExitOneWithTextDiagnosticsOnStandardError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/lonely.yaml", Definitions.oneGroup)

        let outcome = try folder.splitc("lint")

        #expect(outcome.status == 1)
        #expect(outcome.stdout.isEmpty)
        let error = try #require(outcome.diagnosticLines.first { $0.contains(": error: ") })
        #expect(error.range(of: #"^experiments/lonely\.yaml:\d+:\d+: error: .+"#, options: .regularExpression) != nil)
    }

    /// The summary counts the experiment that has the error, and its nouns agree with the counts.
    @Test func theSummaryCountsAnExperimentWithAnError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/lonely.yaml", Definitions.oneGroup)

        let outcome = try folder.splitc("lint")

        #expect(outcome.status == 1)
        #expect(outcome.stderr.hasSuffix("1 experiment in 1 file: 1 error, 0 warnings\n"), "\(outcome.stderr)")
        try folder.write("experiments/button_color.yaml", Definitions.buttonColor)
        let two = try folder.splitc("lint")
        #expect(two.stderr.hasSuffix("2 experiments in 2 files: 1 error, 0 warnings\n"), "\(two.stderr)")
    }

    @Test func jsonPrintsAnArrayOfDiagnosticsOnStandardOutput() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/lonely.yaml", Definitions.oneGroup)
        try folder.write("experiments/old.yaml", Definitions.expired)

        let outcome = try folder.splitc("lint", "--format", "json")

        #expect(outcome.status == 1)
        #expect(outcome.diagnosticLines.isEmpty)
        let records = try #require(try outcome.json() as? [[String: Any]])
        #expect(records.count >= 2)
        for record in records {
            #expect(Set(record.keys) == ["file", "line", "column", "severity", "message"])
            #expect((record["line"] as? Int ?? 0) >= 1)
            #expect((record["column"] as? Int ?? 0) >= 1)
        }
        #expect(records.contains { $0["severity"] as? String == "error" && $0["file"] as? String == "experiments/lonely.yaml" })
        #expect(records.contains { $0["severity"] as? String == "warning" && $0["file"] as? String == "experiments/old.yaml" })
    }

    @Test func jsonOfCleanDefinitionsIsAnEmptyArray() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/button_color.yaml", Definitions.buttonColor)

        let outcome = try folder.splitc("lint", "--format", "json")

        #expect(outcome.status == 0)
        #expect(try outcome.json() as? [Any] != nil)
        #expect(outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    }

    @Test func foldersAreSearchedRecursivelyForYamlAndYmlOnly() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/a/deep/lonely.yml", Definitions.oneGroup)
        try folder.write("experiments/notes.txt", "groups: [control]\n")

        let outcome = try folder.splitc("lint")

        #expect(outcome.status == 1)
        #expect(outcome.diagnosticLines.allSatisfy { $0.hasPrefix("experiments/a/deep/lonely.yml:") })
    }

    @Test func aFileNamedTwiceIsCompiledOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/button_color.yaml", Definitions.buttonColor)

        let outcome = try folder.splitc("lint", "experiments", "experiments/button_color.yaml", "./experiments")

        #expect(outcome.status == 0)
        #expect(outcome.diagnosticLines.isEmpty)
    }

    @Test func aMissingPathIsAUsageErrorNamingThePath() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }

        let missing = try folder.splitc("lint", "nowhere.yaml")
        let noDefaultFolder = try folder.splitc("lint")

        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nowhere.yaml"))
        #expect(noDefaultFolder.status == 2)
        #expect(noDefaultFolder.stderr.contains("experiments"))
    }

    @Test func aFileThatIsNotRegularIsRefusedInsteadOfBlocking() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(mkfifo(folder.path("pipe.yaml"), 0o600) == 0)

        let outcome = try folder.splitc("lint", "pipe.yaml")

        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("pipe.yaml"))
    }

    @Test func badCommandLinesExitTwoWithoutAStackTrace() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }

        for arguments in [["lint", "--format", "xml"], ["lint", "--bogus"], ["frobnicate"], ["generate"]] {
            let outcome = try SplitcProcess.run(arguments, in: folder.url)
            #expect(outcome.status == 2, "splitc \(arguments.joined(separator: " "))")
            #expect(!outcome.stderr.isEmpty)
            #expect(!outcome.stderr.contains("Stack dump"))
        }
    }

    @Test func helpExitsZero() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }

        let outcome = try folder.splitc("--help")

        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("generate"))
    }
}
