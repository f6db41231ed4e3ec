import ArgumentParser
import Foundation
import SplitTestCompiler

/// `splitc generate`: writes the Swift for the definitions, only when it changes.
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generates GeneratedSplitTests.swift from split-test definitions.",
        discussion: """
            The output is written only when its contents change, atomically, and not at all when \
            the definitions have errors. Exit status as lint.
            """
    )

    @OptionGroup var definitions: DefinitionOptions

    @Option(help: "The Swift file to write.")
    var output: String

    @Option(help: "The access level of the generated declarations.")
    var access: AccessOption = .public

    @Option(help: "The folder that the generated file names definition paths relative to (default: the current folder).")
    var root: String = FileManager.default.currentDirectoryPath

    func run() throws {
        let compiled = try definitions.compile(root: root)
        try compiled.requireNoErrors()
        let source = SwiftEmitter(accessLevel: access.level)
            .emit(compiled.result.experiments, sourcePaths: compiled.sources.map(\.displayPath))
        try OutputFile.writeIfChanged(Data(source.utf8), to: output)
    }
}

/// `--access public|internal`.
enum AccessOption: String, ExpressibleByArgument, CaseIterable {
    case `public`
    case `internal`

    var level: AccessLevel {
        switch self {
        case .public: .public
        case .internal: .internal
        }
    }
}
