@_spi(Generated) @_spi(Tools) import SplitTesting

/// Prints one experiment: its `SplitTest` struct, its `Group` enum and the typed parameters.
///
/// The experiment is an argument of each function rather than a stored property: storing it
/// would copy the whole `Experiment`, a retain and a release per field, for every experiment.
struct ExperimentEmitter {
    /// `"public "` or `""`.
    let access: StaticString
    /// The Swift type name of every experiment of the file, by identifier, for requirements.
    var typeNames: [String: String] = [:]

    func emit(_ experiment: Experiment, into printer: inout CodePrinter) {
        // A multivariate experiment's groups are cells of its factors: a struct, not an enum.
        let factorial = experiment.definition.factorial.map { FactorialEmitter(access: access, design: $0) }
        let swiftNames = factorial == nil ? experiment.groupNames.map(SwiftNaming.lowerCamelCase) : []
        // The Swift case name of each group, escaped where it is a keyword (`darkGray`, `` `default` ``).
        let caseNames = swiftNames.map(SwiftNaming.escaped)
        emitTypeDocumentation(experiment, into: &printer)
        printer.openLine()
        printer.write("nonisolated ")
        printer.write(access)
        printer.write("struct ")
        printer.write(experiment.swiftName)
        printer.write(": SplitTest {")
        printer.closeLine()
        printer.indented { printer in
            if let factorial {
                factorial.emitTypes(experiment, into: &printer)
            } else {
                emitGroupEnum(experiment, swiftNames: swiftNames, caseNames: caseNames, into: &printer)
            }
            printer.line()
            printer.docLine("The experiment's identifier, as written in its definition.")
            printer.openLine()
            printer.write(access)
            printer.write("static let identifier: String = ")
            printer.writeStringLiteral(experiment.identifier)
            printer.closeLine()
            printer.line()
            printer.docLine("How units are assigned, compiled from the definition.")
            printer.line(access, "static let definition = SplitTestDefinition(")
            printer.indented { printer in
                emitDefinitionArguments(experiment, caseNames: caseNames, factorial: factorial, into: &printer)
            }
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
        if let factorial {
            factorial.emitParameters(experiment, into: &printer)
        } else {
            ParameterEmitter(access: access).emit(experiment, caseNames: caseNames, into: &printer)
        }
    }

    /// The description, then who owns it, when it expires and where it is defined.
    private func emitTypeDocumentation(_ experiment: Experiment, into printer: inout CodePrinter) {
        if let description = experiment.description {
            CommentText.printParagraph(description, into: &printer)
        }
        printer.openLine()
        printer.write("/// ")
        if let owner = experiment.owner,
            CommentText.writeSingleLine(paragraphOf: owner, after: "Owner: ", into: &printer)
        {
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
        if let bandit = experiment.definition.allocation.bandit {
            printer.line("///")
            printer.openLine()
            printer.write("/// Bandit: the weights follow ")
            printer.write(bandit.rewardsValue ? "the value of `" : "conversions to `")
            CommentText.writeSingleLine(bandit.goal, into: &printer)
            printer.write("`, at least ")
            Self.writePercentNumber(bandit.minimumWeightBuckets, into: &printer)
            printer.write("% per group, once every group has ")
            printer.writeIntLiteral(bandit.burnIn)
            printer.write(bandit.burnIn == 1 ? " unit." : " units.")
            printer.closeLine()
        }
    }

    /// `swiftNames` are the groups' names in Swift, unescaped: a case whose name differs from
    /// its YAML name needs a raw value.
    private func emitGroupEnum(
        _ experiment: Experiment, swiftNames: [String], caseNames: [String], into printer: inout CodePrinter
    ) {
        printer.openLine()
        printer.write("/// The groups of `")
        printer.write(experiment.identifier)
        printer.write("`, in bucket order.")
        printer.closeLine()
        printer.line("nonisolated ", access, "enum Group: String, SplitTestGroup {")
        printer.indented { printer in
            // Index loops here and below: `enumerated()` runs unspecialised in a debug build.
            let names = experiment.groupNames
            let bucketCounts = experiment.definition.bucketTable.bucketCounts
            var index = 0
            while index < names.count {
                Self.emitGroupDocumentation(
                    experiment.groups[index], at: index, buckets: bucketCounts[index], of: experiment, into: &printer)
                printer.openLine()
                printer.write("case ")
                printer.write(caseNames[index])
                if swiftNames[index] != names[index] {
                    printer.write(" = ")
                    printer.writeStringLiteral(names[index])
                }
                printer.closeLine()
                index += 1
            }
        }
        printer.line("}")
    }

    /// The group's description, then its role, weight and share of the enrolled units.
    private static func emitGroupDocumentation(
        _ group: ExperimentGroup, at index: Int, buckets: Int, of experiment: Experiment, into printer: inout CodePrinter
    ) {
        if let description = group.description {
            CommentText.printParagraph(description, into: &printer)
        }
        printer.openLine()
        printer.write("/// ")
        if index == experiment.definition.controlIndex { printer.write("Control. ") }
        if let winnerIndex = experiment.definition.winnerIndex, index == winnerIndex { printer.write("Winner. ") }
        printer.write("Weight ")
        Self.writeWeight(group.weight, into: &printer)
        printer.write(", ")
        Self.writePercent(buckets, into: &printer)
        printer.write(" of enrolled units.")
        printer.closeLine()
    }

    /// The definition's arguments; a group is `.red` (`caseNames`), or a cell `Group(.urgent,
    /// .orange)` of a multivariate experiment (`factorial`).
    private func emitDefinitionArguments(
        _ experiment: Experiment, caseNames: [String], factorial: FactorialEmitter?, into printer: inout CodePrinter
    ) {
        let definition = experiment.definition
        func writeGroup(_ index: Int, into printer: inout CodePrinter) {
            if let factorial {
                factorial.writeCell(index, into: &printer)
            } else {
                printer.write(".")
                printer.write(caseNames[index])
            }
        }
        printer.line("identifier: identifier,")
        printer.line("groups: Group.self,")
        factorial?.emitFactorsArgument(into: &printer)
        printer.line("unitType: .", definition.unitType.rawValue, ",")
        printer.openLine()
        printer.write("salt: ")
        printer.writeStringLiteral(definition.salt)
        printer.write(",")
        printer.closeLine()
        printer.openLine()
        printer.write("bucketUpperBounds: [")
        let bounds = definition.bucketTable.upperBounds
        var index = 0
        while index < bounds.count {
            if index > 0 { printer.write(", ") }
            printer.writeIntLiteral(bounds[index])
            index += 1
        }
        printer.write("],")
        printer.closeLine()
        // The last argument has no trailing comma; which one is last depends on what is set.
        printer.openLine()
        printer.write("control: ")
        writeGroup(definition.controlIndex, into: &printer)
        if definition.trafficBuckets != Bucketing.bucketCount {
            printer.write(",")
            printer.closeLine()
            printer.openLine()
            printer.write("trafficBuckets: ")
            printer.writeIntLiteral(definition.trafficBuckets)
        }
        if let layer = definition.layer {
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
        if definition.status != .running {
            printer.write(",")
            printer.closeLine()
            printer.openLine()
            printer.write("status: .")
            printer.write(definition.status.name)
            if let winner = definition.status.winner {
                printer.write("(winner: ")
                printer.writeStringLiteral(winner)
                printer.write(")")
            }
        }
        if !definition.force.isEmpty {
            printer.write(",")
            printer.closeLine()
            emitForce(definition.force, into: &printer, writeGroup: writeGroup)
        }
        if let targeting = definition.targeting {
            printer.write(",")
            printer.closeLine()
            TargetingEmitter.emit(targeting, into: &printer)
        }
        if let holdout = definition.holdout {
            printer.write(",")
            printer.closeLine()
            printer.openLine()
            TargetingEmitter.emit(holdout, into: &printer)
        }
        if let bandit = definition.allocation.bandit {
            printer.write(",")
            printer.closeLine()
            printer.openLine()
            Self.emit(bandit, into: &printer)
        }
        if let schedule = definition.schedule {
            printer.write(",")
            printer.closeLine()
            printer.openLine()
            LinksEmitter.emit(schedule, into: &printer)
        }
        if !definition.requirements.isEmpty {
            printer.write(",")
            printer.closeLine()
            printer.openLine()
            LinksEmitter.emit(definition.requirements, swiftNames: typeNames, into: &printer)
        }
        if !definition.environments.isEmpty {
            printer.write(",")
            printer.closeLine()
            LinksEmitter.emit(definition.environments, into: &printer, writeGroup: writeGroup)
        }
        printer.closeLine()
    }

    /// `allocation: .bandit(SplitTestBandit(goal: …, minimumWeight: …, burnIn: …))`, every
    /// setting written out so that the generated code shows what the bandit does.
    private static func emit(_ bandit: SplitTestBandit, into printer: inout CodePrinter) {
        printer.write("allocation: .bandit(SplitTestBandit(goal: ")
        printer.writeStringLiteral(bandit.goal)
        if bandit.rewardsValue { printer.write(", rewardsValue: true") }
        printer.write(", minimumWeight: ")
        writePercentNumber(bandit.minimumWeightBuckets, into: &printer)
        printer.write(", burnIn: ")
        printer.writeIntLiteral(bandit.burnIn)
        printer.write("))")
    }

    /// `force: [` one unit per line, sorted by unit id so that the output does not depend on the
    /// order of a dictionary `]`, leaving the last line open for the caller's comma.
    private func emitForce(
        _ force: [String: Int], into printer: inout CodePrinter, writeGroup: (Int, inout CodePrinter) -> Void
    ) {
        printer.line("force: [")
        printer.indented { printer in
            for (unit, group) in force.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                printer.openLine()
                printer.writeStringLiteral(unit)
                printer.write(": ")
                writeGroup(group, &printer)
                printer.write(",")
                printer.closeLine()
            }
        }
        printer.openLine()
        printer.write("]")
    }

    /// `expires.description` (`YYYY-MM-DD`), without building a `String` for the usual dates.
    private static func writeDate(_ date: CalendarDate, into printer: inout CodePrinter) {
        // Comparisons rather than `(0...9_999).contains`, a generic call in a debug build.
        guard date.year >= 0 && date.year <= 9_999, date.month >= 0 && date.month <= 99,
            date.day >= 0 && date.day <= 99
        else {
            printer.write(date.description)
            return
        }
        writeDigits(date.year, divisor: 1_000, into: &printer)
        printer.write("-")
        writeDigits(date.month, divisor: 10, into: &printer)
        printer.write("-")
        writeDigits(date.day, divisor: 10, into: &printer)
    }

    /// The digits of `value` from the place of `divisor` down, with leading zeros.
    private static func writeDigits(_ value: Int, divisor: Int, into printer: inout CodePrinter) {
        var divisor = divisor
        while divisor > 0 {
            printer.writeDecimal(value / divisor % 10)
            divisor /= 10
        }
    }

    /// A weight as written: `1`, `2.5`.
    static func writeWeight(_ weight: Double, into printer: inout CodePrinter) {
        if weight == weight.rounded(), abs(weight) < 1e15 {
            printer.writeDecimal(Int(weight))
        } else {
            printer.write(weight.description)
        }
    }

    /// A bucket count as a number of percent without trailing zeros: `100` → `1`, `250` → `2.5`.
    private static func writePercentNumber(_ buckets: Int, into printer: inout CodePrinter) {
        printer.write(BucketTable.percentText(buckets: buckets))
    }

    /// A bucket count as a percentage with two decimals: `3334` → `33.34%`.
    static func writePercent(_ buckets: Int, into printer: inout CodePrinter) {
        printer.write(BucketTable.percentTextWithTwoDecimals(buckets: buckets))
        printer.write("%")
    }
}
