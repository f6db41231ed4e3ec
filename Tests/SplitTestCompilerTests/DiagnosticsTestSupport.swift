import SplitTestCompiler
import Testing

/// The day the tests compile on, so that `expires` warnings do not depend on the clock.
let testToday = CalendarDate(year: 2026, month: 11, day: 22)

/// Compiles in-memory files, each a (path, YAML text) pair, in the given order.
func compile(
    _ files: [(path: String, yaml: String)], today: CalendarDate = testToday,
    limits: CompilerLimits = .default
) -> CompilationResult {
    DefinitionCompiler.compile(
        files.map { SourceFile(path: $0.path, contents: Array($0.yaml.utf8)) }, today: today, limits: limits)
}

/// The printed diagnostics of compiling one file, `bad.yaml` unless named.
func diagnostics(_ yaml: String, path: String = "bad.yaml", limits: CompilerLimits = .default) -> [String] {
    compile([(path, yaml)], limits: limits).diagnostics.map(\.description)
}

/// A valid experiment with two groups, to which a test adds or changes lines.
func experiment(_ identifier: String = "button_color", extra: String = "") -> String {
    """
    identifier: \(identifier)
    type: device
    groups: [red, blue]
    \(extra)
    """
}

/// One bad definition and exactly what the compiler must print about it.
struct DiagnosticCase: Sendable, CustomTestStringConvertible {
    var name: String
    var yaml: String
    var expected: [String]

    init(_ name: String, _ yaml: String, _ expected: String...) {
        self.name = name
        self.yaml = yaml
        self.expected = expected
    }

    var testDescription: String { name }

    /// Compiles the case as `bad.yaml` and checks every printed line, and that an experiment with
    /// an error is not among the results.
    func check(sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let result = compile([("bad.yaml", yaml)])
        #expect(result.diagnostics.map(\.description) == expected, sourceLocation: sourceLocation)
        if expected.contains(where: { $0.contains(": error: ") }) {
            #expect(result.hasErrors, sourceLocation: sourceLocation)
            #expect(result.experiments.isEmpty, sourceLocation: sourceLocation)
        }
    }
}
