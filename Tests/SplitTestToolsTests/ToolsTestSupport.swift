import SplitTestCompiler

/// Compiles in-memory files, each a (path, YAML text) pair, in the given order, on a fixed day so
/// that `expires` warnings do not depend on the clock.
func compile(_ files: [(path: String, yaml: String)]) -> CompilationResult {
    DefinitionCompiler.compile(
        files.map { SourceFile(path: $0.path, contents: Array($0.yaml.utf8)) },
        today: CalendarDate(year: 2026, month: 11, day: 22))
}
