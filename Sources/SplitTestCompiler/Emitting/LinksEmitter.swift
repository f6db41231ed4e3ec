@_spi(Generated) import SplitTesting
import SplitTestFormats

/// Prints what the definition language shares between experiments: `SplitTestEnvironment`, the
/// enum of the declared environments, and `SplitTestSegments`, the segments that experiments'
/// targeting names; and an experiment's schedule, requirements and environment values as
/// arguments of its `SplitTestDefinition`.
struct LinksEmitter {
    /// `"public "` or `""`.
    let access: StaticString

    /// `enum SplitTestEnvironment: String` of the declared names.
    func emitEnvironments(_ names: [String], into printer: inout CodePrinter) {
        printer.docLine("The environments the definitions declare; select one with")
        printer.docLine("`SplitTestingService.Configuration.environment = SplitTestEnvironment.staging.rawValue`.")
        printer.line("nonisolated ", access, "enum SplitTestEnvironment: String, CaseIterable, Sendable {")
        printer.indented { printer in
            for name in names {
                let caseName = SwiftNaming.escaped(SwiftNaming.lowerCamelCase(name))
                printer.openLine()
                printer.write("case ")
                printer.write(caseName)
                if caseName != name {
                    printer.write(" = ")
                    printer.writeStringLiteral(name)
                }
                printer.closeLine()
            }
        }
        printer.line("}")
    }

    /// `enum SplitTestSegments` with one `SplitTestSegment` per segment: internal whatever the
    /// access level, since only the definitions of this file read them.
    func emitSegments(_ segments: [Segment], into printer: inout CodePrinter) {
        printer.docLine("The segments the definitions declare: named audiences that experiments' targeting names.")
        printer.line("nonisolated enum SplitTestSegments {")
        printer.indented { printer in
            for (index, segment) in segments.enumerated() {
                if index > 0 { printer.line() }
                if let description = segment.description { CommentText.printParagraph(description, into: &printer) }
                printer.openLine()
                printer.write("/// The segment `")
                printer.write(segment.name)
                printer.write("`: a unit is in it when every condition holds.")
                printer.closeLine()
                printer.openLine()
                printer.write("static let ")
                printer.write(Self.propertyName(segment.name))
                printer.write(" = SplitTestSegment(")
                printer.closeLine()
                printer.indented { printer in
                    printer.openLine()
                    printer.write("name: ")
                    printer.writeStringLiteral(segment.name)
                    printer.write(",")
                    printer.closeLine()
                    TargetingEmitter.emitConditions(segment.segment.conditions, label: "conditions", into: &printer)
                    printer.closeLine()
                }
                printer.line(")")
            }
        }
        printer.line("}")
    }

    /// The property of `SplitTestSegments` for a segment.
    static func propertyName(_ segment: String) -> String {
        SwiftNaming.escaped(SwiftNaming.lowerCamelCase(segment))
    }

    /// `schedule: SplitTestSchedule(start: …, end: …)` on the open line, each time in seconds
    /// since 1970 with its ISO 8601 text beside it.
    static func emit(_ schedule: SplitTestSchedule, into printer: inout CodePrinter) {
        printer.write("schedule: SplitTestSchedule(")
        if let start = schedule.start {
            printer.write("start: ")
            writeSeconds(start, into: &printer)
            printer.write(" /* \(EventDate.text(secondsSince1970: start)) */")
        }
        if let end = schedule.end {
            if schedule.start != nil { printer.write(", ") }
            printer.write("end: ")
            writeSeconds(end, into: &printer)
            printer.write(" /* \(EventDate.text(secondsSince1970: end)) */")
        }
        printer.write(")")
    }

    /// Whole seconds as an integer literal (`1_796_115_600`), others as a double.
    private static func writeSeconds(_ seconds: Double, into printer: inout CodePrinter) {
        if seconds == seconds.rounded(), abs(seconds) < 1e15 {
            printer.writeIntLiteral(Int(seconds))
        } else {
            printer.write(SwiftLiteral.double(seconds))
        }
    }

    /// `requirements: [SplitTestRequirement(Type.self, groupNames: [...]), ...]` on the open line.
    static func emit(_ requirements: [SplitTestRequirement], swiftNames: [String: String], into printer: inout CodePrinter) {
        printer.write("requirements: [")
        for (index, requirement) in requirements.enumerated() {
            if index > 0 { printer.write(", ") }
            printer.write("SplitTestRequirement(")
            printer.write(swiftNames[requirement.experiment] ?? SwiftNaming.typeName(forIdentifier: requirement.experiment))
            printer.write(".self, groupNames: [")
            for (position, group) in requirement.groups.sorted().enumerated() {
                if position > 0 { printer.write(", ") }
                printer.writeStringLiteral(group)
            }
            printer.write("])")
        }
        printer.write("]")
    }

    /// `environments: [name: SplitTestEnvironmentValues(...)]`, one environment per line in name
    /// order, leaving the last line open for the caller's comma.
    static func emit(
        _ environments: [String: SplitTestEnvironmentValues], into printer: inout CodePrinter,
        writeGroup: (Int, inout CodePrinter) -> Void
    ) {
        printer.line("environments: [")
        printer.indented { printer in
            for (name, values) in environments.sorted(by: { $0.key < $1.key }) {
                printer.openLine()
                printer.writeStringLiteral(name)
                printer.write(": SplitTestEnvironmentValues(groups: Group.self")
                if let traffic = values.trafficBuckets {
                    printer.write(", trafficBuckets: ")
                    printer.writeIntLiteral(traffic)
                }
                if let status = values.status {
                    printer.write(", status: .")
                    printer.write(status.name)
                    if let winner = status.winner {
                        printer.write("(winner: ")
                        printer.writeStringLiteral(winner)
                        printer.write(")")
                    }
                }
                if let force = values.force {
                    printer.write(", force: [")
                    if force.isEmpty { printer.write(":") }
                    for (index, entry) in force.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }).enumerated() {
                        if index > 0 { printer.write(", ") }
                        printer.writeStringLiteral(entry.key)
                        printer.write(": ")
                        writeGroup(entry.value, &printer)
                    }
                    printer.write("]")
                }
                if let table = values.bucketTable {
                    printer.write(", bucketUpperBounds: [")
                    for (index, bound) in table.upperBounds.enumerated() {
                        if index > 0 { printer.write(", ") }
                        printer.writeIntLiteral(bound)
                    }
                    printer.write("]")
                }
                if let schedule = values.schedule {
                    printer.write(", ")
                    emit(schedule, into: &printer)
                }
                printer.write("),")
                printer.closeLine()
            }
        }
        printer.openLine()
        printer.write("]")
    }
}
