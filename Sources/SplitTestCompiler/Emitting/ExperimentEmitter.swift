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
        emitTypeDocumentation(into: &printer)
        printer.openLine()
        printer.write("nonisolated ")
        printer.write(access)
        printer.write("struct ")
        printer.write(experiment.swiftName)
        printer.write(": SplitTest {")
        printer.closeLine()
        printer.indented { printer in
            emitGroupEnum(into: &printer)
            printer.line()
            printer.docLine("The experiment's identifier, as written in its definition.")
            printer.openLine()
            printer.write(access)
            printer.write("static let identifier: String = ")
            printer.writeStringLiteral(experiment.identifier)
            printer.closeLine()
            printer.line()
            printer.docLine("How units are assigned, compiled from the definition.")
            printer.line(access, "static let definition = SplitTestDefinition<Group>(")
            printer.indented { printer in emitDefinitionArguments(into: &printer) }
            printer.line(")")
            printer.line()
            printer.docLine("The resolution this value stands for.")
            printer.line(access, "let assignment: SplitTestAssignment<Group>")
            printer.line()
            printer.docLine("Wraps a resolution; the service calls this.")
            printer.line(access, "init(assignment: SplitTestAssignment<Group>) {")
            printer.indented { printer in printer.line("self.assignment = assignment") }
            printer.line("}")
        }
        printer.line("}")
        ParameterEmitter(experiment: experiment, access: access, caseNames: caseNames).emit(into: &printer)
    }

    /// The description, then who owns it, when it expires and where it is defined.
    private func emitTypeDocumentation(into printer: inout CodePrinter) {
        if let description = CommentText.paragraph(experiment.description) {
            CommentText.printLines(of: description, into: &printer)
            printer.docLine("")
        }
        printer.openLine()
        printer.write("/// ")
        if let owner = CommentText.paragraph(experiment.owner) {
            printer.write("Owner: ")
            CommentText.writeSingleLine(owner, into: &printer)
            printer.write(" · ")
        }
        if let expires = experiment.expires {
            printer.write("Expires ")
            Self.writeDate(expires, into: &printer)
            printer.write(" · ")
        }
        printer.write("Defined in ")
        CommentText.writeSingleLine(experiment.displayPath, into: &printer)
        printer.closeLine()
    }

    private func emitGroupEnum(into printer: inout CodePrinter) {
        printer.openLine()
        printer.write("/// The groups of `")
        printer.write(experiment.identifier)
        printer.write("`, in bucket order.")
        printer.closeLine()
        printer.line("nonisolated ", access, "enum Group: String, SplitTestGroup {")
        printer.indented { printer in
            for (index, group) in experiment.groups.enumerated() {
                emitGroupDocumentation(group, at: index, into: &printer)
                printer.openLine()
                printer.write("case ")
                printer.write(caseNames[index])
                if needsRawValue[index] {
                    printer.write(" = ")
                    printer.writeStringLiteral(group.name)
                }
                printer.closeLine()
            }
        }
        printer.line("}")
    }

    /// The group's description, then its role, weight and share of the enrolled units.
    private func emitGroupDocumentation(_ group: ExperimentGroup, at index: Int, into printer: inout CodePrinter) {
        if let description = CommentText.paragraph(group.description) {
            CommentText.printLines(of: description, into: &printer)
            printer.docLine("")
        }
        printer.openLine()
        printer.write("/// ")
        if index == experiment.controlIndex { printer.write("Control. ") }
        if index == experiment.winnerIndex { printer.write("Winner. ") }
        printer.write("Weight ")
        Self.writeWeight(group.weight, into: &printer)
        printer.write(", ")
        Self.writePercent(group.bucketCount, into: &printer)
        printer.write(" of enrolled units.")
        printer.closeLine()
    }

    private func emitDefinitionArguments(into printer: inout CodePrinter) {
        printer.line("identifier: identifier,")
        printer.line("unitType: .", experiment.unitType.rawValue, ",")
        printer.openLine()
        printer.write("salt: ")
        printer.writeStringLiteral(experiment.salt)
        printer.write(",")
        printer.closeLine()
        printer.openLine()
        printer.write("bucketUpperBounds: [")
        var bound = 0
        for (index, group) in experiment.groups.enumerated() {
            if index > 0 { printer.write(", ") }
            bound += group.bucketCount
            printer.writeIntLiteral(bound)
        }
        printer.write("],")
        printer.closeLine()
        // The last argument has no trailing comma; which one is last depends on what is set.
        printer.openLine()
        printer.write("control: .")
        printer.write(caseNames[experiment.controlIndex])
        if experiment.trafficBuckets != Bucketing.bucketCount {
            printer.write(",")
            printer.closeLine()
            printer.openLine()
            printer.write("trafficBuckets: ")
            printer.writeIntLiteral(experiment.trafficBuckets)
        }
        if let layer = experiment.layer {
            printer.write(",")
            printer.closeLine()
            printer.openLine()
            printer.write("layer: SplitTestLayer(name: ")
            printer.writeStringLiteral(layer.name)
            printer.write(", buckets: ")
            printer.writeIntLiteral(layer.buckets.lowerBound)
            printer.write("..<")
            printer.writeIntLiteral(layer.buckets.upperBound)
            printer.write(")")
        }
        if let winnerIndex = experiment.winnerIndex {
            printer.write(",")
            printer.closeLine()
            printer.openLine()
            printer.write("status: .resolved(winner: .")
            printer.write(caseNames[winnerIndex])
            printer.write(")")
        }
        printer.closeLine()
    }

    /// `expires.description` (`YYYY-MM-DD`), without building a `String` for the usual dates.
    private static func writeDate(_ date: CalendarDate, into printer: inout CodePrinter) {
        guard (0...9_999).contains(date.year), (0...99).contains(date.month), (0...99).contains(date.day) else {
            printer.write(date.description)
            return
        }
        writeDigits(date.year, divisor: 1_000, into: &printer)
        printer.write(ascii: UInt8(ascii: "-"))
        writeDigits(date.month, divisor: 10, into: &printer)
        printer.write(ascii: UInt8(ascii: "-"))
        writeDigits(date.day, divisor: 10, into: &printer)
    }

    /// The digits of `value` from the place of `divisor` down, with leading zeros.
    private static func writeDigits(_ value: Int, divisor: Int, into printer: inout CodePrinter) {
        var divisor = divisor
        while divisor > 0 {
            printer.write(ascii: UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    /// A weight as written: `1`, `2.5`.
    private static func writeWeight(_ weight: Double, into printer: inout CodePrinter) {
        if weight == weight.rounded(), abs(weight) < 1e15 {
            printer.writeDecimal(Int(weight))
        } else {
            printer.write(weight.description)
        }
    }

    /// A bucket count as a percentage with two decimals: `3334` → `33.34%`.
    private static func writePercent(_ buckets: Int, into printer: inout CodePrinter) {
        let hundredths = buckets % 100
        printer.writeDecimal(buckets / 100)
        printer.write(ascii: UInt8(ascii: "."))
        if hundredths < 10 { printer.write(ascii: UInt8(ascii: "0")) }
        printer.writeDecimal(hundredths)
        printer.write(ascii: UInt8(ascii: "%"))
    }
}
