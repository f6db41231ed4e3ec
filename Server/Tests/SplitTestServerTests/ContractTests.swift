import Foundation
import Testing
@_spi(Tools) import SplitTestServiceBodies
@_spi(Generated) @_spi(Tools) import SplitTesting
@_spi(Tools) @testable import SplitTestServer

/// The HTTP contract: `openapi.yaml` is the document generated from the Swift code, every route
/// the service answers is in it, and the service serves it for its definitions. Run with
/// `SPLITTEST_UPDATE_GOLDEN=1` to write the generated document over the committed one.
@Suite struct ContractTests {
    static let committed = Paths.package.appendingPathComponent("openapi.yaml")

    @Test func theCommittedDocumentIsTheGeneratedOne() throws {
        let generated = ServiceContract.openAPIDocument()
        if ProcessInfo.processInfo.environment["SPLITTEST_UPDATE_GOLDEN"] == "1" {
            try generated.write(to: Self.committed, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: Self.committed, encoding: .utf8)
        #expect(
            committed == generated,
            "Server/openapi.yaml is not the document the code generates: run SPLITTEST_UPDATE_GOLDEN=1 swift test --package-path Server --filter ContractTests")
    }

    @Test func everyReasonIsInTheDocument() throws {
        let line = try #require(Self.enumLines(in: try String(contentsOf: Self.committed, encoding: .utf8), containing: "bucketed"))
        for reason in AssignmentReason.allCases {
            #expect(line.contains(reason.rawValue), "\(reason) is not in the document's reasons")
        }
    }

    /// The items of the block sequence that holds `word`, joined, for an enum written one item a line.
    static func enumLines(in document: String, containing word: String) -> String? {
        let lines = document.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let index = lines.firstIndex(where: { $0.hasSuffix("- \(word)") }) else { return nil }
        let indent = lines[index].prefix { $0 == " " }
        var start = index
        while start > 0, lines[start - 1].hasPrefix(indent + "- ") { start -= 1 }
        var end = index
        while end + 1 < lines.count, lines[end + 1].hasPrefix(indent + "- ") { end += 1 }
        return lines[start...end].joined(separator: " ")
    }

    @Test func theServiceServesTheDocumentOfItsDefinitions() async throws {
        let folder = try Paths.temporaryFolder()
        let server = try await ServerProcess.start(database: folder.appendingPathComponent("db.sqlite").path)
        defer { server.stop() }
        let answer = try await server.request("GET", "/openapi.yaml")
        #expect(answer.status == 200)
        let served = answer.body
        let definitions = try ServedDefinitions.load(definitions: [Paths.definitions], control: nil, publicKey: nil)
        #expect(served == definitions.openAPIDocument)
        // The experiments served and the attributes declared are listed; the generic document lists neither.
        for experiment in ["banner_style", "checkout_button", "plan_offer", "tutorial_length", "days_since_install"] {
            #expect(served.contains(experiment), "\(experiment)")
            #expect(!ServiceContract.openAPIDocument().contains(experiment), "\(experiment)")
        }
        // The declared event is one more kind of event, with its properties' types.
        #expect(served.contains("const: purchase"))
        #expect(!ServiceContract.openAPIDocument().contains("const: purchase"))
    }

    /// The service answers on exactly the contract's paths with exactly the contract's methods:
    /// a method no route takes gets `405` whose `Allow` (from the routes the server added) lists
    /// the contract's methods of that path, `HEAD` beside each `GET`.
    @Test func theRoutesAreTheContracts() async throws {
        let folder = try Paths.temporaryFolder()
        let server = try await ServerProcess.start(database: folder.appendingPathComponent("db.sqlite").path)
        defer { server.stop() }
        for path in Set(ServiceContract.routes.map(\.path)) {
            let concrete = path.replacingOccurrences(of: "{unit}", with: "device-1")
                .replacingOccurrences(of: "{key}", with: "banner_style")
            let answer = try await server.request("PATCH", concrete)
            #expect(answer.status == 405, "PATCH \(concrete)")
            let allowed = (answer.headers["allow"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let contract = ServiceContract.allowedMethods(forPath: path).flatMap { $0 == "GET" ? ["GET", "HEAD"] : [$0] }
            #expect(Set(allowed) == Set(contract), "\(path): Allow \(allowed), the contract \(contract)")
        }
        // A path outside the contract is not the API's.
        #expect(try await server.request("GET", "/v2/assignments").status == 404)
    }

    /// The schema of a declared event says exactly what the reader accepts: each property of its
    /// type, the units and the groups beside them, nothing else.
    @Test func aDeclaredEventsSchemaListsItsPropertiesTypes() throws {
        let document = ServiceContract.openAPIDocument(for: ServiceContract.Definitions(
            experiments: ["checkout_button"], attributeKinds: SplitTestAttributeKind.table(declared: []),
            events: [SplitTestEventDeclaration(name: "purchase", properties: [
                .init(name: "revenue", type: .double), .init(name: "currency", type: .values(["usd", "eur"])),
                .init(name: "items", type: .int), .init(name: "gift", type: .bool), .init(name: "note", type: .string),
            ])]))
        let start = try #require(document.range(of: "const: purchase"))
        let kind = String(document[start.upperBound...].prefix(2_000))
        for expected in [
            "required:\n", "- revenue\n", "- currency\n", "- items\n", "- gift\n", "- note\n",
            "revenue:\n", "type: number", "enum:\n", "- usd\n", "- eur\n", "type: integer", "maximum: 9007199254740991",
            "type: boolean", "propertyNames:", "pattern: ^split_test-", "additionalProperties:\n",
        ] {
            #expect(kind.contains(expected), "the kind of purchase has \(expected): \(kind)")
        }
    }
}
