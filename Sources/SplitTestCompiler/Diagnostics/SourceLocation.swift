/// A place in a definition file: the path as it is reported, and a 1-based line and column.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file's path as diagnostics print it (the path the compiler was given).
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, counted in Unicode scalars as libyaml counts them.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, the prefix SwiftPM and Xcode attach to a file.
    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
