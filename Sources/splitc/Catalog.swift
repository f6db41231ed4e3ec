import ArgumentParser
import Foundation
import SplitTestCompiler
import SplitcCommandLine
@_spi(Tools) import SplitTestTools

/// `splitc catalog`: a static site of every experiment.
struct Catalog: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Writes a browsable catalog of every experiment: index.html and one page per experiment and per metric.",
        discussion: """
            The index lists every experiment (sortable; filterable by owner, status and layer), draws \
            every layer and lists the metrics and events; each experiment's page shows its groups and \
            weights per environment, targeting and segments in words, prerequisites, schedule, holdout, \
            layer, metrics, source file, test specs and warnings; each metric's page (metric-NAME.html) \
            says what it computes and which experiments use it. The pages are self-contained: no \
            request leaves them, so they can be hosted anywhere.
            """)

    @OptionGroup var definitions: DefinitionOptions

    @Option(help: ArgumentHelp("The folder to write the pages into (created if needed).", valueName: "dir"))
    var output: String

    func run() throws {
        let compiled = try definitions.compile()
        try compiled.requireNoErrors()
        let report = DefinitionTestRunner.run(compiled.result.tests, experiments: compiled.result.experiments)
        let folder = URL(fileURLWithPath: output, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw InputError("cannot create the folder '\(output)': \(error.localizedDescription)")
        }
        let pages = CatalogSite.pages(compiled.result, tests: report)
        for page in pages {
            try OutputFile.writeIfChanged(Data(page.html.utf8), to: folder.appendingPathComponent(page.name).path)
        }
        Console.error("splitc: wrote \(pages.count) pages to \(output) (index.html and one per experiment and per metric)")
    }
}
