import Foundation
import SplitTestCompiler
import Testing
import TestTools

/// The generated Kotlin of `experiments/` (the golden file), of the edge-case definitions and of
/// no definitions, compiled with kotlinc `-Werror` together with the read-back program and the
/// OFREP client, run on the JVM and compared with the definitions.
@Suite(.requires(.kotlin)) struct GeneratedKotlinTests {
    typealias Fixtures = GeneratedLanguageFixtures

    /// One kotlinc run for the whole suite: the JVM takes seconds to start.
    struct Build {
        /// Everything compiled, with Kotlin's runtime.
        var jar: URL
        /// What kotlinc printed, without the JVM's notice.
        var messages: [String]
    }

    static let build = Result { () throws -> Build in
        try Oracle.kotlin.require()
        let folder = try Fixtures.scratchFolder("GeneratedKotlin")
        try Fixtures.splitc([
            "generate", "--language", "kotlin", "--package", Fixtures.edgePackage,
            "--output", folder.appendingPathComponent("edges").path, Fixtures.edgeDefinitions,
        ])
        // The file for no experiments at all, in a package of its own.
        try Data(KotlinEmitter(packageName: "com.example.empty").emit([], sourcePaths: [], command: "splitc generate").utf8)
            .write(to: folder.appendingPathComponent("Empty.kt"))
        let jar = folder.appendingPathComponent("all.jar")
        let outcome = try Fixtures.run("kotlinc", [
            "-Werror", Fixtures.goldenKotlin.path, folder.appendingPathComponent("edges/SplitTests.kt").path,
            folder.appendingPathComponent("Empty.kt").path,
            Fixtures.support.appendingPathComponent("GeneratedKotlinCheck.kt").path,
            Fixtures.support.appendingPathComponent("OFREPClient.kt").path,
            "-include-runtime", "-d", jar.path,
        ], in: folder)
        return Build(jar: jar, messages: Fixtures.compilerMessages(outcome.stderr))
    }

    /// Runs the read-back program with `requests`, one a line.
    static func check(_ requests: [String]) throws -> [String] {
        let build = try Self.build.get()
        let outcome = try Fixtures.run(
            "java", ["-cp", build.jar.path, "generatedcheck.GeneratedKotlinCheckKt"],
            in: build.jar.deletingLastPathComponent(), input: requests.joined(separator: "\n") + "\n")
        return outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    static func allExperiments() throws -> [(package: String, experiment: Experiment)] {
        try Fixtures.experiments(in: "experiments").map { (Fixtures.goldenPackage, $0) }
            + Fixtures.experiments(in: Fixtures.edgeDefinitions).map { (Fixtures.edgePackage, $0) }
    }

    @Test func theGeneratedCodeCompilesWithoutWarnings() throws {
        let build = try Self.build.get()
        #expect(build.messages == [], "kotlinc -Werror printed: \(build.messages)")
        #expect(FileManager.default.fileExists(atPath: build.jar.path))
    }

    @Test func everyEntryHoldsItsGroupsValuesExactly() throws {
        let experiments = try Self.allExperiments()
        var requests: [String] = []
        var expected: [String] = []
        for (package, experiment) in experiments {
            requests.append("values \(package).\(experiment.swiftName)")
            expected += Self.expectedEntries(experiment)
        }
        #expect(experiments.contains { $0.experiment.identifier == "literal_values" })
        Fixtures.expectSameLines(try Self.check(requests), expected)
    }

    @Test func resolveAnswersTheNamedGroupAndOtherwiseTheControl() throws {
        var requests: [String] = []
        var expected: [String] = []
        for (package, experiment) in try Self.allExperiments() {
            for group in experiment.groupNames {
                requests.append("resolve \(package) \(experiment.identifier) \(group)")
                expected.append(group)
            }
            requests += ["resolve \(package) \(experiment.identifier)", "resolve \(package) \(experiment.identifier) purple"]
            expected += [experiment.definition.control, experiment.definition.control]
        }
        requests.append("resolve \(Fixtures.goldenPackage) no_such_experiment red")
        expected.append("null")
        Fixtures.expectSameLines(try Self.check(requests), expected)
    }

    @Test func theTypedAPIReadsAsDocumented() throws {
        #expect(try Self.check(["shapes"]) == [
            "button_color blue #007AFF 8 RED RED",
            "URGENT_ORANGE urgent+orange Only today: free delivery true",
            "DEFAULT 0 default n1 7 w1 1 true",
        ])
    }

    @Test func aMisspelledGroupDoesNotCompile() throws {
        let build = try Self.build.get()
        let folder = build.jar.deletingLastPathComponent()
        try Data("""
            import com.example.splittests.ButtonColorSplitTest

            val misspelled = ButtonColorSplitTest.Group.PURPLE

            """.utf8).write(to: folder.appendingPathComponent("Misspelled.kt"))
        let outcome = try CapturedProcess.run(
            "kotlinc", ["-Werror", "-cp", build.jar.path, "Misspelled.kt", "-d", "misspelled"], in: folder)
        #expect(outcome.status != 0)
        #expect(outcome.stderr.contains("Misspelled.kt:3:"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("unresolved reference: PURPLE"), "\(outcome.stderr)")
    }

    @Test(.requires(.python3)) func theClientPrintsTheGroupOfEachExperimentForEachUnit() throws {
        let build = try Self.build.get()
        try OFREPStandIn.checkClient(
            "java", ["-cp", build.jar.path, "OFREPClientKt"], in: build.jar.deletingLastPathComponent())
    }

    /// What the read-back program prints for `experiment`'s `Group` enum: each entry with its
    /// fields sorted by name, the wire name and one per parameter.
    static func expectedEntries(_ experiment: Experiment) -> [String] {
        let declarations = Fixtures.parameters(of: experiment)
        let properties = KotlinNaming.propertyNames(forParameters: declarations.map(\.name))
        let entries = KotlinNaming.entryNames(forGroups: experiment.groupNames)
        let groupValues = experiment.groupNames.indices.map { experiment.parameterValues(ofGroup: $0) }
        return experiment.groupNames.indices.map { group in
            var fields = [("wireName", "s:" + Fixtures.utf16Hex(experiment.groupNames[group]))]
            for (index, declaration) in declarations.enumerated() {
                let isLong = groupValues.contains { values in
                    if case .int(let int)? = values[declaration.name] { Int32(exactly: int) == nil } else { false }
                }
                fields.append((properties[index], encoded(groupValues[group][declaration.name], isLong: isLong)))
            }
            return ([entries[group]] + fields.sorted { $0.0 < $1.0 }.map { "\($0.0)=\($0.1)" }).joined(separator: " ")
        }
    }

    /// A value as the read-back program prints it.
    static func encoded(_ value: ParameterValue?, isLong: Bool) -> String {
        switch value {
        case .string(let text)?: "s:" + Fixtures.utf16Hex(text)
        case .double(let number)?: "d:" + String(number.bitPattern, radix: 16)
        case .int(let number)?: (isLong ? "l:" : "i:") + String(number)
        case .bool(let flag)?: "b:" + String(flag)
        case nil: "missing"
        }
    }
}
