@_spi(Generated) import SplitTesting

/// Turns validated experiments into `SplitTests.kt`: one `object` per experiment, named like its
/// Swift type, with its identifier, a `Group` enum whose entries carry the wire name and the typed
/// parameters, the control, and `resolve(variant)`; then `SplitTestCatalog`, which lists them.
///
/// ```kotlin
/// val group = ButtonColorSplitTest.resolve(flag.variant)  // Group.BLUE
/// button.setBackgroundColor(Color.parseColor(group.color))
/// ```
///
/// It reads the same model as ``SwiftEmitter``, so a definition the Swift cannot be generated
/// from never reaches it. The output depends only on its input, compiles with Kotlin 1.3 and
/// later without warnings, and uses no library beyond Kotlin's standard one.
public struct KotlinEmitter: Sendable {
    /// The name of the file the emitter's output is written to.
    public static let fileName = "SplitTests.kt"

    /// The package of the generated declarations (`com.example.experiments`).
    public var packageName: String

    /// Creates an emitter that declares everything in `packageName`, which must satisfy
    /// ``KotlinNaming/isPackageName(_:)``.
    public init(packageName: String) {
        precondition(KotlinNaming.isPackageName(packageName), "a package name checked by the caller")
        self.packageName = packageName
    }

    /// The whole `SplitTests.kt` for these experiments (sorted by identifier); `sourcePaths` are
    /// the display paths of the definition files and `command` the command that regenerates the
    /// file, both named in its header.
    public func emit(_ experiments: [Experiment], sourcePaths: [String], command: String) -> String {
        var printer = CodePrinter(expectedByteCount: 1024 + experiments.count * 1536)
        for line in SwiftEmitter.headerLines(sourcePaths: sourcePaths) { printer.line(line) }
        printer.line("// Regenerate with: " + CommentText.singleLine(command))
        printer.line()
        printer.line("package " + KotlinNaming.escapedPackageName(packageName))
        for experiment in experiments {
            printer.line()
            emitObject(experiment, into: &printer)
        }
        printer.line()
        emitCatalog(experiments, into: &printer)
        return printer.finish()
    }

    private func emitObject(_ experiment: Experiment, into printer: inout CodePrinter) {
        let entries = KotlinNaming.entryNames(forGroups: experiment.groupNames)
        BlockDocComment.print(BlockDocComment.experimentLines(experiment), into: &printer)
        printer.line("object " + KotlinNaming.escaped(experiment.swiftName) + " {")
        printer.indented { printer in
            printer.line("/** The experiment's identifier, as written in its definition. */")
            printer.line("const val IDENTIFIER = " + KotlinLiteral.string(experiment.identifier))
            printer.line()
            emitGroupEnum(experiment, entries: entries, into: &printer)
            printer.line()
            printer.line("/** The group that units outside every other group get: `" + experiment.definition.control + "`. */")
            printer.line("val CONTROL = Group." + entries[experiment.definition.controlIndex])
            printer.line()
            emitResolve(experiment, entries: entries, into: &printer)
        }
        printer.line("}")
    }

    /// `enum class Group(val wireName: String, …) { RED("red", …), … }`: the groups in bucket
    /// order, each with its wire name and its parameters' values.
    private func emitGroupEnum(_ experiment: Experiment, entries: [String], into printer: inout CodePrinter) {
        let table = GroupTable(experiment)
        let groups = experiment.groupNames
        let properties = KotlinNaming.propertyNames(forParameters: table.parameters.map(\.name))
        let types = table.parameters.indices.map { KotlinType(table.parameters[$0].type, values: table.column($0)) }
        printer.line("/** The groups of `" + experiment.identifier + "`, in bucket order, with their parameters. */")
        printer.line("enum class Group(")
        printer.indented { printer in
            printer.line("/** The group's name as definitions, the decision service and analytics write it. */")
            printer.line("val wireName: String" + (properties.isEmpty ? "" : ","))
            for index in properties.indices {
                BlockDocComment.print(
                    [BlockDocComment.parameterLine(table.parameters[index].name, property: properties[index])],
                    into: &printer)
                // Kotlin 1.3 takes no trailing comma in a parameter list.
                printer.line(
                    "val " + KotlinNaming.escaped(properties[index]) + ": " + types[index].rawValue
                        + (index == properties.count - 1 ? "" : ","))
            }
        }
        printer.line(") {")
        printer.indented { printer in
            for index in groups.indices {
                if let line = BlockDocComment.groupLine(experiment, at: index) {
                    BlockDocComment.print([line], into: &printer)
                }
                var arguments = [KotlinLiteral.string(groups[index])]
                for parameter in properties.indices {
                    arguments.append(KotlinLiteral.value(table.values[index][parameter], as: types[parameter]))
                }
                printer.line(
                    entries[index] + "(" + arguments.joined(separator: ", ") + ")" + (index == groups.count - 1 ? "" : ","))
            }
        }
        printer.line("}")
    }

    /// `fun resolve(variant: String?): Group`, a `when` over the wire names of every group but
    /// the control, which `else` answers.
    private func emitResolve(_ experiment: Experiment, entries: [String], into printer: inout CodePrinter) {
        printer.line("/**")
        printer.line(" * The group named [variant], as a decision service's OFREP answer names it; [CONTROL]")
        printer.line(" * for `null` or a name that is no group.")
        printer.line(" */")
        printer.line("fun resolve(variant: String?): Group = when (variant) {")
        printer.indented { printer in
            let groups = experiment.groupNames
            for index in groups.indices where index != experiment.definition.controlIndex {
                printer.line(KotlinLiteral.string(groups[index]) + " -> Group." + entries[index])
            }
            printer.line("else -> CONTROL")
        }
        printer.line("}")
    }

    private func emitCatalog(_ experiments: [Experiment], into printer: inout CodePrinter) {
        let objects = experiments.map { KotlinNaming.escaped($0.swiftName) }
        printer.line("/** Every generated split test, in identifier order: for clients that evaluate them all at once. */")
        printer.line("object SplitTestCatalog {")
        printer.indented { printer in
            printer.line("/** The identifier of each split test. */")
            if objects.isEmpty {
                printer.line("val identifiers: List<String> = listOf()")
            } else {
                printer.line("val identifiers: List<String> = listOf(")
                printer.indented { printer in
                    for index in objects.indices {
                        printer.line(objects[index] + ".IDENTIFIER" + (index == objects.count - 1 ? "" : ","))
                    }
                }
                printer.line(")")
            }
            printer.line()
            printer.line("/**")
            printer.line(" * The wire name of the group that [variant] resolves to in the split test [identifier]")
            printer.line(" * (its control for `null` or a name that is no group), or `null` when no split test has")
            printer.line(" * that identifier.")
            printer.line(" */")
            if objects.isEmpty {
                // Kotlin warns of parameters that the body does not read.
                printer.line("@Suppress(\"UNUSED_PARAMETER\")")
                printer.line("fun resolve(identifier: String, variant: String?): String? = null")
            } else {
                printer.line("fun resolve(identifier: String, variant: String?): String? = when (identifier) {")
                printer.indented { printer in
                    for object in objects {
                        printer.line(object + ".IDENTIFIER -> " + object + ".resolve(variant).wireName")
                    }
                    printer.line("else -> null")
                }
                printer.line("}")
            }
        }
        printer.line("}")
    }
}
