@_spi(Tools) import SplitTestCompiler
@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestFormats

/// `splitc catalog`: a static site of every experiment, for people who do not read YAML. An
/// index (sortable, filterable by owner, status and layer, with a bar per layer of who owns which
/// range) and one page per experiment. Self-contained: inline CSS and script, no request leaves
/// the page.
///
/// Statuses are read at one time (today, or `--at`): an experiment whose schedule has not started
/// is "scheduled", one whose schedule has ended "ended", whatever its `status:` says.
///
/// Every page costs the same whatever the number of experiments: what a page needs of the others
/// (who requires it, its test documents and their failures, the warnings in its document) is
/// gathered once, in ``Context``.
package enum CatalogSite {
    /// One file of the site.
    package struct Page: Sendable {
        /// The file name: `index.html` or `<identifier>.html`.
        package var name: String
        /// The page.
        package var html: String
    }

    /// What every page carries in its head, so that a file the catalog wrote can be told from one
    /// a person put in the same folder.
    package static let generatorMarker = "<meta name=\"generator\" content=\"splitc catalog\">"

    /// The pages: `index.html`, then `<identifier>.html` for each experiment and
    /// `metric-<name>.html` for each metric; statuses read at
    /// `time` (seconds since 1970). `progress` receives the pages made so far and the total.
    package static func pages(
        _ result: CompilationResult, tests report: DefinitionTestReport, at time: Double,
        progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) -> [Page] {
        let context = Context(result: result, report: report, time: time)
        var pages = [Page(name: "index.html", html: context.index())]
        pages.reserveCapacity(result.experiments.count + 1)
        let total = result.experiments.count + 1 + result.metrics.count
        for experiment in result.experiments {
            pages.append(Page(name: "\(experiment.identifier).html", html: context.page(of: experiment)))
            if pages.count % 256 == 0 { progress(pages.count, total) }
        }
        pages += context.metricPages().map { Page(name: $0.name, html: $0.html) }
        progress(total, total)
        return pages
    }

    /// What the pages read, each part gathered once for all of them.
    struct Context {
        let result: CompilationResult
        let report: DefinitionTestReport
        /// When statuses and schedules are read, in seconds since 1970.
        let time: Double
        /// The experiments that require each experiment, by its identifier.
        let requiredBy: [String: [String]]
        /// The test documents of each experiment, in input order, by its identifier.
        let tests: [String: [DefinitionTest]]
        /// The failures of each test document, by experiment and file.
        let failures: [TestFile: [DefinitionTestReport.Failure]]
        /// The warnings written in each experiment's document, by its identifier.
        let warnings: [String: [Diagnostic]]

        /// A test document's experiment and file: what a failure names of its document.
        struct TestFile: Hashable {
            var experiment: String
            var file: String
        }

        init(result: CompilationResult, report: DefinitionTestReport, time: Double) {
            self.result = result
            self.report = report
            self.time = time
            var requiredBy: [String: [String]] = [:]
            for experiment in result.experiments {
                for requirement in experiment.definition.requirements {
                    requiredBy[requirement.experiment, default: []].append(experiment.identifier)
                }
            }
            self.requiredBy = requiredBy
            tests = Dictionary(grouping: result.tests, by: \.experiment)
            failures = Dictionary(grouping: report.failures) { TestFile(experiment: $0.test, file: $0.location.file) }
            warnings = Self.warningsByExperiment(result)
        }

        /// The experiments whose test documents have a failure.
        var failingExperiments: Set<String> { Set(report.failures.map(\.test)) }

        /// Each experiment's warnings: those written from its document's start to the start of
        /// the next experiment's document in the same file. Sorted once per file, so that each
        /// warning is placed by a binary search rather than a scan of every experiment.
        private static func warningsByExperiment(_ result: CompilationResult) -> [String: [Diagnostic]] {
            var starts: [String: [(line: Int, identifier: String)]] = [:]
            for experiment in result.experiments {
                starts[experiment.location.file, default: []].append((experiment.location.line, experiment.identifier))
            }
            for file in starts.keys { starts[file]?.sort { $0.line < $1.line } }
            var warnings: [String: [Diagnostic]] = [:]
            for diagnostic in result.diagnostics where diagnostic.severity == .warning {
                guard let documents = starts[diagnostic.location.file] else { continue }
                // The last document that starts at or before the warning's line.
                var low = 0
                var high = documents.count
                while low < high {
                    let middle = (low + high) / 2
                    if documents[middle].line <= diagnostic.location.line { low = middle + 1 } else { high = middle }
                }
                guard low > 0 else { continue }
                warnings[documents[low - 1].identifier, default: []].append(diagnostic)
            }
            return warnings
        }

        func fact(_ term: String, _ value: String) -> String {
            "<dt>\(term)</dt><dd>\(value)</dd>"
        }

        func e(_ text: String) -> String { HTMLText.escaped(text) }
    }
}
