/// Documentation comments of Kotlin (KDoc) and TypeScript (JSDoc): `/** … */`, whose text comes
/// from ``CommentText`` and is kept from ending the comment early. Kotlin nests block comments,
/// so an opening `/*` in the text is escaped as well as a closing `*/`.
enum BlockDocComment {
    /// Prints `lines` as `/** line */` when there is one, as a `/**` … ` */` block otherwise.
    static func print(_ lines: [String], into printer: inout CodePrinter) {
        let lines = lines.map(escaped)
        guard lines.count > 1 else {
            printer.line("/** " + (lines.first ?? "") + " */")
            return
        }
        printer.line("/**")
        for line in lines { printer.line(line.isEmpty ? " *" : " * " + line) }
        printer.line(" */")
    }

    /// What an experiment's comment says: its description, then who owns it and where it is
    /// defined, as the Swift type's comment does.
    static func experimentLines(_ experiment: Experiment) -> [String] {
        var lines: [String] = []
        if let description = CommentText.paragraph(experiment.description) {
            lines = CommentText.lines(of: description) + [""]
        }
        var facts = ""
        if let owner = CommentText.paragraph(experiment.owner) {
            facts = "Owner: " + CommentText.singleLine(owner) + " · "
        }
        return lines + [facts + "Defined in " + CommentText.singleLine(experiment.displayPath)]
    }

    /// What a group's comment says: whether it is the control, and its description; `nil` for a
    /// group with neither.
    static func groupLine(_ experiment: Experiment, at index: Int) -> String? {
        let isControl = index == experiment.definition.controlIndex
        let description = experiment.groups.indices.contains(index)
            ? CommentText.paragraph(experiment.groups[index].description).map(CommentText.singleLine) : nil
        switch (isControl, description) {
        case (true, let description?): return "Control. " + description
        case (true, nil): return "Control."
        case (false, let description?): return description
        case (false, nil): return nil
        }
    }

    /// What a parameter's comment says: its name in the definition and, for a property that could
    /// not take its usual name (lowerCamelCase, as in Swift), which name is taken.
    static func parameterLine(_ name: String, property: String) -> String {
        let preferred = SwiftNaming.lowerCamelCase(name)
        let note = property == preferred ? "" : " (`" + property + "`, since `" + preferred + "` is taken)"
        return "The `" + name + "` parameter" + note + "."
    }

    /// `line` with every `*/` and `/*` broken by a backslash.
    static func escaped(_ line: String) -> String {
        guard line.contains("*/") || line.contains("/*") else { return line }
        return line.replacingOccurrences("*/", with: "*\\/").replacingOccurrences("/*", with: "/\\*")
    }
}

private extension String {
    /// Every occurrence of `target` replaced, without Foundation.
    func replacingOccurrences(_ target: String, with replacement: String) -> String {
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
