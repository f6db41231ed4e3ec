/// Collects the diagnostics of a run and hands them out in the order users read them: by input
/// file, then line and column, each note right after the diagnostic it explains.
struct DiagnosticLog: Sendable {
    /// A diagnostic with its notes, kept together through sorting.
    private struct Entry: Sendable {
        var fileIndex: Int
        var sequence: Int
        var diagnostic: Diagnostic
        var notes: [Diagnostic]
    }

    private var entries: [Entry] = []

    /// How many errors have been recorded, so that a stage can tell whether it found any.
    private(set) var errorCount = 0

    /// Whether an error has been recorded.
    var hasErrors: Bool { errorCount > 0 }

    /// Records `diagnostic`, found in the input file at `fileIndex`, with the notes that explain it.
    mutating func add(_ diagnostic: Diagnostic, fileIndex: Int, notes: [Diagnostic] = []) {
        precondition(diagnostic.severity != .note, "a note is recorded with the diagnostic it explains")
        if diagnostic.severity == .error { errorCount += 1 }
        entries.append(
            Entry(fileIndex: fileIndex, sequence: entries.count, diagnostic: diagnostic, notes: notes)
        )
    }

    /// Records everything `other` recorded, after what this log holds.
    mutating func merge(_ other: DiagnosticLog) {
        for entry in other.entries {
            add(entry.diagnostic, fileIndex: entry.fileIndex, notes: entry.notes)
        }
    }

    /// Every diagnostic by file order, line and column; ties keep the order they were found in.
    var sorted: [Diagnostic] {
        let ordered = entries.sorted { a, b in
            let left = (a.fileIndex, a.diagnostic.location.line, a.diagnostic.location.column, a.sequence)
            let right = (b.fileIndex, b.diagnostic.location.line, b.diagnostic.location.column, b.sequence)
            return left < right
        }
        var result: [Diagnostic] = []
        result.reserveCapacity(entries.count)
        for entry in ordered {
            result.append(entry.diagnostic)
            result.append(contentsOf: entry.notes)
        }
        return result
    }
}
