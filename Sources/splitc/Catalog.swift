import ArgumentParser
import Foundation
import SplitTestCompiler
import SplitcCommandLine
@_spi(Tools) import SplitTestTools

/// `splitc catalog`: a static site of every experiment.
struct Catalog: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Writes a browsable catalog of every experiment: index.html and one page per experiment.",
        discussion: """
            The index lists every experiment (sortable; filterable by owner, status and layer) and draws \
            every layer; each experiment's page shows its groups and weights per environment, targeting \
            and segments in words, prerequisites, schedule, holdout, layer, source file, test specs and \
            warnings. The pages are self-contained: no request leaves them, so they can be hosted anywhere.
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
        Console.error("splitc: wrote \(pages.count) pages to \(output) (index.html and one per experiment)")
    }
}
