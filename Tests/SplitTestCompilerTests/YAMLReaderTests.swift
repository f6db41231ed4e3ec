@testable import SplitTestCompiler
import Testing

/// The reader's node tree: shapes, styles, positions, documents, and the core schema.
@Suite struct YAMLReaderTests {
    static func roots(_ yaml: String, limits: CompilerLimits = .default) -> (roots: [YAMLNode], summary: YAMLReader.Summary) {
        var roots: [YAMLNode] = []
        var budget = limits.experiments
        let summary = YAMLReader.readDocuments(
            Array(yaml.utf8), file: DefinitionFileContext(path: "t.yaml", index: 0), limits: limits,
            documentBudget: &budget
        ) { roots.append($0) }
        return (roots, summary)
    }

    @Test func buildsMappingsSequencesAndScalarsWithPositions() throws {
        let (roots, summary) = Self.roots("a: 1\nb:\n  - 'x'\n  - {c: d}\n")
        #expect(summary.documentCount == 1)
        #expect(!summary.log.hasErrors)
        let root = try #require(roots.first)
        guard case .mapping(let pairs) = root.content else {
            Issue.record("the root is a mapping")
            return
        }
        #expect(pairs.map { $0.key.scalarText } == ["a", "b"])
        #expect((root.line, root.column) == (1, 1))
        guard case .scalar("1", isPlain: true) = pairs[0].value.content else {
            Issue.record("'1' is a plain scalar")
            return
        }
        guard case .sequence(let items) = pairs[1].value.content else {
            Issue.record("b is a sequence")
            return
        }
        #expect((pairs[1].value.line, pairs[1].value.column) == (3, 3))
        guard case .scalar("x", isPlain: false) = items[0].content else {
            Issue.record("'x' is quoted")
            return
        }
        #expect((items[1].line, items[1].column) == (4, 5))
    }

    @Test func keepsDuplicateKeysForTheParserToReport() throws {
        let root = try #require(Self.roots("a: 1\na: 2\n").roots.first)
        guard case .mapping(let pairs) = root.content else {
            Issue.record("the root is a mapping")
            return
        }
        #expect(pairs.count == 2)
    }

    @Test func readsEveryDocument() {
        let (roots, summary) = Self.roots("a: 1\n---\nb: 2\n---\n- c\n")
        #expect(summary.documentCount == 3)
        #expect(roots.map(\.line) == [1, 3, 5])
    }

    @Test func blockAndStrTaggedScalarsAreNotPlain() throws {
        let root = try #require(Self.roots("a: |\n  12\nb: !!str 12\n").roots.first)
        guard case .mapping(let pairs) = root.content else {
            Issue.record("the root is a mapping")
            return
        }
        #expect(pairs.map { CoreSchema.value(of: $0.value) } == [.string("12\n"), .string("12")])
    }

    @Test func dropsADocumentWithAnAliasButNotTheNext() {
        let (roots, summary) = Self.roots("a: &x 1\nb: *x\n---\nc: 3\n")
        #expect(roots.count == 1)
        #expect(summary.log.sorted.map(\.description) == [
            "t.yaml:1:4: error: anchors ('&x') are not supported; write each value out in full",
            "t.yaml:2:4: error: aliases ('*x') are not supported; write the value out in full",
        ])
    }

    @Test func manyAliasesAreNotExpanded() {
        let laughs = "a: &a [x, x]\nb: &b [*a, *a]\nc: &c [*b, *b]\nd: [*c, *c, *c]\n"
        let (roots, summary) = Self.roots(laughs)
        #expect(roots.isEmpty)
        #expect(summary.log.errorCount == 10)
    }

    @Test(arguments: [
        ("", ScalarValue.null), ("~", .null), ("null", .null), ("true", .bool(true)), ("False", .bool(false)),
        ("yes", .string("yes")), ("off", .string("off")), ("12", .int(12)), ("-3", .int(-3)), ("+3", .int(3)),
        ("0x1A", .int(26)), ("0o17", .int(15)), ("1.5", .double(1.5)), (".5", .double(0.5)), ("1.", .double(1)),
        ("1e3", .double(1000)), ("-2.5E-1", .double(-0.25)), (".inf", .double(.infinity)),
        ("-.Inf", .double(-.infinity)), ("1.2.3", .string("1.2.3")), ("-", .string("-")), (".", .string(".")),
        ("1e", .string("1e")), ("2027-03-01", .string("2027-03-01")), ("0x", .string("0x")),
        ("12abc", .string("12abc")), ("99999999999999999999", .double(99999999999999999999)),
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

    @Test func suggestsCloseWordsOnly() {
        #expect(Suggestions.closest(to: "wieght", in: ["weight", "description", "params"]) == "weight")
        #expect(Suggestions.closest(to: "blu", in: ["red", "blue"]) == "blue")
        #expect(Suggestions.closest(to: "c", in: ["a", "b"]) == nil)
        #expect(Suggestions.closest(to: "colour_scheme", in: ["identifier", "traffic"]) == nil)
        #expect(Suggestions.editDistance(Array("kitten".unicodeScalars), Array("sitting".unicodeScalars)) == 3)
    }
}
