/// Prints `SplitTestCatalog`, the list of every generated split test type.
struct CatalogEmitter {
    /// `"public "` or `""`.
    let access: String

    /// The most types in one array literal. One literal of 1,000 types takes the type checker
    /// over 100 ms, the most any generated expression may take; literals of this size stay far below.
    static let catalogChunkSize = 200

    func emit(_ experiments: [Experiment], into printer: inout CodePrinter) {
        printer.docLines([
            "Every generated split test, in identifier order: for debug menus, and for checking",
            "assignments that arrive from elsewhere (a backend whitelist, launch arguments).",
        ])
        printer.line("nonisolated ", access, "enum SplitTestCatalog {")
        printer.indented { printer in
            printer.docLine("The type of each split test.")
            guard experiments.count > Self.catalogChunkSize else {
                Self.emitTypeList(experiments[...], declaration: "\(access)static let all", into: &printer)
                return
            }
            let chunks = stride(from: 0, to: experiments.count, by: Self.catalogChunkSize).map {
                experiments[$0..<min($0 + Self.catalogChunkSize, experiments.count)]
            }
            let parts = chunks.indices.map { "part\($0 + 1)" }
            printer.line("\(access)static let all: [any SplitTest.Type] = [\(parts.joined(separator: ", "))].flatMap { $0 }")
            for (part, chunk) in zip(parts, chunks) {
                printer.line()
                Self.emitTypeList(chunk, declaration: "private static let \(part)", into: &printer)
            }
        }
        printer.line("}")
    }

    private static func emitTypeList(
        _ experiments: ArraySlice<Experiment>, declaration: String, into printer: inout CodePrinter
    ) {
        guard !experiments.isEmpty else {
            printer.line(declaration, ": [any SplitTest.Type] = []")
            return
        }
        printer.line(declaration, ": [any SplitTest.Type] = [")
        printer.indented { printer in
            for experiment in experiments { printer.line(experiment.swiftName, ".self,") }
        }
        printer.line("]")
    }
}
