import Foundation
import SplitTestCompiler
import Testing
import TestTools

/// The generated TypeScript of `experiments/` (the golden file), of the edge-case definitions and
/// of no definitions, compiled with `tsc --strict` (and the checks for unused names and implicit
/// returns), run on node with the read-back program and the OFREP client, and compared with the
/// definitions.
@Suite(.requires(.typeScript)) struct GeneratedTypeScriptTests {
    typealias Fixtures = GeneratedLanguageFixtures

    /// The strictest checks the generated code promises to pass.
    static let strictOptions = ["--strict", "--noUnusedLocals", "--noUnusedParameters", "--noImplicitReturns"]

    /// The compiled programs, shared by the suite: `golden/splitTests.ts` (also as `splitTests.ts`,
    /// where the client imports it) and `edges/splitTests.ts` beside the read-back program and
    /// the client, emitted as JavaScript into `out`.
    struct Build {
        var folder: URL
        /// What tsc printed when checking the generated files alone with its default target.
        var defaultTargetMessages: String
        /// What tsc printed when compiling the programs.
        var programMessages: String
    }

    static let build = Result { () throws -> Build in
        try Oracle.typeScript.require()
        let folder = try Fixtures.scratchFolder("GeneratedTypeScript")
        try Fixtures.splitc([
            "generate", "--language", "typescript", "--output", folder.appendingPathComponent("edges").path,
            Fixtures.edgeDefinitions,
        ])
        let golden = try Data(contentsOf: Fixtures.goldenTypeScript)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("golden"), withIntermediateDirectories: true)
        try golden.write(to: folder.appendingPathComponent("golden/splitTests.ts"))
        try golden.write(to: folder.appendingPathComponent("splitTests.ts"))
        for program in ["generatedTypeScriptCheck.ts", "ofrepClient.ts"] {
            try FileManager.default.copyItem(
                at: Fixtures.support.appendingPathComponent(program), to: folder.appendingPathComponent(program))
        }
        // The file for no experiments at all.
        try Data(TypeScriptEmitter().emit([], sourcePaths: [], command: "splitc generate").utf8)
            .write(to: folder.appendingPathComponent("empty.ts"))
        let alone = try Fixtures.run(
            "tsc", strictOptions + ["--noEmit", "golden/splitTests.ts", "edges/splitTests.ts", "empty.ts"], in: folder)
        let programs = try Fixtures.run(
            "tsc",
            strictOptions + [
                "--target", "es2020", "--module", "commonjs", "--lib", "es2020,dom", "--outDir", "out",
                "generatedTypeScriptCheck.ts", "ofrepClient.ts",
            ], in: folder)
        return Build(
            folder: folder, defaultTargetMessages: alone.stdout + alone.stderr,
            programMessages: programs.stdout + programs.stderr)
    }

    @Test func theGeneratedCodeCompilesStrictlyWithoutMessages() throws {
        let build = try Self.build.get()
        #expect(build.defaultTargetMessages == "")
        #expect(build.programMessages == "")
    }

    @Test func everyExperimentReadsBackAsDefinedAndResolves() throws {
        let build = try Self.build.get()
        let outcome = try Fixtures.run("node", ["out/generatedTypeScriptCheck.js"], in: build.folder)
        var expected: [String] = []
        for experiment in try Fixtures.experiments(in: "experiments") + Fixtures.experiments(in: Fixtures.edgeDefinitions) {
            expected += Self.expectedLines(experiment)
        }
        let printed = outcome.stdout.split(separator: "\n").map(String.init)
        Fixtures.expectSameLines(Array(printed.dropLast()), expected)
        #expect(printed.last == "shapes false #007AFF 8 urgent+orange 1 n1 delete split_tests")
    }

    @Test func aMisspelledGroupIsATypeError() throws {
        let build = try Self.build.get()
        try Data("""
            import { buttonColor } from "./golden/splitTests";

            export const misspelled = buttonColor.resolve(undefined).group === "purple";

            """.utf8).write(to: build.folder.appendingPathComponent("misspelled.ts"))
        let outcome = try CapturedProcess.run("tsc", ["--strict", "--noEmit", "misspelled.ts"], in: build.folder)
        #expect(outcome.status != 0)
        #expect(outcome.stdout.contains("misspelled.ts(3,"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("error TS2367"), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("'\"purple\"'"), "\(outcome.stdout)")
    }

    @Test(.requires(.python3)) func theClientPrintsTheGroupOfEachExperimentForEachUnit() throws {
        let build = try Self.build.get()
        try OFREPStandIn.checkClient("node", ["out/ofrepClient.js"], in: build.folder)
    }

    /// What the read-back program prints for `experiment`.
    static func expectedLines(_ experiment: Experiment) -> [String] {
        let declarations = Fixtures.parameters(of: experiment)
        let properties = TypeScriptNaming.propertyNames(forParameters: declarations.map(\.name))
        let groups = experiment.groupNames
        let control = experiment.definition.control
        var lines = ["experiment \(experiment.identifier) \(control)"]
        for index in groups.indices {
            let values = experiment.parameterValues(ofGroup: index)
            let fields = declarations.indices
                .map { (properties[$0], encoded(values[declarations[$0].name])) }
                .sorted { $0.0 < $1.0 }
                .map { "\($0.0)=\($0.1)" }
            lines.append((["group \(groups[index])"] + fields).joined(separator: " "))
        }
        lines += groups.map { "resolve \($0) \($0) true" }
        lines += ["resolve undefined \(control) true", "resolve no_such_group \(control) true"]
        return lines
    }

    /// A value as the read-back program prints it: every number is a JavaScript double.
    static func encoded(_ value: ParameterValue?) -> String {
        switch value {
        case .string(let text)?: "s:" + Fixtures.utf16Hex(text)
        case .double(let number)?: "n:" + String(number.bitPattern, radix: 16)
        case .int(let number)?: "n:" + String(Double(number).bitPattern, radix: 16)
        case .bool(let flag)?: "b:" + String(flag)
        case nil: "missing"
        }
    }
}
