/// Turns validated experiments into `splitTests.ts`: for each experiment a union of its group
/// names, an interface of its parameters and a constant with its identifier, control, each
/// group's parameters and `resolve(variant)`; then `splitTests`, which lists them.
///
/// ```ts
/// const { group, params } = buttonColor.resolve(flag.variant);
/// if (group === "blue") { … }        // "purple" would not compile
/// button.style.background = params.color;
/// ```
///
/// It reads the same model as ``SwiftEmitter``, so a definition the Swift cannot be generated
/// from never reaches it. The output imports nothing, depends only on its input and compiles
/// with `tsc --strict` (TypeScript 4.8 and later) without errors, also under
/// `--noUnusedLocals --noUnusedParameters --noImplicitReturns`. `as const` keeps every value
/// literal and read-only.
public struct TypeScriptEmitter: Sendable {
    /// The name of the file the emitter's output is written to.
    public static let fileName = "splitTests.ts"

    /// Creates an emitter.
    public init() {}

    /// The longest union of group names kept on one line.
    private static let lineWidth = 100

    /// The whole `splitTests.ts` for these experiments (sorted by identifier); `sourcePaths` are
    /// the display paths of the definition files and `command` the command that regenerates the
    /// file, both named in its header.
    public func emit(_ experiments: [Experiment], sourcePaths: [String], command: String) -> String {
        var printer = CodePrinter(expectedByteCount: 1024 + experiments.count * 1536)
        for line in SwiftEmitter.headerLines(sourcePaths: sourcePaths) { printer.line(line) }
        printer.line("// Regenerate with: " + CommentText.singleLine(command))
        let constants = TypeScriptNaming.constantNames(forIdentifiers: experiments.map(\.identifier))
        for index in experiments.indices {
            printer.line()
            emit(experiments[index], constant: constants[index], into: &printer)
        }
        printer.line()
        printer.line("/** Every generated split test, in identifier order. */")
        if constants.isEmpty {
            printer.line("export const " + TypeScriptNaming.catalogName + " = [] as const;")
        } else {
            printer.line("export const " + TypeScriptNaming.catalogName + " = [")
            printer.indented { printer in
                for constant in constants { printer.line(constant + ",") }
            }
            printer.line("] as const;")
        }
        return printer.finish()
    }

    private func emit(_ experiment: Experiment, constant: String, into printer: inout CodePrinter) {
        let table = GroupTable(experiment)
        let groups = experiment.groupNames
        let properties = TypeScriptNaming.propertyNames(forParameters: table.parameters.map(\.name))
        let prefix = TypeScriptNaming.typePrefix(forConstant: constant)
        let groupType = prefix + "Group", paramsType = prefix + "Params"
        let controlIndex = experiment.definition.controlIndex

        printer.line("/** The groups of `" + experiment.identifier + "`, in bucket order. */")
        let union = groups.map(TypeScriptLiteral.string)
        let oneLine = "export type " + groupType + " = " + union.joined(separator: " | ") + ";"
        if oneLine.count <= Self.lineWidth {
            printer.line(oneLine)
        } else {
            // One member a line, as formatters print a long union.
            printer.line("export type " + groupType + " =")
            printer.indented { printer in
                for index in union.indices { printer.line("| " + union[index] + (index == union.count - 1 ? ";" : "")) }
            }
        }
        printer.line()
        printer.line("/** The parameters of a group of `" + experiment.identifier + "`. */")
        if properties.isEmpty {
            printer.line("export interface " + paramsType + " {}")
        } else {
            printer.line("export interface " + paramsType + " {")
            printer.indented { printer in
                for index in properties.indices {
                    BlockDocComment.print(
                        [BlockDocComment.parameterLine(table.parameters[index].name, property: properties[index])],
                        into: &printer)
                    printer.line(
                        "readonly " + properties[index] + ": " + TypeScriptLiteral.type(table.parameters[index].type) + ";")
                }
            }
            printer.line("}")
        }
        printer.line()
        BlockDocComment.print(BlockDocComment.experimentLines(experiment), into: &printer)
        printer.line("export const " + constant + " = {")
        printer.indented { printer in
            printer.line("/** The experiment's identifier, as written in its definition. */")
            printer.line("identifier: " + TypeScriptLiteral.string(experiment.identifier) + ",")
            printer.line("/** The group that units outside every other group get. */")
            printer.line("control: " + TypeScriptLiteral.string(groups[controlIndex]) + ",")
            printer.line("/** The parameters of each group, by group name, in bucket order. */")
            printer.line("groups: {")
            printer.indented { printer in
                for index in groups.indices {
                    if let line = BlockDocComment.groupLine(experiment, at: index) {
                        BlockDocComment.print([line], into: &printer)
                    }
                    let fields = properties.indices.map { properties[$0] + ": " + TypeScriptLiteral.value(table.values[index][$0]) }
                    let object = fields.isEmpty ? "{}" : "{ " + fields.joined(separator: ", ") + " }"
                    printer.line(TypeScriptNaming.propertyKey(groups[index]) + ": " + object + ",")
                }
            }
            printer.line("},")
            printer.line("/**")
            printer.line(" * The group named `variant`, as a decision service's OFREP answer names it, and its")
            printer.line(" * parameters; the control for `undefined` or a name that is no group.")
            printer.line(" */")
            printer.line(
                "resolve(variant: string | undefined): { group: " + groupType + "; params: " + paramsType + " } {")
            printer.indented { printer in
                printer.line("switch (variant) {")
                printer.indented { printer in
                    for index in groups.indices where index != controlIndex {
                        printer.line("case " + TypeScriptLiteral.string(groups[index]) + ":")
                        printer.indented { printer in printer.line(Self.returnStatement(groups[index], of: constant)) }
                    }
                    printer.line("default:")
                    printer.indented { printer in printer.line(Self.returnStatement(groups[controlIndex], of: constant)) }
                }
                printer.line("}")
            }
            printer.line("},")
        }
        printer.line("} as const;")
    }

    /// `return { group: "blue", params: buttonColor.groups.blue };`
    private static func returnStatement(_ group: String, of constant: String) -> String {
        "return { group: " + TypeScriptLiteral.string(group) + ", params: "
            + TypeScriptNaming.member(group, of: constant + ".groups") + " };"
    }
}
