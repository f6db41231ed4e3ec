@_spi(Generated) @_spi(Tools) import SplitTesting

/// Prints what a multivariate experiment has instead of a `Group` enum: one enum per factor
/// (`Headline`, its typed parameters in an extension), and a `Group` struct holding one level of
/// each factor, `CaseIterable` over the listed cells in cell order, whose raw value is the cell's
/// name (`urgent+orange`):
///
/// ```swift
/// let checkout = service.fetchSplitTest(CheckoutPageSplitTest.self)
/// title.text = checkout.currentGroup.headline.text
/// ```
struct FactorialEmitter {
    /// `"public "` or `""`.
    let access: StaticString
    let design: SplitTestFactorialDesign
    /// Each factor's enum (`Headline`) and `Group` property (`headline`, escaped if a keyword).
    let typeNames: [String]
    let propertyNames: [String]
    /// Each factor's level names in Swift, unescaped and escaped (`dark_gray` → `darkGray`).
    let levelSwiftNames: [[String]]
    let levelCaseNames: [[String]]

    init(access: StaticString, design: SplitTestFactorialDesign) {
        self.access = access
        self.design = design
        typeNames = design.factors.map { SwiftNaming.upperCamelCase($0.name) }
        propertyNames = design.factors.map { SwiftNaming.escaped(SwiftNaming.lowerCamelCase($0.name)) }
        levelSwiftNames = design.factors.map { $0.levels.map(SwiftNaming.lowerCamelCase) }
        levelCaseNames = levelSwiftNames.map { $0.map(SwiftNaming.escaped) }
    }

    /// The factor enums and the `Group` struct, inside the experiment's struct.
    func emitTypes(_ experiment: Experiment, into printer: inout CodePrinter) {
        for factor in design.factors.indices {
            emitFactorEnum(factor, of: experiment, into: &printer)
            printer.line()
        }
        emitGroupStruct(experiment, into: &printer)
    }

    /// The typed parameters of each factor's levels, after the experiment's struct.
    func emitParameters(_ experiment: Experiment, into printer: inout CodePrinter) {
        let parameters = ParameterEmitter(access: access)
        for factor in design.factors.indices {
            parameters.emit(
                experiment.factors[factor], typePath: experiment.swiftName + "." + typeNames[factor],
                caseNames: levelCaseNames[factor], into: &printer)
        }
    }

    /// `factors: [.init(name: "headline", levels: Headline.self), …],` in the definition.
    func emitFactorsArgument(into printer: inout CodePrinter) {
        printer.line("factors: [")
        printer.indented { printer in
            for factor in design.factors.indices {
                printer.openLine()
                printer.write(".init(name: ")
                printer.writeStringLiteral(design.factors[factor].name)
                printer.write(", levels: ")
                printer.write(typeNames[factor])
                printer.write(".self),")
                printer.closeLine()
            }
        }
        printer.line("],")
    }

    /// `Group(.urgent, .orange)`: the cell at `index` of the definition's groups.
    func writeCell(_ index: Int, into printer: inout CodePrinter) {
        printer.write("Group(")
        for (factor, level) in design.cellLevels[index].enumerated() {
            if factor > 0 { printer.write(", ") }
            printer.write(".")
            printer.write(levelCaseNames[factor][level])
        }
        printer.write(")")
    }

    private func emitFactorEnum(_ factor: Int, of experiment: Experiment, into printer: inout CodePrinter) {
        let name = design.factors[factor].name
        let levels = design.factors[factor].levels
        printer.openLine()
        printer.write("/// The levels of factor `")
        printer.write(name)
        printer.write("`, in declaration order; `")
        printer.write(levels[0])
        printer.write("` is the control's.")
        printer.closeLine()
        printer.openLine()
        printer.write("nonisolated ")
        printer.write(access)
        printer.write("enum ")
        printer.write(typeNames[factor])
        printer.write(": String, CaseIterable, Sendable {")
        printer.closeLine()
        printer.indented { printer in
            for level in levels.indices {
                if let description = CommentText.paragraph(experiment.factors[factor].levels[level].description) {
                    CommentText.printLines(of: description, into: &printer)
                }
                printer.openLine()
                printer.write("case ")
                printer.write(levelCaseNames[factor][level])
                if levelSwiftNames[factor][level] != levels[level] {
                    printer.write(" = ")
                    printer.writeStringLiteral(levels[level])
                }
                printer.closeLine()
            }
        }
        printer.line("}")
    }

    private func emitGroupStruct(_ experiment: Experiment, into printer: inout CodePrinter) {
        printer.openLine()
        printer.write("/// The cells of `")
        printer.write(experiment.identifier)
        printer.write("`: one level of each factor, named by the levels")
        printer.closeLine()
        printer.openLine()
        printer.write("/// joined by `+` in factor order (`")
        printer.write(experiment.groupNames[0])
        printer.write("`).")
        printer.closeLine()
        printer.line("nonisolated ", access, "struct Group: SplitTestGroup {")
        printer.indented { printer in
            for factor in design.factors.indices {
                printer.line("/// The level of factor `", design.factors[factor].name, "`.")
                printer.openLine()
                printer.write(access)
                printer.write("let ")
                printer.write(propertyNames[factor])
                printer.write(": ")
                printer.write(typeNames[factor])
                printer.closeLine()
            }
            printer.line()
            emitAllCases(experiment, into: &printer)
            printer.line()
            emitLevelsInitializer(into: &printer)
            printer.line()
            emitRawValue(into: &printer)
            printer.line()
            printer.docLine("A cell the compiler has checked the experiment lists.")
            printer.openLine()
            printer.write("fileprivate init(")
            writeParameters(labelled: false, into: &printer)
            printer.write(") {")
            printer.closeLine()
            printer.indented { printer in
                for property in propertyNames {
                    printer.openLine()
                    printer.write("self.")
                    printer.write(property)
                    printer.write(" = ")
                    printer.write(property)
                    printer.closeLine()
                }
            }
            printer.line("}")
        }
        printer.line("}")
    }

    /// The most cells in one array literal: the type checker's time grows faster than the
    /// literal (about 8 ms for 64 cells, 1.4 s for 1,000), and no generated expression may take
    /// it more than 100 ms.
    static let cellChunkSize = 50

    /// `allCases`: every listed cell in bucket order, each with its role, weight and share; in
    /// literals of at most ``cellChunkSize`` cells.
    private func emitAllCases(_ experiment: Experiment, into printer: inout CodePrinter) {
        let count = experiment.groupNames.count
        printer.docLine("Every cell the experiment runs, in bucket order.")
        printer.openLine()
        printer.write(access)
        guard count > Self.cellChunkSize else {
            printer.write("static let allCases: [Group] = [")
            printer.closeLine()
            emitCells(0..<count, of: experiment, into: &printer)
            printer.line("]")
            return
        }
        printer.writeChunkedArray(
            name: "allCases", type: "[Group]", partName: "cells", count: count, chunkSize: Self.cellChunkSize
        ) { cells, printer in
            printer.write(": [Group] = [")
            printer.closeLine()
            emitCells(cells, of: experiment, into: &printer)
            printer.line("]")
        }
    }

    private func emitCells(_ cells: Range<Int>, of experiment: Experiment, into printer: inout CodePrinter) {
        let bucketCounts = experiment.definition.bucketTable.bucketCounts
        printer.indented { printer in
            for cell in cells {
                printer.openLine()
                writeCell(cell, into: &printer)
                printer.write(",  // ")
                printer.write(experiment.groupNames[cell])
                printer.write(": ")
                if cell == experiment.definition.controlIndex { printer.write("control, ") }
                if cell == experiment.definition.winnerIndex { printer.write("winner, ") }
                printer.write("weight ")
                ExperimentEmitter.writeWeight(experiment.groups[cell].weight, into: &printer)
                printer.write(", ")
                ExperimentEmitter.writePercent(bucketCounts[cell], into: &printer)
                printer.write(" of enrolled units")
                printer.closeLine()
            }
        }
    }

    /// `init(headline:button:)`: every combination of levels is a cell of a full factorial; a
    /// fractional design's initializer fails for the cells it does not list.
    private func emitLevelsInitializer(into printer: inout CodePrinter) {
        let full = design.isFullFactorial
        printer.docLine(full ? "The cell of these levels." : "The cell of these levels, or `nil` when the experiment does not run it.")
        printer.openLine()
        printer.write(access)
        printer.write(full ? "init(" : "init?(")
        writeParameters(labelled: true, into: &printer)
        printer.write(") {")
        printer.closeLine()
        printer.indented { printer in
            if !full {
                printer.line("guard Self.allCases.contains(where: {")
                printer.indented { printer in
                    printer.openLine()
                    for (factor, property) in propertyNames.enumerated() {
                        if factor > 0 { printer.write(" && ") }
                        printer.write("$0.")
                        printer.write(property)
                        printer.write(" == ")
                        printer.write(property)
                    }
                    printer.closeLine()
                }
                printer.line("}) else { return nil }")
            }
            printer.openLine()
            printer.write("self.init(")
            printer.write(propertyNames.joined(separator: ", "))
            printer.write(")")
            printer.closeLine()
        }
        printer.line("}")
    }

    /// `init?(rawValue:)` and `rawValue`: a cell's name is its levels joined by `+`.
    private func emitRawValue(into printer: inout CodePrinter) {
        // The name of the split levels, which no factor's property may shadow.
        let split = propertyNames.contains("levels") ? "_levels" : "levels"
        printer.docLine("The cell named `rawValue`, or `nil` when the experiment does not run it.")
        printer.openLine()
        printer.write(access)
        printer.write("init?(rawValue: String) {")
        printer.closeLine()
        printer.indented { printer in
            printer.openLine()
            printer.write("let ")
            printer.write(split)
            printer.write(" = rawValue.split(separator: \"+\", omittingEmptySubsequences: false)")
            printer.closeLine()
            printer.openLine()
            printer.write("guard ")
            printer.write(split)
            printer.write(".count == ")
            printer.writeDecimal(design.factors.count)
            for factor in design.factors.indices {
                printer.write(",")
                printer.closeLine()
                printer.openLine()
                printer.write("    let ")
                printer.write(propertyNames[factor])
                printer.write(" = ")
                printer.write(typeNames[factor])
                printer.write("(rawValue: String(")
                printer.write(split)
                printer.write("[")
                printer.writeDecimal(factor)
                printer.write("]))")
            }
            printer.closeLine()
            printer.line("else { return nil }")
            printer.openLine()
            printer.write("self.init(")
            if design.isFullFactorial {
                printer.write(propertyNames.joined(separator: ", "))
            } else {
                writeArguments(into: &printer)
            }
            printer.write(")")
            printer.closeLine()
        }
        printer.line("}")
        printer.line()
        printer.docLine("The cell's name: its levels joined by `+`.")
        printer.openLine()
        printer.write(access)
        printer.write("var rawValue: String { \"")
        for (factor, property) in propertyNames.enumerated() {
            if factor > 0 { printer.write("+") }
            printer.write("\\(")
            printer.write(property)
            printer.write(".rawValue)")
        }
        printer.write("\" }")
        printer.closeLine()
    }

    /// `headline: Headline, button: Button`, or `_ headline: Headline, _ button: Button`.
    private func writeParameters(labelled: Bool, into printer: inout CodePrinter) {
        for factor in design.factors.indices {
            if factor > 0 { printer.write(", ") }
            if !labelled { printer.write("_ ") }
            printer.write(propertyNames[factor])
            printer.write(": ")
            printer.write(typeNames[factor])
        }
    }

    /// `headline: headline, button: button`. A keyword needs no backticks as an argument label
    /// at a call (and draws a warning with them), except `inout`.
    private func writeArguments(into printer: inout CodePrinter) {
        for (factor, property) in propertyNames.enumerated() {
            if factor > 0 { printer.write(", ") }
            let label = SwiftNaming.lowerCamelCase(design.factors[factor].name)
            printer.write(label == "inout" ? property : label)
            printer.write(": ")
            printer.write(property)
        }
    }
}
