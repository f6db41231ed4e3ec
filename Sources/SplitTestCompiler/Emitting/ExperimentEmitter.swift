import SplitTesting

/// Prints one experiment: its `SplitTest` struct, its `Group` enum and the typed parameters.
struct ExperimentEmitter {
    let experiment: Experiment
    /// `"public "` or `""`.
    let access: String
    /// The Swift case name of each group, escaped where it is a keyword (`darkGray`, `` `default` ``).
    let caseNames: [String]

    /// Whether each group's Swift name differs from its YAML name, so that the case needs a raw value.
    private let needsRawValue: [Bool]

    init(experiment: Experiment, access: String) {
        self.experiment = experiment
        self.access = access
        let swiftNames = experiment.groups.map { SwiftNaming.lowerCamelCase($0.name) }
        caseNames = swiftNames.map(SwiftNaming.escaped)
        needsRawValue = zip(swiftNames, experiment.groups).map { $0 != $1.name }
    }

    func emit(into printer: inout CodePrinter) {
        printer.docLines(typeDocumentation)
        printer.block("nonisolated \(access)struct \(experiment.swiftName): SplitTest") { printer in
            emitGroupEnum(into: &printer)
            printer.line()
            printer.docLines(["The experiment's identifier, as written in its definition."])
            printer.line("\(access)static let identifier: String = \(SwiftLiteral.string(experiment.identifier))")
            printer.line()
            printer.docLines(["How units are assigned, compiled from the definition."])
            printer.line("\(access)static let definition = SplitTestDefinition<Group>(")
            printer.indented { printer in
                let arguments = definitionArguments
                for (index, argument) in arguments.enumerated() {
                    printer.line(argument + (index == arguments.count - 1 ? "" : ","))
                }
            }
            printer.line(")")
            printer.line()
            printer.docLines(["The resolution this value stands for."])
            printer.line("\(access)let assignment: SplitTestAssignment<Group>")
            printer.line()
            printer.docLines(["Wraps a resolution; the service calls this."])
            printer.block("\(access)init(assignment: SplitTestAssignment<Group>)") { printer in
                printer.line("self.assignment = assignment")
            }
        }
        ParameterEmitter(experiment: experiment, access: access, caseNames: caseNames).emit(into: &printer)
    }

    /// The description, then who owns it, when it expires and where it is defined.
    private var typeDocumentation: [String] {
        var provenance = ""
        if let owner = CommentText.paragraph(experiment.owner) {
            provenance = "Owner: " + CommentText.singleLine(owner) + " · "
        }
        if let expires = experiment.expires {
            provenance += "Expires \(expires) · "
        }
        provenance += "Defined in " + CommentText.singleLine(experiment.displayPath)
        guard let description = CommentText.paragraph(experiment.description) else { return [provenance] }
        return CommentText.lines(of: description) + ["", provenance]
    }

    private func emitGroupEnum(into printer: inout CodePrinter) {
        printer.docLines(["The groups of `\(experiment.identifier)`, in bucket order."])
        printer.block("nonisolated \(access)enum Group: String, SplitTestGroup") { printer in
            for (index, group) in experiment.groups.enumerated() {
                printer.docLines(groupDocumentation(group, at: index))
                let rawValue = needsRawValue[index] ? " = " + SwiftLiteral.string(group.name) : ""
                printer.line("case \(caseNames[index])\(rawValue)")
            }
        }
    }

    /// The group's description, then its role, weight and share of the enrolled units.
    private func groupDocumentation(_ group: ExperimentGroup, at index: Int) -> [String] {
        var summary = ""
        if index == experiment.controlIndex { summary += "Control. " }
        if index == experiment.winnerIndex { summary += "Winner. " }
        summary += "Weight \(Self.weight(group.weight)), \(Self.percent(group.bucketCount)) of enrolled units."
        guard let description = CommentText.paragraph(group.description) else { return [summary] }
        return CommentText.lines(of: description) + ["", summary]
    }

    private var definitionArguments: [String] {
        var arguments = [
            "identifier: identifier",
            "unitType: .\(experiment.unitType.rawValue)",
            "salt: \(SwiftLiteral.string(experiment.salt))",
            "bucketUpperBounds: [" + experiment.bucketUpperBounds.map(SwiftLiteral.int).joined(separator: ", ") + "]",
            "control: \(caseReference(experiment.controlIndex))",
        ]
        if experiment.trafficBuckets != Bucketing.bucketCount {
            arguments.append("trafficBuckets: \(SwiftLiteral.int(experiment.trafficBuckets))")
        }
        if let layer = experiment.layer {
            let range = SwiftLiteral.int(layer.buckets.lowerBound) + "..<" + SwiftLiteral.int(layer.buckets.upperBound)
            arguments.append("layer: SplitTestLayer(name: \(SwiftLiteral.string(layer.name)), buckets: \(range))")
        }
        if let winnerIndex = experiment.winnerIndex {
            arguments.append("status: .resolved(winner: \(caseReference(winnerIndex)))")
        }
        return arguments
    }

    /// `.darkGray`: the case of the group at `index`, as an implicit member expression.
    private func caseReference(_ index: Int) -> String {
        "." + caseNames[index]
    }

    /// A weight as written: `1`, `2.5`.
    static func weight(_ weight: Double) -> String {
        if weight == weight.rounded(), abs(weight) < 1e15 { return String(Int(weight)) }
        return weight.description
    }

    /// A bucket count as a percentage with two decimals: `3334` → `33.34%`.
    static func percent(_ buckets: Int) -> String {
        let hundredths = buckets % 100
        return "\(buckets / 100).\(hundredths < 10 ? "0" : "")\(hundredths)%"
    }
}
