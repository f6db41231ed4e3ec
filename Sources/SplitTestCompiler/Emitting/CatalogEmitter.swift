/// Prints `SplitTestCatalog`, the list of every generated split test type.
struct CatalogEmitter {
    /// `"public "` or `""`.
    let access: StaticString

    /// The most types in one array literal. One literal of 1,000 types takes the type checker
    /// over 100 ms, the most any generated expression may take; literals of this size stay far below.
    static let catalogChunkSize = 200

    func emit(_ experiments: [Experiment], into printer: inout CodePrinter) {
        printer.docLine("Every generated split test, in identifier order: for debug menus, and for checking")
        printer.docLine("assignments that arrive from elsewhere (a backend whitelist, launch arguments).")
        printer.line("nonisolated ", access, "enum SplitTestCatalog {")
        printer.indented { printer in
            printer.docLine("The type of each split test.")
            printer.openLine()
            printer.write(access)
            guard experiments.count > Self.catalogChunkSize else {
                printer.write("static let all")
                Self.finishTypeList(experiments[...], into: &printer)
                return
            }
            printer.writeChunkedArray(
                name: "all", type: "[any SplitTest.Type]", partName: "part", count: experiments.count,
                chunkSize: Self.catalogChunkSize
            ) { types, printer in
                Self.finishTypeList(experiments[types], into: &printer)
            }
        }
        printer.line("}")
    }

    /// Ends the line that `openLine` started with a declaration's name: its type, and the list.
    private static func finishTypeList(_ experiments: ArraySlice<Experiment>, into printer: inout CodePrinter) {
        guard !experiments.isEmpty else {
            printer.write(": [any SplitTest.Type] = []")
            printer.closeLine()
            return
        }
        printer.write(": [any SplitTest.Type] = [")
        printer.closeLine()
        printer.indented { printer in
            // Through the buffer, whose elements are borrowed in place: iterating the slice, or
            // its subscript, copies each whole `Experiment`, a retain and a release per field.
            experiments.withUnsafeBufferPointer { experiments in
                for index in experiments.indices {
                    printer.openLine()
                    printer.write(experiments[index].swiftName)
                    printer.write(".self,")
                    printer.closeLine()
                }
            }
        }
        printer.line("]")
    }
}
