import ArgumentParser
import Foundation
import SplitTestCompiler

/// `splitc generate`: writes the Swift for the definitions, only when it changes.
package struct Generate: ParsableCommand {
    package static let configuration = CommandConfiguration(
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

    // Optional rather than defaulted to the current folder, so that help shows the default in
    // words instead of the path of whatever folder it was run from.
    @Option(help: "The folder that the generated file names definition paths relative to (default: the current folder).")
    var root: String?

    @Option(help: ArgumentHelp(
        "A file replaced on every run, before the definitions are read. A build system that lists it as an input runs this command on every build, and so sees every change to the definitions, however it was saved.",
        valueName: "file"))
    var stamp: String?

    /// The instance whose property wrappers tell ArgumentParser what the options are.
    package init() {}

    package func run() throws {
        if let stamp { try OutputFile.replaceStamp(at: stamp) }
        let compiled = try definitions.compile(root: root ?? FileManager.default.currentDirectoryPath, runningTests: true)
        try compiled.requireNoErrors()
        let source = SwiftEmitter(accessLevel: access.level)
            .emit(compiled.result, sourcePaths: compiled.sources.map(\.displayPath))
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
