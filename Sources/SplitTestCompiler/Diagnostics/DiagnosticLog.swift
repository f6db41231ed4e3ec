/// Collects the diagnostics of a run and hands them out in the order users read them: by input
/// file, then line and column, each note right after the diagnostic it explains.
///
/// A log may keep at most a number of errors and warnings per file: the ones past it are
/// counted, not kept, and one diagnostic in their place says how many were left out. A stage
/// that reads a file reports into a `continuation(forFile:)` of the run's log, so that it knows
/// from the start which of its diagnostics will be left out and need not write them.
struct DiagnosticLog: Sendable {
    /// A diagnostic with its notes, kept together through sorting.
    private struct Entry: Sendable {
        var fileIndex: Int
        var sequence: Int
        var diagnostic: Diagnostic
        var notes: [Diagnostic]
    }

    /// What a file's diagnostics past the limit were.
    private struct LeftOut: Sendable {
        /// Where the first of them is.
        var first: SourceLocation
        var errors = 0
        var warnings = 0
    }

    private var entries: [Entry] = []

    /// The most errors and warnings kept for one file.
    private let limitPerFile: Int
    /// How many errors and warnings each file has kept, by file index.
    private var keptPerFile: [Int: Int] = [:]
    /// The diagnostics each file had past the limit, by file index.
    private var leftOutPerFile: [Int: LeftOut] = [:]

    /// How many errors have been recorded, kept or left out, so that a stage can tell whether it
    /// found any.
    private(set) var errorCount = 0

    /// Whether an error has been recorded.
    var hasErrors: Bool { errorCount > 0 }

    /// A log that keeps at most `limitPerFile` errors and warnings of each file; by default all.
    init(limitPerFile: Int = .max) {
        precondition(limitPerFile > 0, "a log keeps at least one diagnostic per file")
        self.limitPerFile = limitPerFile
    }

    /// Records `diagnostic`, found in the input file at `fileIndex`, with the notes that explain it.
    mutating func add(_ diagnostic: Diagnostic, fileIndex: Int, notes: [Diagnostic] = []) {
        add(diagnostic.severity, at: diagnostic.location, fileIndex: fileIndex) {
            (diagnostic.message, notes)
        }
    }

    /// Records a diagnostic of `severity` at `location`, found in the input file at `fileIndex`;
    /// `details` gives its message and the notes that explain it.
    ///
    /// `details` runs only when the log keeps the diagnostic: past the file's limit, one costs a
    /// count, whatever its message would have cost to write.
    mutating func add(
        _ severity: Diagnostic.Severity, at location: SourceLocation, fileIndex: Int,
        details: () -> (message: String, notes: [Diagnostic])
    ) {
        precondition(severity != .note, "a note is recorded with the diagnostic it explains")
        if severity == .error { errorCount += 1 }
        guard keepsMore(ofFile: fileIndex) else {
            var leftOut = leftOutPerFile[fileIndex] ?? LeftOut(first: location)
            if severity == .error { leftOut.errors += 1 } else { leftOut.warnings += 1 }
            leftOutPerFile[fileIndex] = leftOut
            return
        }
        keptPerFile[fileIndex, default: 0] += 1
        let (message, notes) = details()
        entries.append(
            Entry(
                fileIndex: fileIndex, sequence: entries.count, diagnostic: Diagnostic(severity, message, at: location),
                notes: notes))
    }

    /// Records an error at `location`, found in the input file at `fileIndex`, with an optional
    /// note; writes neither unless the log keeps the error.
    mutating func error(
        _ message: @autoclosure () -> String, at location: SourceLocation, fileIndex: Int,
        note: @autoclosure () -> Diagnostic? = nil
    ) {
        add(.error, at: location, fileIndex: fileIndex) { (message(), note().map { [$0] } ?? []) }
    }

    /// Whether the log keeps the next diagnostic of the input file at `fileIndex`.
    func keepsMore(ofFile fileIndex: Int) -> Bool {
        keptPerFile[fileIndex, default: 0] < limitPerFile
    }

    /// An empty log for a stage that reads the input file at `fileIndex` from now on: it keeps
    /// only what this log would still keep of that file and counts the rest, so that the stage
    /// skips writing what the run will not show. Merged back, it gives what adding its
    /// diagnostics here one by one would.
    func continuation(forFile fileIndex: Int) -> DiagnosticLog {
        var log = DiagnosticLog(limitPerFile: limitPerFile)
        log.keptPerFile[fileIndex] = keptPerFile[fileIndex]
        return log
    }

    /// Records everything `other` recorded, after what this log holds.
    ///
    /// What `other` left out, it left out past the same limit, after everything it kept: so it
    /// is left out here too, and the first of it is the first left out here unless this log
    /// already left out an earlier one.
    mutating func merge(_ other: DiagnosticLog) {
        precondition(
            other.leftOutPerFile.isEmpty || other.limitPerFile == limitPerFile,
            "a log that leaves diagnostics out merges into a log with the same limit")
        for entry in other.entries {
            add(entry.diagnostic, fileIndex: entry.fileIndex, notes: entry.notes)
        }
        for (fileIndex, theirs) in other.leftOutPerFile {
            var leftOut = leftOutPerFile[fileIndex] ?? LeftOut(first: theirs.first)
            leftOut.errors += theirs.errors
            leftOut.warnings += theirs.warnings
            leftOutPerFile[fileIndex] = leftOut
            errorCount += theirs.errors
        }
    }

    /// Every diagnostic by file order, line and column; ties keep the order they were found in.
    /// Where a file had diagnostics left out, one more at the first of them says how many.
    var sorted: [Diagnostic] {
        var all = entries
        for (fileIndex, leftOut) in leftOutPerFile {
            all.append(
                Entry(fileIndex: fileIndex, sequence: Int.max, diagnostic: summary(of: leftOut), notes: []))
        }
        let ordered = all.sorted { a, b in
            let left = (a.fileIndex, a.diagnostic.location.line, a.diagnostic.location.column, a.sequence)
            let right = (b.fileIndex, b.diagnostic.location.line, b.diagnostic.location.column, b.sequence)
            return left < right
        }
        var result: [Diagnostic] = []
        result.reserveCapacity(all.count)
        for entry in ordered {
            result.append(entry.diagnostic)
            result.append(contentsOf: entry.notes)
        }
        return result
    }

    /// An error when any left-out diagnostic was an error, so that a file with only warnings
    /// still compiles.
    private func summary(of leftOut: LeftOut) -> Diagnostic {
        let errors = leftOut.errors == 1 ? "1 more error" : "\(leftOut.errors) more errors"
        let warnings = leftOut.warnings == 1 ? "1 more warning" : "\(leftOut.warnings) more warnings"
        let what =
            switch (leftOut.errors, leftOut.warnings) {
            case (_, 0): errors
            case (0, _): warnings
            default: "\(errors) and \(warnings)"
            }
        let verb = leftOut.errors + leftOut.warnings == 1 ? "is" : "are"
        let message = "\(what) from here on \(verb) not shown; a file shows its first \(limitPerFile)"
        return leftOut.errors > 0 ? .error(message, at: leftOut.first) : .warning(message, at: leftOut.first)
    }
}
