import ArgumentParser
import Foundation
import SplitTestCompiler
import SplitTestFormats
import SplitcCommandLine
@_spi(Tools) import SplitTestTools

/// `splitc catalog`: a static site of every experiment.
struct Catalog: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Writes a browsable catalog of every experiment: index.html and one page per experiment and per metric.",
        discussion: """
            The index lists every experiment (sortable; filterable by owner, status, layer and specs) with \
            its schedule, marking those whose test documents fail, draws every layer and lists the \
            metrics and events; each \
            experiment's page shows its status, its groups and weights (a multivariate experiment's \
            factors, levels and their params; a bandit's goal and limits) per environment, the units \
            forced into a group, targeting and segments in words, prerequisites, schedule, holdout, \
            layer, metrics, source file, test specs and warnings; each metric's page (metric-NAME.html) \
            says what it computes and which experiments use it. Statuses are read at --at (default now): an \
            experiment whose schedule has not started is scheduled, one whose schedule has ended is \
            ended. The pages are self-contained: no request leaves them, so they can be hosted anywhere. \
            Pages the catalog wrote for experiments that no longer exist are removed (it lists what it \
            writes in .splitc-catalog); no other file is touched. Exit status as lint: 0 clean or \
            warnings only, 1 errors in the definitions (nothing is written) or a failing test (the \
            catalog is written and marks it), 2 usage or unreadable input.
            """)

    @OptionGroup var definitions: DefinitionOptions

    @Option(help: ArgumentHelp("The folder to write the pages into (created if needed).", valueName: "dir"))
    var output: String

    @OptionGroup var time: TimeOption

    func run() throws {
        let progress = CatalogProgress()
        let now = try time.time()
        let compiled = try definitions.compile()
        try compiled.requireNoErrors()
        let report = DefinitionTestRunner.run(compiled.result.tests, experiments: compiled.result.experiments)
        DiagnosticPrinter.printText(report.failures.map(\.diagnostic))
        progress.note("compiled \(Counted.phrase(compiled.result.experiments.count, "experiment")) and ran their specs")
        let folder = URL(fileURLWithPath: output, isDirectory: true)
        try Self.createFolder(output)
        let pages = CatalogSite.pages(compiled.result, tests: report, at: now) { done, total in
            progress.update(done: done, total: total, what: "pages made")
        }
        for (index, page) in pages.enumerated() {
            try OutputFile.replaceIfChanged(Data(page.html.utf8), named: page.name, in: folder)
            if index % 256 == 0 { progress.update(done: index, total: pages.count, what: "pages written") }
        }
        let removed = try Self.removeStalePages(in: folder, written: pages.map(\.name))
        progress.finish()
        let gone = removed.isEmpty ? "" : "; removed \(Counted.phrase(removed.count, "page")) of experiments no longer defined"
        Console.error(
            "splitc: wrote \(Counted.phrase(pages.count, "page")) to \(output) (index.html and one per experiment)\(gone)")
        if report.failed > 0 { throw ExitCode(ExitStatus.errors) }
    }

    /// Creates the catalog's folder, or says why it cannot be.
    private static func createFolder(_ path: String) throws(InputError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw InputError("cannot write the catalog into '\(path)': it is a file, not a folder")
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw InputError(
                "cannot create the folder '\(path)': " + UnwritablePath.reason(path + "/index.html", error: error, createsFolders: true))
        }
    }

    /// Removes the pages the last run wrote and this one did not (their experiments are gone),
    /// when they still carry the catalog's marker, and writes the new manifest; returns the
    /// names removed.
    private static func removeStalePages(in folder: URL, written: [String]) throws(InputError) -> [String] {
        let manifest = folder.appendingPathComponent(CatalogManifest.fileName)
        let previous = (try? Data(contentsOf: manifest)).map { String(decoding: $0, as: UTF8.self) }
        var removed: [String] = []
        let marker = Data(CatalogSite.generatorMarker.utf8)
        for name in CatalogManifest.stale(previous: previous, written: written) {
            let page = folder.appendingPathComponent(name)
            guard let contents = try? Data(contentsOf: page), contents.range(of: marker) != nil else { continue }
            do {
                try FileManager.default.removeItem(at: page)
                removed.append(name)
            } catch {
                Console.warning("cannot remove '\(page.path)', the page of an experiment no longer defined: \(error.localizedDescription)")
            }
        }
        try OutputFile.replaceIfChanged(Data(CatalogManifest.text(written).utf8), named: CatalogManifest.fileName, in: folder)
        return removed
    }
}

/// The catalog's progress on standard error, once a run has taken more than a second: a big
/// catalog takes a while, and a silent one looks stuck. Rewritten in place on a terminal; a log
/// gets a line per tenth.
final class CatalogProgress {
    private let start = Date()
    private let isTerminal = isatty(STDERR_FILENO) != 0
    private var shown = false
    private var lastTenth = -1

    private var elapsed: Double { Date().timeIntervalSince(start) }

    /// Says what is done so far, when the run is already slow.
    func note(_ done: String) {
        guard elapsed > 1 else { return }
        show("splitc catalog: \(done) (\(String(format: "%.1f", elapsed)) s)", final: true)
    }

    /// `done` of `total` `what`, when the run is already slow.
    func update(done: Int, total: Int, what: String) {
        guard total > 0, elapsed > 1 else { return }
        let tenth = done * 10 / total
        guard isTerminal || tenth != lastTenth else { return }
        lastTenth = tenth
        show("splitc catalog: \(done) of \(total) \(what) (\(String(format: "%.1f", elapsed)) s)", final: false)
    }

    /// Clears a line left on a terminal.
    func finish() {
        if shown, isTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }

    private func show(_ line: String, final: Bool) {
        shown = true
        if isTerminal {
            FileHandle.standardError.write(Data(("\r\u{1B}[K" + line + (final ? "\n" : "")).utf8))
        } else {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }
}
