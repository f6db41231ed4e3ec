import SplitTestCompiler
import SplitTestFormats

/// Prints diagnostics in the two forms every command uses: lines for people, JSON for tools.
package enum DiagnosticPrinter {
    /// One `path:line:column: severity: message` line per diagnostic on standard error, the form
    /// SwiftPM and Xcode attach to the file.
    package static func printText(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            Console.error(diagnostic.description)
        }
    }

    /// A JSON array of `{file, line, column, severity, message}` on standard output.
    package static func printJSON(_ diagnostics: [Diagnostic]) throws {
        let records = diagnostics.map {
            Record(
                file: $0.location.file, line: $0.location.line, column: $0.location.column,
                severity: $0.severity.rawValue, message: $0.message)
        }
        try JSONOutput.print(records)
    }

    private struct Record: Encodable {
        var file: String
        var line: Int
        var column: Int
        var severity: String
        var message: String
    }
}

/// Deterministic JSON on standard output: pretty-printed as Foundation's `JSONEncoder` wrote it
/// (`"name" : value`, names sorted by their UTF-8 bytes, slashes unescaped).
package enum JSONOutput {
    /// Prints `value` as JSON and a newline; an empty array as `[]` on one line.
    package static func print(_ value: some Encodable) throws {
        let json = try JSONValue(encoding: value)
        if case .array(let items) = json, items.isEmpty {
            Console.output("[]")
            return
        }
        Console.output(json.text(style: .foundationPretty))
    }
}
