/// Prints the typed parameters of an experiment's groups: one computed property per parameter,
/// in an extension of the `Group` enum.
///
/// Like `ExperimentEmitter`, it takes the experiment as an argument instead of storing a copy,
/// and loops by index: `enumerated()` and `zip` run unspecialised in a debug build.
struct ParameterEmitter {
    /// `"public "` or `""`.
    let access: StaticString

    /// `caseNames` are the Swift case names of the groups, escaped.
    func emit(_ experiment: Experiment, caseNames: [String], into printer: inout CodePrinter) {
        guard !experiment.parameters.isEmpty else { return }
        printer.line()
        printer.line("nonisolated extension ", experiment.swiftName, ".Group {")
        printer.indented { printer in
            var index = 0
            while index < experiment.parameters.count {
                if index > 0 { printer.line() }
                emitProperty(at: index, of: experiment, caseNames: caseNames, into: &printer)
                index += 1
            }
        }
        printer.line("}")
    }

    private func emitProperty(
        at index: Int, of experiment: Experiment, caseNames: [String], into printer: inout CodePrinter
    ) {
        let parameter = experiment.parameters[index]
        let groups = experiment.groups
        var group = 0
        while group < groups.count {
            precondition(
                index < groups[group].parameterValues.count,
                "group \(experiment.groupNames[group]) of \(experiment.identifier) has a value for every parameter")
            group += 1
        }
        printer.line("/// The `", parameter.name, "` parameter of the group.")
        printer.openLine()
        printer.write(access)
        printer.write("var ")
        printer.write(SwiftNaming.escaped(SwiftNaming.lowerCamelCase(parameter.name)))
        printer.write(": ")
        printer.write(parameter.type.rawValue)
        // One value for every group needs no switch; the literal alone type-checks fastest.
        if let first = groups.first?.parameterValues[index], Self.allGroups(groups, have: first, at: index) {
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
            var group = 0
            while group < groups.count {
                printer.openLine()
                printer.write("case .")
                printer.write(caseNames[group])
                printer.write(": ")
                printer.writeLiteral(groups[group].parameterValues[index])
                printer.closeLine()
                group += 1
            }
            printer.line("}")
        }
        printer.line("}")
    }

    /// Whether the value of parameter `index` prints as `value` in every group.
    private static func allGroups(_ groups: [ExperimentGroup], have value: ParameterValue, at index: Int) -> Bool {
        var group = 0
        while group < groups.count {
            if !groups[group].parameterValues[index].hasSameLiteral(as: value) { return false }
            group += 1
        }
        return true
    }
}
