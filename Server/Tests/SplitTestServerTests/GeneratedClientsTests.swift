import Foundation
import Testing
import TestTools
@_spi(Tools) import SplitTestCompiler
@_spi(Tools) import SplitTestServiceBodies
@_spi(Generated) @_spi(Tools) import SplitTesting
@_spi(Tools) import SplitTestTools

/// The OFREP clients of the repository's tests (`Tests/SplitcTests/Support`), a JVM program on the
/// Kotlin and a node program on the TypeScript that `splitc generate` writes for the repository's
/// definitions, ask the live service's bulk OFREP endpoint about each unit and resolve each answer
/// through the generated code: every group they print is the one `splitc assign` gives.
///
/// Skipped without kotlinc and java, or tsc and node, saying how to install them; CI installs
/// both and a missing one fails.
@Suite(.serialized) struct GeneratedClientsTests {
    static let key = "generated-clients-key"
    static let support = Oracle.repositoryRoot.appendingPathComponent("Tests/SplitcTests/Support")

    /// Devices the definitions force into groups, devices of no particular kind, and one whose id
    /// JSON escapes.
    static let units = ["qa-device-1", "simulator-1", "device-\"quoted\"-é"] + (0..<37).map { "device-\($0)" }

    /// The groups a client must print: `UNIT EXPERIMENT GROUP` for every unit and experiment, as
    /// the resolver gives them for a device that sends no attributes and no user.
    static func expectedLines(_ result: CompilationResult) throws -> Set<String> {
        let attributes = try AttributesInput.read(Array("{}".utf8), declarations: result.attributes)
        var lines: Set<String> = []
        for unit in units {
            for experiment in result.experiments {
                let resolution = experiment.definition.resolve(
                    units: ResolutionUnits(device: unit, user: nil), attributes: attributes,
                    time: SplitTestDefinition.currentTime, adjusting: { $0 })
                lines.insert("\(unit) \(experiment.identifier) \(experiment.definition.groups[resolution.groupIndex])")
            }
        }
        return lines
    }

    /// Runs a client against the service: refused without the key, and with it printing the
    /// expected lines; a sample of them is checked with `splitc assign` itself.
    static func check(_ program: String, _ arguments: [String], in folder: URL) async throws {
        let result = try DefinitionSet.load(paths: [Paths.repositoryDefinitions]).result
        #expect(!result.hasErrors)
        let server = try await ServerProcess.start(
            definitions: [Paths.repositoryDefinitions], database: folder.appendingPathComponent("db-\(program).sqlite").path,
            key: key)
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)"

        let refused = try CapturedProcess.run(program, arguments + [url, "device-1"], in: folder)
        #expect(refused.status == 1, "without the key: \(refused.stdout) \(refused.stderr)")

        let answered = try CapturedProcess.run(program, arguments + ["--key", key, url] + units, in: folder)
        #expect(answered.status == 0, "\(answered.stderr)")
        let printed = answered.stdout.split(separator: "\n").map(String.init)
        #expect(printed.count == units.count * result.experiments.count)
        let expected = try expectedLines(result)
        #expect(Set(printed) == expected, "\(Set(printed).symmetricDifference(expected).sorted().prefix(10))")

        // `splitc assign` for a sample: device experiments, one unit in seven.
        var checked = 0
        for line in printed.enumerated() where line.offset % 7 == 0 {
            let fields = line.element.split(separator: " ").map(String.init)
            guard fields.count == 3, let experiment = result.experiments.first(where: { $0.identifier == fields[1] }),
                experiment.definition.unitType == .device
            else { continue }
            let assigned = try Splitc.assign(experiment: fields[1], unit: fields[0], definitions: Paths.repositoryDefinitions)
            #expect(assigned.group == fields[2], "splitc assign \(fields[1]) \(fields[0])")
            checked += 1
        }
        #expect(checked >= 10)
        #expect(server.process.isRunning, "the server exited: \(server.printed)")
    }

    /// A fresh folder holding the generated code of the repository's definitions.
    static func generated(_ language: String, extra: [String] = []) throws -> URL {
        let folder = try Paths.temporaryFolder()
        _ = try Splitc.run(
            ["generate", "--language", language] + extra + ["--output", folder.path, Paths.repositoryDefinitions])
        return folder
    }

    @Test(.requires(.kotlin)) func theKotlinClientPrintsWhatSplitcAssigns() async throws {
        try Oracle.kotlin.require()
        let folder = try Self.generated("kotlin", extra: ["--package", "com.example.splittests"])
        let build = try CapturedProcess.run("kotlinc", [
            "-Werror", "SplitTests.kt", Self.support.appendingPathComponent("OFREPClient.kt").path,
            "-include-runtime", "-d", "client.jar",
        ], in: folder)
        #expect(build.status == 0, "\(build.stderr)")
        try await Self.check("java", ["-cp", folder.appendingPathComponent("client.jar").path, "OFREPClientKt"], in: folder)
    }

    @Test(.requires(.typeScript)) func theTypeScriptClientPrintsWhatSplitcAssigns() async throws {
        try Oracle.typeScript.require()
        let folder = try Self.generated("typescript")
        try FileManager.default.copyItem(
            at: Self.support.appendingPathComponent("ofrepClient.ts"), to: folder.appendingPathComponent("ofrepClient.ts"))
        let build = try CapturedProcess.run("tsc", [
            "--strict", "--noUnusedLocals", "--noUnusedParameters", "--noImplicitReturns",
            "--target", "es2020", "--module", "commonjs", "--lib", "es2020,dom", "--outDir", "out", "ofrepClient.ts",
        ], in: folder)
        #expect(build.status == 0, "\(build.stdout)\(build.stderr)")
        try await Self.check("node", [folder.appendingPathComponent("out/ofrepClient.js").path], in: folder)
    }
}
