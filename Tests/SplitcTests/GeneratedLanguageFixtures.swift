import Foundation
@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestCompiler
import Testing
import TestTools

/// What the Kotlin and TypeScript compile tests share: the definitions they generate code from,
/// compiled by the library for the expectations, and the files that kotlinc and tsc compile.
enum GeneratedLanguageFixtures {
    static let repositoryRoot = Oracle.repositoryRoot
    /// The tests' support files: the client programs, the read-back programs, the edge cases.
    static let support = repositoryRoot.appendingPathComponent("Tests/SplitcTests/Support")
    /// Definitions whose names and values need care in Kotlin and TypeScript.
    static let edgeDefinitions = "Tests/SplitcTests/Support/EdgeDefinitions"
    /// The committed output for `experiments/`, which the compiler's golden tests keep current.
    static let goldenKotlin = repositoryRoot.appendingPathComponent("Tests/SplitTestCompilerTests/Golden/SplitTests.kt")
    static let goldenTypeScript = repositoryRoot.appendingPathComponent("Tests/SplitTestCompilerTests/Golden/splitTests.ts")
    /// The packages of the golden Kotlin and of the edge cases'.
    static let goldenPackage = "com.example.splittests"
    static let edgePackage = "com.example.edges"

    /// The experiments of the definitions under `folder` (relative to the repository), as the
    /// generated code holds them.
    static func experiments(in folder: String) throws -> [Experiment] {
        let root = repositoryRoot.standardizedFileURL.path + "/"
        guard let enumerator = FileManager.default.enumerator(
            at: repositoryRoot.appendingPathComponent(folder), includingPropertiesForKeys: nil)
        else { throw CocoaError(.fileReadNoSuchFile) }
        let sources = try enumerator.compactMap { $0 as? URL }
            .filter { ["yaml", "yml"].contains($0.pathExtension) }
            .map { url in
                SourceFile(
                    path: String(url.standardizedFileURL.path.dropFirst(root.count)),
                    contents: Array(try Data(contentsOf: url)))
            }
            .sorted { $0.path < $1.path }
        let result = DefinitionCompiler.compile(sources, today: CalendarDate(year: 2026, month: 11, day: 22))
        guard !result.hasErrors else {
            throw FixtureError(description: result.diagnostics.map(\.description).joined(separator: "\n"))
        }
        return result.experiments
    }

    /// The parameters of every group of `experiment`: its own, or every factor's in factor order.
    static func parameters(of experiment: Experiment) -> [ParameterDeclaration] {
        experiment.definition.factorial == nil ? experiment.parameters : experiment.factors.flatMap(\.parameters)
    }

    /// Runs `splitc arguments…` from the repository's root, failing unless it exits 0.
    static func splitc(_ arguments: [String]) throws {
        let outcome = try SplitcProcess.run(arguments, in: repositoryRoot)
        guard outcome.status == 0 else {
            throw FixtureError(description: "splitc \(arguments.joined(separator: " ")): \(outcome.stderr)")
        }
    }

    /// Runs `program arguments…` in `folder` and returns what it printed, failing unless it
    /// exits 0.
    static func run(_ program: String, _ arguments: [String], in folder: URL, input: String? = nil) throws -> CapturedProcess.Outcome {
        let outcome = try CapturedProcess.run(program, arguments, in: folder, input: input.map { Data($0.utf8) })
        guard outcome.status == 0 else {
            throw FixtureError(description: "\(program) exited \(outcome.status): \(outcome.stderr)\(outcome.stdout)")
        }
        return outcome
    }

    /// Standard error without the JVM's notice that kotlinc's launcher passes deprecated options.
    static func compilerMessages(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("OpenJDK 64-Bit Server VM warning:") }
    }

    /// Records the first line where `printed` and `expected` differ, rather than both whole lists.
    static func expectSameLines(
        _ printed: [String], _ expected: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        guard printed != expected else { return }
        let index = (0..<min(printed.count, expected.count)).first { printed[$0] != expected[$0] } ?? min(printed.count, expected.count)
        let got = index < printed.count ? printed[index] : "(nothing)"
        let wanted = index < expected.count ? expected[index] : "(nothing)"
        Issue.record(
            "line \(index + 1) of \(printed.count) printed (\(expected.count) expected): \(got)\nexpected: \(wanted)",
            sourceLocation: sourceLocation)
    }

    /// A new empty folder in the temporary directory.
    static func scratchFolder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The UTF-16 code units of `text` in hexadecimal, comma-separated, as the read-back
    /// programs print strings.
    static func utf16Hex(_ text: String) -> String {
        text.utf16.map { String($0, radix: 16) }.joined(separator: ",")
    }

    struct FixtureError: Error, CustomStringConvertible {
        var description: String
    }
}
