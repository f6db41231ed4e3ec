@testable import SplitTestCompiler
import Testing

/// The table of a mapping's fixed keys holds any number of keys: a key set grows (the next key of
/// an experiment, say) without a change to the table.
@Suite struct FixedKeysTests {
    /// Forty keys, more than the sixteen held inline.
    enum ManyKey: Int, FixedKey, CaseIterable {
        case k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11, k12, k13, k14, k15, k16, k17, k18, k19
        case k20, k21, k22, k23, k24, k25, k26, k27, k28, k29, k30, k31, k32, k33, k34, k35, k36, k37, k38, k39

        static let names = allCases.map { "k\($0.rawValue)" }
    }

    /// The entries of the one document `yaml` holds, and the parser's diagnostics.
    static func entries(_ yaml: String) throws -> (values: [ManyKey: String], diagnostics: [String]) {
        let (documents, _) = YAMLReaderTests.documents(yaml)
        let document = try #require(documents.first)
        var diagnostics = DiagnosticLog(limitPerFile: 100)
        var parser = ExperimentParser(
            document: document, file: DefinitionFileContext(path: "t.yaml", index: 0), displayPath: "t.yaml",
            limits: .default, today: CalendarDate(year: 2026, month: 11, day: 22), log: diagnostics)
        let entries = parser.entries(of: document.root, keys: ManyKey.self)
        diagnostics.merge(parser.log.diagnostics)
        var values: [ManyKey: String] = [:]
        for key in ManyKey.allCases {
            if let pair = entries[key] { values[key] = document.scalarText(of: pair.value) }
        }
        return (values, diagnostics.sorted.map(\.description))
    }

    @Test func keysPastTheSixteenthAreFoundLikeTheFirst() throws {
        let (values, diagnostics) = try Self.entries("k39: last\nk0: first\nk16: seventeenth\nk15: sixteenth\nk31: x\n")
        #expect(diagnostics.isEmpty)
        #expect(values == [.k39: "last", .k0: "first", .k16: "seventeenth", .k15: "sixteenth", .k31: "x"])
    }

    @Test func aDuplicateKeyPastTheSixteenthIsReportedAtBothPlaces() throws {
        let (values, diagnostics) = try Self.entries("k20: a\nk1: b\nk20: c\nk40: d\n")
        #expect(values == [.k20: "a", .k1: "b"])
        #expect(diagnostics == [
            "t.yaml:3:1: error: duplicate key 'k20'",
            "t.yaml:1:1: note: 'k20' is first defined here",
            "t.yaml:4:1: error: unknown key 'k40'; did you mean 'k0'?",
        ])
    }
}
