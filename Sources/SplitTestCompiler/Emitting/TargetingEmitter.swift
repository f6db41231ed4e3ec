@_spi(Generated) import SplitTesting

/// Prints an experiment's targeting and holdout as arguments of its `SplitTestDefinition`: data
/// the runtime evaluates and `splitc` explains, not closures.
struct TargetingEmitter {
    /// Prints `targeting: SplitTestTargeting(conditions: [...])`, one condition per line, leaving
    /// the last line open for the caller's comma.
    static func emit(_ targeting: SplitTestTargeting, into printer: inout CodePrinter) {
        guard !targeting.segments.isEmpty || !targeting.excludedSegments.isEmpty else {
            emitConditions(targeting.conditions, label: "targeting: SplitTestTargeting(conditions", into: &printer)
            printer.write(")")
            return
        }
        printer.line("targeting: SplitTestTargeting(")
        printer.indented { printer in
            var first = true
            if !targeting.conditions.isEmpty {
                emitConditions(targeting.conditions, label: "conditions", into: &printer)
                first = false
            } else {
                printer.openLine()
                printer.write("conditions: []")
                first = false
            }
            for (label, segments) in [("segments", targeting.segments), ("excludedSegments", targeting.excludedSegments)]
            where !segments.isEmpty {
                if !first { printer.write(",") }
                printer.closeLine()
                printer.openLine()
                printer.write(label)
                printer.write(": [")
                printer.write(segments.map { "SplitTestSegments.\(LinksEmitter.propertyName($0.name))" }.joined(separator: ", "))
                printer.write("]")
            }
            printer.closeLine()
        }
        printer.openLine()
        printer.write(")")
    }

    /// Prints `label: [` one condition per line `]`, leaving the last line open.
    static func emitConditions(_ conditions: [SplitTestCondition], label: String, into printer: inout CodePrinter) {
        printer.openLine()
        printer.write(label)
        printer.write(": [")
        printer.closeLine()
        printer.indented { printer in
            for condition in conditions {
                printer.openLine()
                printer.write("SplitTestCondition(attribute: ")
                printer.writeStringLiteral(condition.attribute)
                printer.write(", test: ")
                switch condition.test {
                case .oneOf(let values):
                    printer.write(".oneOf(")
                    writeValues(values, into: &printer)
                    printer.write(")")
                case .noneOf(let values):
                    printer.write(".noneOf(")
                    writeValues(values, into: &printer)
                    printer.write(")")
                case .equals(let value):
                    printer.write(".equals(")
                    writeValue(value, into: &printer)
                    printer.write(")")
                case .comparisons(let comparisons):
                    printer.write(".comparisons([")
                    printer.closeLine()
                    printer.indented { printer in
                        for comparison in comparisons {
                            printer.openLine()
                            printer.write("SplitTestComparison(operator: .")
                            printer.write(caseName(comparison.operator))
                            printer.write(", value: ")
                            writeValue(comparison.value, into: &printer)
                            printer.write("),")
                            printer.closeLine()
                        }
                    }
                    printer.openLine()
                    printer.write("])")
                }
                printer.write("),")
                printer.closeLine()
            }
        }
        printer.openLine()
        printer.write("]")
    }

    /// Prints `holdout: SplitTestHoldout(...)` on the open line.
    static func emit(_ holdout: SplitTestHoldout, into printer: inout CodePrinter) {
        printer.write("holdout: SplitTestHoldout(name: ")
        printer.writeStringLiteral(holdout.name)
        printer.write(", unitType: .")
        printer.write(holdout.unitType.rawValue)
        printer.write(", buckets: ")
        printer.writeIntLiteral(holdout.buckets)
        printer.write(")")
    }

    private static func writeValues(_ values: [SplitTestAttributeValue], into printer: inout CodePrinter) {
        printer.write("[")
        for (index, value) in values.enumerated() {
            if index > 0 { printer.write(", ") }
            writeValue(value, into: &printer)
        }
        printer.write("]")
    }

    private static func writeValue(_ value: SplitTestAttributeValue, into printer: inout CodePrinter) {
        switch value {
        case .string(let text):
            printer.write(".string(")
            printer.writeStringLiteral(text)
            printer.write(")")
        case .int(let number):
            printer.write(".int(")
            printer.writeIntLiteral(number)
            printer.write(")")
        case .double(let number):
            printer.write(".double(")
            printer.write(SwiftLiteral.double(number))
            printer.write(")")
        case .bool(let flag):
            printer.write(flag ? ".bool(true)" : ".bool(false)")
        case .version(let version):
            printer.write(".version(SplitTestVersion(components: [")
            for (index, component) in version.components.enumerated() {
                if index > 0 { printer.write(", ") }
                printer.writeIntLiteral(component)
            }
            printer.write("]))")
        }
    }

    private static func caseName(_ op: SplitTestComparison.Operator) -> String {
        switch op {
        case .equal: "equal"
        case .notEqual: "notEqual"
        case .lessThan: "lessThan"
        case .lessThanOrEqual: "lessThanOrEqual"
        case .greaterThan: "greaterThan"
        case .greaterThanOrEqual: "greaterThanOrEqual"
        }
    }
}
