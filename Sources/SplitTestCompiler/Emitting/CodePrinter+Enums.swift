extension CodePrinter {
    /// `enum <name>: String, Sendable, Hashable, CaseIterable` with a case per value (its raw value
    /// the value, its name the value's lower camel case): the enum of an attribute's or an event
    /// property's `values`. `nonisolated`, so that it compiles in a target isolated to the main
    /// actor by default.
    mutating func printStringEnum(_ name: String, values: [String], access: StaticString) {
        openLine()
        write("nonisolated ")
        write(access)
        write("enum ")
        write(name)
        write(": String, Sendable, Hashable, CaseIterable {")
        closeLine()
        indented { printer in
            for value in values {
                let caseName = SwiftNaming.lowerCamelCase(value)
                printer.openLine()
                printer.write("case ")
                printer.write(SwiftNaming.escaped(caseName))
                if caseName != value {
                    printer.write(" = ")
                    printer.writeStringLiteral(value)
                }
                printer.closeLine()
            }
        }
        line("}")
    }
}
