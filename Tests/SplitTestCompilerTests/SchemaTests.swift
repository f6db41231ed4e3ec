import Foundation
import Testing
import TestTools
@testable import SplitTestCompiler

@Suite struct SchemaTests {
    /// The schema is the committed `Golden/DefinitionSchema.json` byte for byte, so that a change
    /// to what editors are told (a key, a description, the order or the layout) shows in review;
    /// `SPLITTEST_UPDATE_GOLDEN=1 swift test --filter SchemaTests` rewrites the file.
    @Test func schemaIsStablePrettyJSON() throws {
        let json = DefinitionSchema.json
        if ProcessInfo.processInfo.environment["SPLITTEST_UPDATE_GOLDEN"] == "1" {
            try Data(json.utf8).write(to: GoldenFiles.definitionSchema)
        }
        let committed = try String(contentsOf: GoldenFiles.definitionSchema, encoding: .utf8)
        if let difference = GoldenDiff.describe(expected: committed, actual: json) {
            Issue.record("""
                \(difference)
                If the change is intended, run `SPLITTEST_UPDATE_GOLDEN=1 swift test --filter SchemaTests` \
                and review the schema's diff.
                """)
        }
        #expect(json.hasSuffix("}\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        let definitions = try #require(object["$defs"] as? [String: Any])
        let experiment = try #require(definitions["experiment"] as? [String: Any])
        #expect(experiment["additionalProperties"] as? Bool == false)
        // `groups`, or `factors` for a multivariate experiment: required through a rule of `allOf`.
        #expect(experiment["required"] as? [String] == ["identifier", "type"])
        let properties = try #require(experiment["properties"] as? [String: Any])
        #expect(Set(properties.keys) == [
            "identifier", "type", "description", "owner", "groups", "defaults", "control", "salt",
            "traffic", "layer", "status", "winner", "force", "expires", "swift_name", "targeting",
            "factors", "cells", "weights", "allocation", "requires", "schedule", "environments", "metrics",
        ])
        for (key, value) in properties {
            let description = (value as? [String: Any])?["description"] as? String
            #expect(description?.isEmpty == false, "\(key) has a description for editors")
        }
    }

    /// Runs the committed Python check with the real `jsonschema` and `yaml` packages: every
    /// example definition and good fixture is accepted, every bad fixture rejected where it says.
    @Test(.requires(.jsonSchema)) func acceptsEveryExampleAndRejectsEveryBadFixture() throws {
        try Oracle.jsonSchema.require()
        let schemaFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("splittest-schema-\(UUID().uuidString).json")
        try Data(DefinitionSchema.json.utf8).write(to: schemaFile)
        defer { try? FileManager.default.removeItem(at: schemaFile) }

        let outcome: CapturedProcess.Outcome
        do {
            outcome = try CapturedProcess.run("python3", [
                GoldenFiles.schemaFixtures.appendingPathComponent("check_schema.py").path,
                schemaFile.path, GoldenFiles.schemaFixtures.appendingPathComponent("bad").path,
                GoldenFiles.experiments.path, GoldenFiles.schemaFixtures.appendingPathComponent("good").path,
            ])
        } catch {
            Issue.record("cannot run python3 (\(error)): install Python 3 with `python3 -m pip install jsonschema pyyaml`")
            return
        }
        let text = outcome.stdout + outcome.stderr
        let hint = outcome.status == 127
            ? "python3 is not on PATH: install Python 3 with `python3 -m pip install jsonschema pyyaml`\n" : ""
        #expect(outcome.status == 0, "\(hint)\(text)")
        #expect(text.contains(" bad documents rejected, 0 failures"), "\(text)")
    }

    /// The schema and the compiler must agree: what the schema rejects the compiler rejects too,
    /// so that an editor never flags a definition that builds, nor passes one that does not.
    @Test func fixturesAgreeWithTheCompiler() throws {
        for (folder, expectErrors) in [("good", false), ("bad", true)] {
            let paths = try GoldenFiles.definitionPaths(under: GoldenFiles.schemaFixtures.appendingPathComponent(folder))
            #expect(!paths.isEmpty)
            for path in paths {
                let contents = try Data(contentsOf: GoldenFiles.repositoryRoot.appendingPathComponent(path))
                let result = DefinitionCompiler.compile(
                    [SourceFile(path: path, contents: Array(contents))], today: GoldenTests.today)
                #expect(result.hasErrors == expectErrors, "\(path): \(result.diagnostics.map(\.description))")
            }
        }
    }
}
