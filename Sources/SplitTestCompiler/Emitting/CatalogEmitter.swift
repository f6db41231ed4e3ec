/// Prints `SplitTestCatalog`, the list of every generated split test type.
struct CatalogEmitter {
    /// `"public "` or `""`.
    let access: String

    /// The most types in one array literal. One literal of 1,000 types takes the type checker
    /// over 100 ms, the most any generated expression may take; literals of this size stay far below.
    static let catalogChunkSize = 200

    func emit(_ experiments: [Experiment], into printer: inout CodePrinter) {
        let typeNames = experiments.map { $0.swiftName + ".self" }
        printer.docLines([
            "Every generated split test, in identifier order: for debug menus, and for checking",
            "assignments that arrive from elsewhere (a backend whitelist, launch arguments).",
        ])
        printer.block("nonisolated \(access)enum SplitTestCatalog") { printer in
            printer.docLines(["The type of each split test."])
            guard typeNames.count > Self.catalogChunkSize else {
                Self.emitTypeList(typeNames, declaration: "\(access)static let all", into: &printer)
                return
            }
            let chunks = stride(from: 0, to: typeNames.count, by: Self.catalogChunkSize).map {
                typeNames[$0..<min($0 + Self.catalogChunkSize, typeNames.count)]
            }
            let parts = chunks.indices.map { "part\($0 + 1)" }
            printer.line("\(access)static let all: [any SplitTest.Type] = [\(parts.joined(separator: ", "))].flatMap { $0 }")
            for (part, chunk) in zip(parts, chunks) {
                printer.line()
                Self.emitTypeList(Array(chunk), declaration: "private static let \(part)", into: &printer)
            }
        }
    }

    private static func emitTypeList(_ typeNames: [String], declaration: String, into printer: inout CodePrinter) {
        guard !typeNames.isEmpty else {
            printer.line("\(declaration): [any SplitTest.Type] = []")
            return
        }
        printer.line("\(declaration): [any SplitTest.Type] = [")
        printer.indented { printer in
            for typeName in typeNames { printer.line(typeName + ",") }
        }
        printer.line("]")
    }
}
