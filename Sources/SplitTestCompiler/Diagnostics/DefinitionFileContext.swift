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

    /// The location of a byte offset in the file's `bytes`, counting Unicode scalars as libyaml's
    /// marks do; for the rare errors that libyaml reports as an offset.
    func location(ofByteOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation {
        var line = 1
        var column = 1
        for byte in bytes.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return location(line: line, column: column)
    }
}
