import SplitTestCompiler
import Testing

/// The Swift of a multivariate experiment: factor enums, the `Group` struct and its cells, with
/// names that are Swift keywords escaped where Swift needs it.
@Suite struct EmitterFactorialTests {
    static func generated(_ yaml: String) throws -> String {
        let result = compile([("mv.yaml", yaml)])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        return SwiftEmitter(accessLevel: .internal).emit(result, sourcePaths: ["mv.yaml"])
    }

    @Test func keywordFactorsAndLevelsAreEscapedWhereSwiftNeedsIt() throws {
        let swift = try Self.generated("""
            identifier: layout
            type: device
            factors:
              default: [plain, dark_mode]
              let: [a, b]
              inout: [c, d]
            cells: [plain+a+c, dark_mode+b+d]
            """)
        for line in [
            "enum Default: String, CaseIterable, Sendable {",
            "    case darkMode = \"dark_mode\"",
            "let `default`: Default",
            "let `let`: Let",
            "Group(.plain, .a, .c),  // plain+a+c: control, weight 1, 50.00% of enrolled units",
            "init?(`default`: Default, `let`: Let, `inout`: Inout) {",
            "$0.`default` == `default` && $0.`let` == `let` && $0.`inout` == `inout`",
            "let `default` = Default(rawValue: String(levels[0])),",
            "self.init(default: `default`, let: `let`, `inout`: `inout`)",
            "var rawValue: String { \"\\(`default`.rawValue)+\\(`let`.rawValue)+\\(`inout`.rawValue)\" }",
            "self.`default` = `default`",
            ".init(name: \"default\", levels: Default.self),",
            "control: Group(.plain, .a, .c)",
        ] {
            #expect(swift.contains(line), "missing: \(line)")
        }
    }

    @Test func aFactorNamedLevelsDoesNotShadowTheSplitName() throws {
        let swift = try Self.generated("""
            identifier: layout
            type: device
            factors:
              levels: [one, two]
              size: [s, m]
            """)
        #expect(swift.contains("let _levels = rawValue.split(separator: \"+\", omittingEmptySubsequences: false)"))
        #expect(swift.contains("let levels = Levels(rawValue: String(_levels[0])),"))
    }
}

extension EmitterFactorialTests {
    /// A thousand cells are split into literals of at most 50, which the type checker reads in
    /// milliseconds each (one literal of 1,000 took it over a second).
    @Test func manyCellsAreListedInSmallLiterals() throws {
        let levels = (0..<10).map { "l\($0)" }.joined(separator: ", ")
        let swift = try Self.generated("identifier: big\ntype: user\nfactors: { a: [\(levels)], b: [\(levels)], c: [\(levels)] }\n")
        #expect(swift.contains(
            "static let allCases: [Group] = [" + (1...20).map { "cells\($0)" }.joined(separator: ", ") + "].flatMap { $0 }"))
        let literals = swift.components(separatedBy: ": [Group] = [\n").dropFirst()
        #expect(literals.count == 20)
        for literal in literals {
            let cells = literal.components(separatedBy: "\n").prefix { !$0.hasSuffix("]") }.filter { $0.contains("Group(") }
            #expect(cells.count == 50)
        }
        #expect(swift.contains("Group(.l0, .l0, .l0),  // l0+l0+l0: control, weight 1, 0.10% of enrolled units"))
        #expect(swift.contains("Group(.l9, .l9, .l9),  // l9+l9+l9: weight 1, 0.10% of enrolled units"))
        let small = try Self.generated("identifier: small\ntype: user\nfactors: { a: [x, y], b: [p, q] }\n")
        #expect(small.contains("static let allCases: [Group] = [\n"))
        #expect(!small.contains("cells1"))
    }
}
