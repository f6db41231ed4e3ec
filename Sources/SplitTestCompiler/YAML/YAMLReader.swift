import CLibYAML

/// Reads the documents of a definition file over libyaml's event API, one document at a time,
/// so that memory stays bounded by the largest document rather than by the file.
///
/// Anchors, aliases and custom tags are reported and never expanded; the limits are enforced as
/// the events arrive, before anything is built past them.
enum YAMLReader {
    /// What reading a file found.
    struct Summary {
        /// How many documents the file holds (whether or not they were well formed).
        var documentCount = 0
        /// Whether libyaml stopped on a syntax error, so that the rest of the file is unread.
        var stoppedOnSyntaxError = false
        /// What is wrong with the file's YAML itself.
        var log: DiagnosticLog
        /// The documents that define an experiment but never reached `body`: dropped for what
        /// the reader rejects (an anchor, a limit), or cut short by a syntax error. A run's
        /// summary still counts them.
        var unreadExperiments = 0
    }

    /// Calls `body` with every well-formed document of `contents`, in order, and
    /// records in the summary's log what is wrong with the others.
    ///
    /// `documentBudget` is how many more documents the run may hold; past it, one error is
    /// recorded and reading stops. It becomes negative once that error has been reported.
    static func readDocuments(
        _ contents: [UInt8], file: DefinitionFileContext, limits: CompilerLimits,
        documentBudget: inout Int, body: (YAMLDocument) -> Void
    ) -> Summary {
        var summary = Summary(log: DiagnosticLog(limitPerFile: limits.diagnosticsPerFile))
        guard !contents.isEmpty else { return summary }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            preconditionFailure("libyaml initialises a parser unless memory is exhausted")
        }
        defer { yaml_parser_delete(&parser) }
        var builder = YAMLTreeBuilder(file: file, limits: limits, byteCount: contents.count)
        contents.withUnsafeBufferPointer { bytes in
            if let location = FlowDepthGuard.firstExcess(in: bytes, limits: limits, file: file) {
                summary.log.add(.error(YAMLTreeBuilder.nestingMessage(limits), at: location), fileIndex: file.index)
                summary.stoppedOnSyntaxError = true
                return
            }
            yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
            var event = yaml_event_t()
            var documentOpen = false
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    reportSyntaxError(parser, contents: bytes, file: file, log: &summary.log)
                    summary.stoppedOnSyntaxError = true
                    // The document the error cut short; a file whose first token is wrong is one too.
                    if documentOpen || summary.documentCount == 0, builder.documentIsExperiment {
                        summary.unreadExperiments += 1
                    }
                    return
                }
                let type = event.type
                if type == YAML_DOCUMENT_START_EVENT {
                    summary.documentCount += 1
                    if documentBudget <= 0 {
                        if documentBudget == 0 {
                            summary.log.add(
                                .error(
                                    "the definitions hold more than \(limits.experiments) experiments, "
                                        + "the most one run accepts",
                                    at: mark(event.start_mark, file)),
                                fileIndex: file.index)
                            documentBudget = -1
                        }
                        yaml_event_delete(&event)
                        return
                    }
                    documentBudget -= 1
                }
                if type == YAML_DOCUMENT_START_EVENT { documentOpen = true }
                if let document = builder.consume(event) {
                    body(document)
                } else if type == YAML_DOCUMENT_END_EVENT, builder.documentIsExperiment {
                    summary.unreadExperiments += 1
                }
                if type == YAML_DOCUMENT_END_EVENT { documentOpen = false }
                yaml_event_delete(&event)
                if type == YAML_STREAM_END_EVENT { break }
            }
        }
        summary.log.merge(builder.log.diagnostics)
        return summary
    }

    /// The 1-based location of a libyaml mark (which counts from 0).
    static func mark(_ mark: yaml_mark_t, _ file: DefinitionFileContext) -> SourceLocation {
        file.location(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    /// Records libyaml's problem at its mark, and its context as a note at the context's mark.
    private static func reportSyntaxError(
        _ parser: yaml_parser_t, contents: UnsafeBufferPointer<UInt8>, file: DefinitionFileContext,
        log: inout DiagnosticLog
    ) {
        let problem = parser.problem.map { String(cString: $0) } ?? "the file cannot be read"
        let location: SourceLocation
        if parser.error == YAML_READER_ERROR {
            // The reader reports a byte offset, not a mark: encoding errors happen before scanning.
            location = file.location(ofByteOffset: parser.problem_offset, in: contents)
        } else {
            location = mark(parser.problem_mark, file)
        }
        // A mistake of indentation is said as such, at its line, without libyaml's context.
        if parser.error != YAML_READER_ERROR,
            let hint = IndentationHint.hint(problem: problem, line: location.line, in: contents)
        {
            log.add(
                .error("invalid YAML: \(hint.message)", at: file.location(line: hint.line, column: hint.column)),
                fileIndex: file.index)
            return
        }
        var notes: [Diagnostic] = []
        if let context = parser.context {
            notes.append(.note(String(cString: context), at: mark(parser.context_mark, file)))
        }
        log.add(.error("invalid YAML: \(problem)", at: location), fileIndex: file.index, notes: notes)
    }
}
