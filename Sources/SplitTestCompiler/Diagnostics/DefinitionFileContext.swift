/// The file that a stage of the compiler is reading, so that it can locate what it reports.
struct DefinitionFileContext: Sendable {
    /// The path diagnostics print.
    var path: String
    /// The file's position among the inputs, which orders diagnostics.
    var index: Int

    /// The location of `node`.
    func location(of node: YAMLNode) -> SourceLocation {
        SourceLocation(file: path, line: node.line, column: node.column)
    }

    /// A 1-based location in the file.
    func location(line: Int, column: Int) -> SourceLocation {
        SourceLocation(file: path, line: line, column: column)
    }
}
