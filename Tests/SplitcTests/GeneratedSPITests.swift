import Foundation
import TestTools
import Testing

/// What only generated code calls stays out of an app's sight: a plain `import SplitTesting`
/// does not see the bucket table, holdouts, layers or the definition initializers, while the
/// `@_spi(Generated)` import that the generated file writes does. Each case type-checks a small
/// file against the runtime module this build produced, as a consumer package compiles it
/// (without this package's name, so `package` declarations are hidden too).
@Suite struct GeneratedSPITests {
    /// Declarations a plain import must not see, each with the name the compiler's error gives.
    static let hidden: [(name: String, source: String)] = [
        ("BucketTable", "let table = BucketTable(upperBounds: [5000, 10_000])"),
        ("SplitTestHoldout", #"let holdout = SplitTestHoldout(name: "q1_holdout", unitType: .device, buckets: 500)"#),
        ("SplitTestLayer", #"let layer = SplitTestLayer(name: "checkout", buckets: 0..<5000)"#),
        // The attribute values by name: an app sets attributes through the generated typed struct.
        ("SplitTestAttributeValues", #"let values = SplitTestAttributeValues(["plan": .string("pro")])"#),
        ("SplitTestVersion", #"let version = SplitTestVersion("5.2")"#),
        // The store classes: an app names a store by its factory on `AssignmentStore`.
        ("InMemoryAssignmentStore", "let store = InMemoryAssignmentStore()"),
        ("FileAssignmentStore", #"let store = FileAssignmentStore(fileURL: URL(fileURLWithPath: "/tmp/s.json"))"#),
        ("UserDefaultsAssignmentStore", #"let store = UserDefaultsAssignmentStore(suiteName: "s")"#),
    ]

    /// What an app writes instead: the stores by factory, and the service's `flush()` to wait
    /// for their writes, from a plain import.
    @Test func aPlainImportNamesTheStoresByFactory() throws {
        let outcome = try Self.typecheck("""
            import Foundation
            import SplitTesting
            let file = SplitTestingService.Configuration(store: .file(at: URL(fileURLWithPath: "/tmp/s.json"), report: { _ in }))
            let defaults = SplitTestingService.Configuration(store: .userDefaults(.standard))
            let memory = SplitTestingService.Configuration(store: .inMemory)
            let store: BuiltInAssignmentStore = .inMemory
            let flush: () -> Void = SplitTestingService(configuration: .init(store: store)).flush

            """)
        #expect(outcome.status == 0, "\(outcome.stderr)")
    }

    @Test(arguments: hidden.map(\.name))
    func aPlainImportDoesNotSee(name: String) throws {
        let source = try #require(Self.hidden.first { $0.name == name }).source
        let outcome = try Self.typecheck("import Foundation\nimport SplitTesting\n\(source)\n")
        #expect(outcome.status != 0, "\(name) type-checks from a plain import")
        #expect(outcome.stderr.contains("'\(name)'"), "the error names \(name): \(outcome.stderr)")
    }

    @Test func aPlainImportDoesNotSeeTheDefinitionInitializer() throws {
        let outcome = try Self.typecheck("""
            import SplitTesting
            enum Colour: String, SplitTestGroup { case red, blue }
            let definition = SplitTestDefinition(
                identifier: "colour", groups: Colour.self, unitType: .device, salt: "colour",
                bucketUpperBounds: [5000, 10_000], control: .red)

            """)
        #expect(outcome.status != 0, "the definition initializer type-checks from a plain import")
        #expect(outcome.stderr.contains("@_spi") || outcome.stderr.contains("inaccessible"), "\(outcome.stderr)")
    }

    /// The control: the same declarations type-check with the import the generated file writes,
    /// so the failures above come from the SPI, not from the set-up.
    @Test func theGeneratedImportSeesThem() throws {
        let outcome = try Self.typecheck("""
            @_spi(Generated) import SplitTesting
            enum Colour: String, SplitTestGroup { case red, blue }
            let holdout = SplitTestHoldout(name: "q1_holdout", unitType: .device, buckets: 500)
            let layer = SplitTestLayer(name: "checkout", buckets: 0..<5000)
            let definition = SplitTestDefinition(
                identifier: "colour", groups: Colour.self, unitType: .device, salt: "colour",
                bucketUpperBounds: [5000, 10_000], control: .red, layer: layer, holdout: holdout)
            let identifier: String = definition.identifier

            """)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.isEmpty, "no warning: \(outcome.stderr)")
    }

    /// Type-checks `source` as a file of another module, against the modules of this build.
    static func typecheck(_ source: String) throws -> CapturedProcess.Outcome {
        let swiftc = try #require(Oracle.onPath(["swiftc"]), "swiftc, of the toolchain that runs the tests, is on PATH")
        let modules = CapturedProcess.builtProduct("splitc").deletingLastPathComponent().appendingPathComponent("Modules")
        #expect(FileManager.default.fileExists(atPath: modules.appendingPathComponent("SplitTesting.swiftmodule").path))
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("generated-spi-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Consumer.swift")
        try Data(source.utf8).write(to: file)
        return try CapturedProcess.run(
            URL(fileURLWithPath: swiftc),
            ["-typecheck", "-swift-version", "6", "-module-name", "Consumer", "-I", modules.path, file.path])
    }
}
