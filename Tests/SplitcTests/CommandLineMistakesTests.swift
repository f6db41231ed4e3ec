import Foundation
import Testing

/// The command line answers a mistake with what to do: "did you mean" for a name it does not
/// know, a number it cannot use said in words, a file it cannot write said with why; and its
/// counts agree in number.
@Suite struct CommandLineMistakesTests {
    static func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("experiments/button_color.yaml", Definitions.buttonColor)
        try folder.write("experiments/environments.yaml", "environments: [development, staging, production]\n")
        return folder
    }

    /// The last line of standard error, where a command says why it stopped.
    static func lastLine(_ outcome: SplitcProcess.Outcome) -> String {
        outcome.stderr.split(separator: "\n").last.map(String.init) ?? ""
    }

    @Test(arguments: [
        (["assign", "--experiment", "buton_color", "--unit", "u"],
         "splitc: error: no experiment 'buton_color' is defined (defined: button_color); did you mean 'button_color'?"),
        (["assign", "--experiment", "button_color", "--unit", "u", "--environment", "stagng"],
         "splitc: error: no environment 'stagng' is declared (declared: development, staging, production); did you mean 'staging'?"),
        (["simulate", "--units", "10", "--environment", "prodution"],
         "splitc: error: no environment 'prodution' is declared (declared: development, staging, production); did you mean 'production'?"),
        (["publish", "--output", "control.json", "--environment", "developmnt"],
         "splitc: error: no environment 'developmnt' is declared (declared: development, staging, production); did you mean 'development'?"),
        (["simulate", "--units", "10", "--events", "e.jsonl", "--goal", "buy", "--rate", "blu=0.1"],
         "splitc: error: --rate names group 'blu', which no experiment has (groups: blue, dark_gray, red); did you mean 'blue'?"),
    ])
    func anUnknownNameGetsADidYouMean(_ arguments: [String], _ message: String) throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let outcome = try SplitcProcess.run(arguments, in: folder.url)
        #expect(outcome.status == 2)
        #expect(Self.lastLine(outcome) == message, "\(outcome.stderr)")
    }

    @Test(arguments: [
        (["simulate", "--units", "-5"], "Error: --units must be positive: a number of units from 1 to 10,000,000; got -5"),
        (["simulate", "--units=-5"], "Error: --units must be positive: a number of units from 1 to 10,000,000; got -5"),
        (["simulate", "--units", "0"], "Error: --units must be positive: a number of units from 1 to 10,000,000; got 0"),
        (["simulate", "--units", "20000000"], "Error: --units must be at most 10,000,000 (enough for any sample-ratio check); got 20000000"),
        (["publish", "--output", "c.json", "--sequence", "-3"], "Error: --sequence must be a positive integer; found -3"),
    ])
    func aNumberItCannotUseIsSaidInWords(_ arguments: [String], _ message: String) throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let outcome = try SplitcProcess.run(arguments, in: folder.url)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.hasPrefix(message + "\n"), "\(outcome.stderr)")
    }

    @Test func aFileThatCannotBeWrittenSaysWhy() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        try folder.write("blocker", "a file where a folder is needed\n")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("a_folder"), withIntermediateDirectories: true)
        let cases: [([String], String)] = [
            (["simulate", "--units", "10", "--events", "missing/events.jsonl"],
             "splitc: error: cannot write 'missing/events.jsonl': the folder 'missing' does not exist; create it first"),
            (["simulate", "--units", "10", "--events", "a_folder"], "splitc: error: cannot write 'a_folder': it is a folder; name a file in it instead"),
            (["simulate", "--units", "10", "--events", "blocker/events.jsonl"],
             "splitc: error: cannot write 'blocker/events.jsonl': 'blocker' is a file, not a folder"),
            (["generate", "--output", "a_folder"], "splitc: error: cannot write 'a_folder': it is a folder; name a file in it instead"),
            (["generate", "--output", "blocker/deeper/Generated.swift"],
             "splitc: error: cannot write 'blocker/deeper/Generated.swift': 'blocker' is a file, not a folder"),
            (["publish", "--output", "a_folder"], "splitc: error: cannot write 'a_folder': it is a folder; name a file in it instead"),
        ]
        for (arguments, message) in cases {
            let outcome = try SplitcProcess.run(arguments, in: folder.url)
            #expect(outcome.status == 2, "\(arguments)")
            #expect(Self.lastLine(outcome) == message, "\(arguments): \(outcome.stderr)")
        }
    }

    /// Root writes anywhere, so the permission is checked where the tests do not run as root.
    @Test func aFolderWithoutPermissionSaysSo() throws {
        let folder = try Self.folder()
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path("locked"))
            folder.remove()
        }
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("locked"), withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path("locked"))
        guard getuid() != 0 else { return }
        let outcome = try folder.splitc("simulate", "--units", "10", "--events", "locked/events.jsonl")
        #expect(outcome.status == 2)
        #expect(Self.lastLine(outcome) == "splitc: error: cannot write 'locked/events.jsonl': permission denied: the folder 'locked' is not writable")
    }

    @Test func countsAgreeInNumber() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let one = try folder.splitc("simulate", "--units", "1", "--events", "events.jsonl")
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout.hasPrefix("button_color: 1 unit, 1 enrolled, 0 not enrolled"), "\(one.stdout)")
        #expect(one.stdout.contains(" 1 unit\n") && one.stdout.contains(" 0 units\n"), "\(one.stdout)")
        #expect(one.stderr.contains("wrote 1 event to events.jsonl"), "\(one.stderr)")
        let two = try folder.splitc("simulate", "--units", "2", "--events", "events.jsonl")
        #expect(two.stdout.hasPrefix("button_color: 2 units,"), "\(two.stdout)")
        #expect(two.stderr.contains("wrote 2 events to events.jsonl"), "\(two.stderr)")
        let publish = try folder.splitc("publish", "--output", "control.json", "--sequence", "5")
        #expect(publish.stderr.contains("splitc: wrote control.json: 1 experiment, sequence 5, unsigned"), "\(publish.stderr)")
    }
}
