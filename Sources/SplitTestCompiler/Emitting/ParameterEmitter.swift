/// Prints the typed parameters of an experiment's groups, or of a multivariate experiment's
/// levels: one computed property per parameter, in an extension of the `Group` enum or of the
/// factor's enum.
///
/// Like `ExperimentEmitter`, it takes the experiment as an argument instead of storing a copy,
/// and loops by index: `enumerated()` and `zip` run unspecialised in a debug build.
struct ParameterEmitter {
    /// `"public "` or `""`.
    let access: StaticString

    /// `caseNames` are the Swift case names of the groups, escaped.
    func emit(_ experiment: Experiment, caseNames: [String], into printer: inout CodePrinter) {
        guard !experiment.parameters.isEmpty else { return }
        let groups = experiment.groups
        printer.line()
        printer.line("nonisolated extension ", experiment.swiftName, ".Group {")
        printer.indented { printer in
            emitProperties(
                experiment.parameters, of: "group", caseNames: caseNames, into: &printer
            ) { group, index in groups[group].parameterValues[index] }
        }
        printer.line("}")
    }

    /// The typed parameters of one factor's levels, in an extension of its enum `typePath`
    /// (`CheckoutPageSplitTest.Headline`); `caseNames` are the levels' Swift case names, escaped.
    func emit(
        _ factor: ExperimentFactor, typePath: String, caseNames: [String], into printer: inout CodePrinter
    ) {
        guard !factor.parameters.isEmpty else { return }
        let levels = factor.levels
        printer.line()
        printer.line("nonisolated extension ", typePath, " {")
        printer.indented { printer in
            emitProperties(
                factor.parameters, of: "level", caseNames: caseNames, into: &printer
            ) { level, index in levels[level].parameterValues[index] }
        }
        printer.line("}")
    }

    /// One computed property per parameter; `value(case, parameter)` is the value of a
    /// parameter for the case at that index.
    private func emitProperties(
        _ parameters: [ParameterDeclaration], of owner: StaticString, caseNames: [String],
        into printer: inout CodePrinter, value: (Int, Int) -> ParameterValue
    ) {
        var index = 0
        while index < parameters.count {
            if index > 0 { printer.line() }
            emitProperty(parameters[index], at: index, of: owner, caseNames: caseNames, into: &printer, value: value)
            index += 1
        }
    }

    private func emitProperty(
        _ parameter: ParameterDeclaration, at index: Int, of owner: StaticString, caseNames: [String],
        into printer: inout CodePrinter, value: (Int, Int) -> ParameterValue
    ) {
        printer.openLine()
        printer.write("/// The `")
        printer.write(parameter.name)
        printer.write("` parameter of the ")
        printer.write(owner)
        printer.write(".")
        printer.closeLine()
        printer.openLine()
        printer.write(access)
        printer.write("var ")
        printer.write(SwiftNaming.escaped(SwiftNaming.lowerCamelCase(parameter.name)))
        printer.write(": ")
        printer.write(parameter.type.rawValue)
        // One value for every case needs no switch; the literal alone type-checks fastest.
        if let first = caseNames.isEmpty ? nil : value(0, index), Self.allCases(caseNames.count, have: first, at: index, value) {
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
            var row = 0
            while row < caseNames.count {
                printer.openLine()
                printer.write("case .")
                printer.write(caseNames[row])
                printer.write(": ")
                printer.writeLiteral(value(row, index))
                printer.closeLine()
                row += 1
            }
            printer.line("}")
        }
        printer.line("}")
    }

    /// Whether the value of parameter `index` prints as `first` for each of the `count` cases.
    private static func allCases(
        _ count: Int, have first: ParameterValue, at index: Int, _ value: (Int, Int) -> ParameterValue
    ) -> Bool {
        var row = 0
        while row < count {
            if !value(row, index).hasSameLiteral(as: first) { return false }
            row += 1
        }
        return true
    }
}
