extension CodePrinter {
    /// A long array literal split into parts, since the type checker's time grows faster than a
    /// literal: on the line `openLine` started, `static let name: type = [part1, part2, …].flatMap { $0 }`,
    /// then for each part a blank line and `private static let partN` begun on its own line,
    /// which `writePart` finishes with the elements of its range (at most `chunkSize` of `count`).
    mutating func writeChunkedArray(
        name: StaticString, type: StaticString, partName: StaticString, count: Int, chunkSize: Int,
        writePart: (Range<Int>, inout CodePrinter) -> Void
    ) {
        let parts = (count + chunkSize - 1) / chunkSize
        write("static let ")
        write(name)
        write(": ")
        write(type)
        write(" = [")
        for part in 1...parts {
            if part > 1 { write(", ") }
            write(partName)
            writeDecimal(part)
        }
        write("].flatMap { $0 }")
        closeLine()
        for part in 1...parts {
            let start = (part - 1) * chunkSize
            line()
            openLine()
            write("private static let ")
            write(partName)
            writeDecimal(part)
            writePart(start..<min(start + chunkSize, count), &self)
        }
    }
}
