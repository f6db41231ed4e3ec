/// What a stage that reads one input file reports (the tree builder, a document's parser): a
/// `DiagnosticLog` that locates diagnostics in that file, and writes one only when it keeps it.
///
/// Once the file has shown all the diagnostics it may (`CompilerLimits.diagnosticsPerFile`),
/// the rest of it costs a count each: no message, no "did you mean" search, no note. That is
/// why messages are autoclosures. They may read the stage's other properties, because reporting
/// modifies only this log; a message cannot read the log itself.
struct FileLog: Sendable {
    /// The file the stage reads.
    let file: DefinitionFileContext
    /// What the stage found, to merge into the run's log.
    private(set) var diagnostics: DiagnosticLog

    /// A log of `file` that continues `diagnostics`, usually `DiagnosticLog.continuation(forFile:)`
    /// of the run's log.
    init(file: DefinitionFileContext, diagnostics: DiagnosticLog) {
        self.file = file
        self.diagnostics = diagnostics
    }

    /// How many errors have been recorded, kept or left out, so that a stage can tell whether a
    /// part of its input had any.
    var errorCount: Int { diagnostics.errorCount }

    /// Whether an error has been recorded.
    var hasErrors: Bool { diagnostics.hasErrors }

    /// Records an error at `location`, with an optional note at a node of the document.
    mutating func error(
        _ message: @autoclosure () -> String, at location: SourceLocation,
        note: @autoclosure () -> (message: String, node: YAMLNode)? = nil
    ) {
        diagnostics.error(
            message(), at: location, fileIndex: file.index,
            note: note().map { .note($0.message, at: file.location(of: $0.node)) })
    }

    /// Records an error at `node`, with an optional note at another node.
    mutating func error(
        _ message: @autoclosure () -> String, at node: YAMLNode,
        note: @autoclosure () -> (message: String, node: YAMLNode)? = nil
    ) {
        error(message(), at: file.location(of: node), note: note())
    }

    /// Records a warning at `node`.
    mutating func warning(_ message: @autoclosure () -> String, at node: YAMLNode) {
        diagnostics.add(.warning, at: file.location(of: node), fileIndex: file.index) { (message(), []) }
    }
}
