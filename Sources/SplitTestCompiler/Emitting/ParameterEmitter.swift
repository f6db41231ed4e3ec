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
        printer.block("nonisolated extension \(experiment.swiftName).Group") { printer in
            for (index, parameter) in experiment.parameters.enumerated() {
                if index > 0 { printer.line() }
                emitProperty(parameter, at: index, into: &printer)
            }
        }
    }

    private func emitProperty(_ parameter: ParameterDeclaration, at index: Int, into printer: inout CodePrinter) {
        let literals = experiment.groups.map { group in
            guard index < group.parameterValues.count else {
                preconditionFailure("group \(group.name) of \(experiment.identifier) has a value for every parameter")
            }
            return SwiftLiteral.value(group.parameterValues[index])
        }
        printer.docLines(["The `\(parameter.name)` parameter of the group."])
        let declaration = "\(access)var \(SwiftNaming.escaped(SwiftNaming.lowerCamelCase(parameter.name))): \(parameter.type.rawValue)"
        // One value for every group needs no switch; the literal alone type-checks fastest.
        if let first = literals.first, literals.allSatisfy({ $0 == first }) {
            printer.line("\(declaration) { \(first) }")
            return
        }
        printer.block(declaration) { printer in
            // Cases sit at the level of their `switch`, as Swift style writes them.
            printer.line("switch self {")
            for (caseName, literal) in zip(caseNames, literals) {
                printer.line("case .\(caseName): \(literal)")
            }
            printer.line("}")
        }
    }
}
