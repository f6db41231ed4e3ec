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
