/// Prints the typed parameters of an experiment's groups: one computed property per parameter,
/// in an extension of the `Group` enum.
struct ParameterEmitter {
    let experiment: Experiment
    /// `"public "` or `""`.
    let access: String
    /// The Swift case name of each group, escaped.
    let caseNames: [String]

    func emit(into printer: inout CodePrinter) {
        guard !experiment.parameters.isEmpty else { return }
        printer.line()
        printer.line("nonisolated extension ", experiment.swiftName, ".Group {")
        printer.indented { printer in
            for (index, parameter) in experiment.parameters.enumerated() {
                if index > 0 { printer.line() }
                emitProperty(parameter, at: index, into: &printer)
            }
        }
        printer.line("}")
    }

    private func emitProperty(_ parameter: ParameterDeclaration, at index: Int, into printer: inout CodePrinter) {
        for group in experiment.groups where index >= group.parameterValues.count {
            preconditionFailure("group \(group.name) of \(experiment.identifier) has a value for every parameter")
        }
        printer.line("/// The `", parameter.name, "` parameter of the group.")
        printer.openLine()
        printer.write(access)
        printer.write("var ")
        printer.write(SwiftNaming.escaped(SwiftNaming.lowerCamelCase(parameter.name)))
        printer.write(": ")
        printer.write(parameter.type.rawValue)
        // One value for every group needs no switch; the literal alone type-checks fastest.
        if let first = experiment.groups.first?.parameterValues[index],
            experiment.groups.allSatisfy({ $0.parameterValues[index].hasSameLiteral(as: first) })
        {
            printer.write(" { ")
            printer.writeLiteral(first)
            printer.write(" }")
            printer.closeLine()
            return
        }
        printer.write(" {")
        printer.closeLine()
        printer.indented { printer in
            // Cases sit at the level of their `switch`, as Swift style writes them.
            printer.line("switch self {")
            for (caseName, group) in zip(caseNames, experiment.groups) {
                printer.openLine()
                printer.write("case .")
                printer.write(caseName)
                printer.write(": ")
                printer.writeLiteral(group.parameterValues[index])
                printer.closeLine()
            }
            printer.line("}")
        }
        printer.line("}")
    }
}
