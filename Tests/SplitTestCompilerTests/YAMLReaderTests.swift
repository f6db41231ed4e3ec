@testable import SplitTestCompiler
import Testing

/// The reader's documents: shapes, styles, positions, documents, and the core schema.
@Suite struct YAMLReaderTests {
    static func documents(_ yaml: String, limits: CompilerLimits = .default) -> (documents: [YAMLDocument], summary: YAMLReader.Summary) {
        var documents: [YAMLDocument] = []
        var budget = limits.experiments
        let summary = YAMLReader.readDocuments(
            Array(yaml.utf8), file: DefinitionFileContext(path: "t.yaml", index: 0), limits: limits,
            documentBudget: &budget
        ) { documents.append($0) }
        return (documents, summary)
    }

    /// The pairs of a mapping node.
    static func pairs(of node: YAMLNode, in document: YAMLDocument) -> [YAMLPair] {
        guard node.kind == .mapping else { return [] }
        return (0..<node.entryCount).map { document.pair($0, of: node) }
    }

    @Test func buildsMappingsSequencesAndScalarsWithPositions() throws {
        let (documents, summary) = Self.documents("a: 1\nb:\n  - 'x'\n  - {c: d}\n")
        #expect(summary.documentCount == 1)
        #expect(!summary.log.hasErrors)
        let document = try #require(documents.first)
        let root = document.root
        #expect(root.kind == .mapping)
        #expect((root.line, root.column) == (1, 1))
        let pairs = Self.pairs(of: root, in: document)
        #expect(pairs.map { document.scalarText(of: $0.key) } == ["a", "b"])
        #expect(pairs[0].value.kind == .plainScalar)
        #expect(document.scalarText(of: pairs[0].value) == "1")
        let sequence = pairs[1].value
        #expect(sequence.kind == .sequence)
        #expect(sequence.entryCount == 2)
        #expect((sequence.line, sequence.column) == (3, 3))
        let quoted = document.item(0, of: sequence)
        #expect(quoted.kind == .quotedScalar)
        #expect(document.scalarText(of: quoted) == "x")
        let inner = document.item(1, of: sequence)
        #expect(inner.kind == .mapping)
        #expect((inner.line, inner.column) == (4, 5))
        #expect(Self.pairs(of: inner, in: document).map { document.scalarText(of: $0.value) } == ["d"])
    }

    @Test func nestedCollectionsKeepTheirOwnChildren() throws {
        let yaml = "a: [1, [2, 3], {b: [4]}]\nc: {d: 5, e: [6, 7]}\nf: 8\n"
        let document = try #require(Self.documents(yaml).documents.first)
        func render(_ node: YAMLNode) -> String {
            switch node.kind {
            case .plainScalar, .quotedScalar:
                return document.scalarText(of: node) ?? "?"
            case .sequence:
                return "[" + (0..<node.entryCount).map { render(document.item($0, of: node)) }.joined(separator: ", ") + "]"
            case .mapping:
                return "{" + Self.pairs(of: node, in: document).map { render($0.key) + ": " + render($0.value) }
                    .joined(separator: ", ") + "}"
            }
        }
        #expect(render(document.root) == "{a: [1, [2, 3], {b: [4]}], c: {d: 5, e: [6, 7]}, f: 8}")
    }

    @Test func keepsDuplicateKeysForTheParserToReport() throws {
        let document = try #require(Self.documents("a: 1\na: 2\n").documents.first)
        #expect(document.root.kind == .mapping)
        #expect(document.root.entryCount == 2)
    }

    @Test func readsEveryDocument() {
        let (documents, summary) = Self.documents("a: 1\n---\nb: 2\n---\n- c\n")
        #expect(summary.documentCount == 3)
        #expect(documents.map(\.root.line) == [1, 3, 5])
        #expect(documents.map { $0.scalarText(of: $0.children[0]) } == ["a", "b", "c"])
    }

    @Test func blockAndStrTaggedScalarsAreNotPlain() throws {
        let document = try #require(Self.documents("a: |\n  12\nb: !!str 12\nc: 12\n").documents.first)
        #expect(Self.pairs(of: document.root, in: document).map { document.scalarValue(of: $0.value) } == [
            .string("12\n"), .string("12"), .int(12),
        ])
    }

    @Test func dropsADocumentWithAnAliasButNotTheNext() {
        let (documents, summary) = Self.documents("a: &x 1\nb: *x\n---\nc: 3\n")
        #expect(documents.count == 1)
        #expect(summary.log.sorted.map(\.description) == [
            "t.yaml:1:4: error: anchors ('&x') are not supported; write each value out in full",
            "t.yaml:2:4: error: aliases ('*x') are not supported; write the value out in full",
        ])
    }

    @Test func manyAliasesAreNotExpanded() {
        let laughs = "a: &a [x, x]\nb: &b [*a, *a]\nc: &c [*b, *b]\nd: [*c, *c, *c]\n"
        let (documents, summary) = Self.documents(laughs)
        #expect(documents.isEmpty)
        // Each anchor and each alias is reported once, where it is written, and nothing else.
        let printed = summary.log.sorted.map(\.description)
        #expect(summary.log.errorCount == 10)
        #expect(printed.filter { $0.contains(": error: anchors (") }.count == 3, "\(printed)")
        #expect(printed.filter { $0.contains(": error: aliases (") }.count == 7, "\(printed)")
        #expect(printed.first == "t.yaml:1:4: error: anchors ('&a') are not supported; write each value out in full")
    }

    @Test(arguments: [
        ("", ScalarValue.null), ("~", .null), ("null", .null), ("true", .bool(true)), ("False", .bool(false)),
        ("yes", .string("yes")), ("off", .string("off")), ("12", .int(12)), ("-3", .int(-3)), ("+3", .int(3)),
        ("0x1A", .int(26)), ("0o17", .int(15)), ("1.5", .double(1.5)), (".5", .double(0.5)), ("1.", .double(1)),
        ("1e3", .double(1000)), ("-2.5E-1", .double(-0.25)), (".inf", .double(.infinity)),
        ("-.Inf", .double(-.infinity)), ("1.2.3", .string("1.2.3")), ("-", .string("-")), (".", .string(".")),
        ("1e", .string("1e")), ("2027-03-01", .string("2027-03-01")), ("0x", .string("0x")),
        ("12abc", .string("12abc")), ("99999999999999999999", .double(1e20)),
        ("9223372036854775807", .int(.max)), ("-9223372036854775808", .int(.min)),
        ("9223372036854775808", .double(9223372036854775808)), ("-0", .int(0)), ("007", .int(7)),
        ("nul", .string("nul")), ("NULL", .null), ("tRUE", .string("tRUE")), ("+.INF", .double(.infinity)),
        ("héllo", .string("héllo")),
    ])
    func resolvesPlainScalars(_ text: String, _ expected: ScalarValue) {
        #expect(CoreSchema.resolvePlain(text) == expected)
    }

    @Test func resolvesNaN() {
        guard case .double(let value) = CoreSchema.resolvePlain(".nan") else {
            Issue.record(".nan is a number")
            return
        }
        #expect(value.isNaN)
    }
}
