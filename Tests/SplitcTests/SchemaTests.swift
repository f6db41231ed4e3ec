import Foundation
import Testing

@Suite struct SchemaTests {
    @Test func printsAJSONSchemaObject() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }

        let outcome = try folder.splitc("schema")

        #expect(outcome.status == 0)
        // The schema the compiler's tests hold to, as committed (the trailing newlines aside).
        let committed = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("SplitTestCompilerTests/Golden/DefinitionSchema.json"),
            encoding: .utf8)
        #expect(outcome.stdout.trimmingCharacters(in: .newlines) == committed.trimmingCharacters(in: .newlines))
        let schema = try #require(try outcome.json() as? [String: Any])
        #expect((schema["$schema"] as? String)?.contains("json-schema.org") == true)
        let definitions = try #require(schema["$defs"] as? [String: Any])
        let experiment = try #require(definitions["experiment"] as? [String: Any])
        let properties = try #require(experiment["properties"] as? [String: Any])
        #expect(properties["identifier"] != nil)
        #expect(properties["groups"] != nil)
        #expect(properties["targeting"] != nil)
        #expect(definitions["attributesDocument"] != nil && definitions["holdoutDocument"] != nil)
    }
}
