import Foundation
@testable import SplitTestCompiler
import SplitTestFormats
import Testing

/// The limit of diagnostics per file bounds the compiler's work, not only what it prints: past
/// it, a diagnostic is counted and nothing of it is written (no message, no "did you mean"
/// search, no note), while what is shown stays as it was.
@Suite struct DiagnosticsLimitWorkTests {
    /// Collects the words that "did you mean" searches were made for, from any thread.
    final class SearchLog: @unchecked Sendable {
        // @unchecked Sendable is sound: `recorded` is private and only read or written while
        // `lock` is held.
        private let lock = NSLock()
        private var recorded: [String] = []

        @Sendable func record(_ word: String) {
            lock.lock()
            defer { lock.unlock() }
            recorded.append(word)
        }

        var words: [String] {
            lock.lock()
            defer { lock.unlock() }
            return recorded
        }
    }

    /// Compiles `files` with `limits`; returns the printed diagnostics and the words searched for.
    static func compileObservingSearches(
        _ files: [(path: String, yaml: String)], limits: CompilerLimits
    ) -> (printed: [String], searches: [String]) {
        let searches = SearchLog()
        let result = Suggestions.$searchObserver.withValue(searches.record) { compile(files, limits: limits) }
        return (result.diagnostics.map(\.description), searches.words)
    }

    /// `count` documents, each an experiment with the misspelt key `ownr` on line 4.
    static func misspeltOwners(_ count: Int) -> String {
        (0..<count).map { experiment("e\($0)", extra: "ownr: me") }.joined(separator: "\n---\n")
    }

    @Test func aFilePastItsLimitCostsNoSuggestionSearch() {
        let (printed, searches) = Self.compileObservingSearches(
            [("a.yaml", Self.misspeltOwners(10)), ("b.yaml", Self.misspeltOwners(2))],
            limits: DiagnosticsLimitTests.threeDiagnostics)
        #expect(printed == [
            "a.yaml:4:1: error: unknown key 'ownr'; did you mean 'owner'?",
            "a.yaml:9:1: error: unknown key 'ownr'; did you mean 'owner'?",
            "a.yaml:14:1: error: unknown key 'ownr'; did you mean 'owner'?",
            "a.yaml:19:1: error: 7 more errors from here on are not shown; a file shows its first 3",
            "b.yaml:4:1: error: unknown key 'ownr'; did you mean 'owner'?",
            "b.yaml:9:1: error: unknown key 'ownr'; did you mean 'owner'?",
        ])
        // One search per error shown: none for the seven of a.yaml left out, and b.yaml has its own.
        #expect(searches == Array(repeating: "ownr", count: 5))
    }

    @Test func theLimitReachedInsideADocumentStopsTheSearchesThere() {
        let yaml = experiment(extra: (0..<6).map { "ownr\($0): me" }.joined(separator: "\n"))
        let (printed, searches) = Self.compileObservingSearches(
            [("bad.yaml", yaml)], limits: DiagnosticsLimitTests.threeDiagnostics)
        #expect(printed.last == "bad.yaml:7:1: error: 3 more errors from here on are not shown; a file shows its first 3")
        #expect(searches == ["ownr0", "ownr1", "ownr2"])
    }

    @Test func messagesAndNotesPastTheLimitAreNotWritten() {
        let file = DefinitionFileContext(path: "bad.yaml", index: 0)
        var log = FileLog(file: file, diagnostics: DiagnosticLog(limitPerFile: 2))
        var messagesWritten = 0
        var notesWritten = 0
        func message(_ line: Int) -> String {
            messagesWritten += 1
            return "error on line \(line)"
        }
        func note() -> (message: String, node: YAMLNode)? {
            notesWritten += 1
            return ("first here", .placeholder(line: 1, column: 1))
        }
        for line in 1...5 {
            log.error(message(line), at: .placeholder(line: line, column: 1), note: note())
        }
        #expect((messagesWritten, notesWritten) == (2, 2))
        #expect(log.errorCount == 5)
        var run = DiagnosticLog(limitPerFile: 2)
        run.merge(log.diagnostics)
        #expect(run.sorted.map(\.description) == [
            "bad.yaml:1:1: error: error on line 1",
            "bad.yaml:1:1: note: first here",
            "bad.yaml:2:1: error: error on line 2",
            "bad.yaml:1:1: note: first here",
            "bad.yaml:3:1: error: 3 more errors from here on are not shown; a file shows its first 2",
        ])
    }

    /// A continuation merged back gives what adding its diagnostics to the log directly would,
    /// whether the limit is reached before it, inside it, or not at all.
    @Test(arguments: [0, 1, 2, 3, 4])
    func aContinuationMergesBackAsIfAddedDirectly(addedBefore: Int) {
        let at = { (line: Int) in SourceLocation(file: "bad.yaml", line: line, column: 1) }
        var direct = DiagnosticLog(limitPerFile: 3)
        direct.add(.warning("other file", at: SourceLocation(file: "other.yaml", line: 1, column: 1)), fileIndex: 1)
        for line in 0..<addedBefore { direct.add(.error("before \(line)", at: at(line + 1)), fileIndex: 0) }
        var continued = direct
        var continuation = continued.continuation(forFile: 0)
        for line in 10..<13 {
            direct.add(.error("stage \(line)", at: at(line)), fileIndex: 0)
            continuation.add(.error("stage \(line)", at: at(line)), fileIndex: 0)
        }
        direct.add(.warning("after", at: at(20)), fileIndex: 0)
        continued.merge(continuation)
        continued.add(.warning("after", at: at(20)), fileIndex: 0)
        #expect(continued.sorted == direct.sorted)
        #expect(continued.errorCount == direct.errorCount)
    }

    @Test func yamlErrorsPastTheLimitAreCountedFromTheFirstLeftOut() {
        let yaml = (0..<5).map { experiment("e\($0)", extra: "owner: &o\($0) me") }.joined(separator: "\n---\n")
        #expect(diagnostics(yaml, limits: DiagnosticsLimitTests.threeDiagnostics) == [
            "bad.yaml:4:8: error: anchors ('&o0') are not supported; write each value out in full",
            "bad.yaml:9:8: error: anchors ('&o1') are not supported; write each value out in full",
            "bad.yaml:14:8: error: anchors ('&o2') are not supported; write each value out in full",
            "bad.yaml:19:8: error: 2 more errors from here on are not shown; a file shows its first 3",
        ])
    }
}
