/// The compiler's front end: definition files in, validated experiments and diagnostics out.
public enum DefinitionCompiler {
    /// Parses and validates every document of every file; reports all errors of the run.
    ///
    /// `today` decides which `expires:` dates are in the past; it is a parameter so that the
    /// result depends on the inputs only. When there are errors, `experiments` still lists the
    /// experiments that passed, so that tools can show them; callers must not generate code then.
    public static func compile(
        _ sources: [SourceFile], today: CalendarDate, limits: CompilerLimits = .default
    ) -> CompilationResult {
        var log = DiagnosticLog()
        var parsed: [ParsedExperiment] = []
        var documentBudget = limits.experiments
        for (index, source) in sources.enumerated() {
            let file = DefinitionFileContext(path: source.path, index: index)
            guard source.contents.count <= limits.fileSize else {
                log.add(
                    .error(
                        "this file is \(source.contents.count) bytes; the largest definition file "
                            + "accepted is \(limits.fileSize) bytes", at: file.location(line: 1, column: 1)),
                    fileIndex: index)
                continue
            }
            let summary = YAMLReader.readDocuments(
                source.contents, file: file, limits: limits, documentBudget: &documentBudget
            ) { root in
                var parser = ExperimentParser(
                    file: file, displayPath: source.displayPath, limits: limits, today: today)
                if let experiment = parser.parse(root) { parsed.append(experiment) }
                log.merge(parser.log)
            }
            log.merge(summary.log)
            if summary.documentCount == 0 && !summary.stoppedOnSyntaxError {
                log.add(
                    .error(
                        "this file defines no experiment; an experiment needs at least 'identifier', "
                            + "'type' and 'groups'", at: file.location(line: 1, column: 1)),
                    fileIndex: index)
            }
        }
        let valid = CrossFileValidation.check(parsed, log: &log)
        return CompilationResult(
            experiments: valid.map(\.experiment).sorted { $0.identifier < $1.identifier },
            diagnostics: log.sorted)
    }
}
