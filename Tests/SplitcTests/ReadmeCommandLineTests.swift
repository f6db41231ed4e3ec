import Foundation
@_spi(Tools) import SplitTestCompiler
import Testing

/// What the README says of `splitc` is what `splitc` does: its table of parts lists every
/// command, and the quick start simulates every group of its experiment and reads the events back.
@Suite struct ReadmeCommandLineTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func readme() throws -> String {
        try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
    }

    /// The names between backticks in `text`.
    static func quoted(_ text: some StringProtocol) -> [String] {
        text.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    }

    @Test func thePartsTableListsEverySplitcCommand() throws {
        let help = try SplitcProcess.run(["--help"], in: Self.repository)
        #expect(help.status == 0)
        let section = help.stdout.components(separatedBy: "SUBCOMMANDS:").last ?? ""
        let commands = section.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first else { return nil }
            return String(name)
        }.filter { $0 != "See" }
        #expect(commands.count >= 11, "\(commands)")
        let row = try #require(try Self.readme().split(separator: "\n").first { $0.hasPrefix("| `splitc` (executable) |") })
        let listed = Self.quoted(row.components(separatedBy: "|")[2])
        #expect(Set(listed) == Set(commands), "README lists \(listed); splitc has \(commands)")
    }

    /// The quick start's commands, run as written on a copy of the repository's experiments: the
    /// simulated experiment's every group has a rate, and the readout reads the events.
    @Test func theQuickStartNamesEveryGroupAndWorksAsWritten() throws {
        let readme = try Self.readme()
        let start = try #require(readme.range(of: "swift run splitc simulate "))
        let block = String(readme[start.lowerBound...].prefix { $0 != "`" }).replacingOccurrences(of: "\\\n", with: " ")
        var commands: [[String]] = []
        for line in block.split(separator: "\n") {
            let command = String(line.split(separator: "#").first ?? "")
            guard command.hasPrefix("swift run splitc ") else { continue }
            commands.append(command.dropFirst("swift run splitc ".count).split(separator: " ").map(String.init))
        }
        #expect(commands.count >= 2, "\(commands)")
        let simulate = try #require(commands.first)
        // The definitions simulated: the paths before the first option (an experiment's file, and
        // the folder of the metrics it names).
        let paths = simulate.dropFirst().prefix { !$0.hasPrefix("--") }
        let file = try #require(paths.first { $0.hasSuffix(".yaml") })
        var rates: [String] = []
        for (option, value) in zip(simulate, simulate.dropFirst()) where option == "--rate" {
            rates.append(String(value.prefix { $0 != "=" }))
        }

        var sources: [SourceFile] = []
        for path in paths {
            let url = Self.repository.appendingPathComponent(path)
            let files = path.hasSuffix(".yaml")
                ? [url]
                : try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
                    .filter { $0.pathExtension == "yaml" }.sorted { $0.path < $1.path }
            for file in files {
                sources.append(SourceFile(path: file.path, contents: Array(try Data(contentsOf: file))))
            }
        }
        let result = DefinitionCompiler.compile(sources, today: CalendarDate(year: 2026, month: 1, day: 1))
        #expect(!result.hasErrors, "\(result.diagnostics)")
        #expect(result.experiments.count == 1, "the quick start simulates one experiment")
        let groups = try #require(result.experiments.first?.groupNames)
        #expect(Set(rates) == Set(groups), "the quick start's --rate names \(rates); \(file) has \(groups)")

        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.copyItem(
            at: Self.repository.appendingPathComponent("experiments"), to: folder.url.appendingPathComponent("experiments"))
        for command in commands {
            let outcome = try SplitcProcess.run(command, in: folder.url)
            #expect(outcome.status == 0, "splitc \(command.joined(separator: " ")): \(outcome.stderr)")
        }
        let readout = try SplitcProcess.run(Array(commands[1].prefix { (word: String) in word != "--format" }), in: folder.url)
        #expect(!readout.stdout.contains("assumed"), "the quick start reads the definitions: \(readout.stdout)")
        // The goal's table, after the tables of the metrics the experiment names.
        let lines = readout.stdout.split(separator: "\n")
        let goalTable = try #require(lines.firstIndex { $0.hasPrefix("  goal ") }, "\(readout.stdout)")
        for group in groups {
            let row = try #require(lines[goalTable...].first { $0.hasPrefix("    \(group) ") }, "\(group)")
            let converted = Int(row.split(separator: " ")[2]) ?? 0
            #expect(converted > 0, "every group converts at its rate: \(row)")
        }
    }
}
