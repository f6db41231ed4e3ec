import ArgumentParser
import Foundation
import SplitTestCompiler
@_spi(Tools) import SplitTestTools

/// `splitc generate`: writes the typed code for the definitions, only when it changes.
package struct Generate: ParsableCommand {
    package static let configuration = CommandConfiguration(
        abstract: "Generates typed code from split-test definitions: Swift, Kotlin or TypeScript.",
        discussion: """
            Swift (the default) is written to the file --output names. Kotlin is written to \
            SplitTests.kt and TypeScript to splitTests.ts, in the folder --output names; their \
            header names the command that regenerates them, with paths relative to --root. The \
            output is written only when its contents change, atomically, and not at all when the \
            definitions have errors. Exit status as lint.
            """
    )

    @OptionGroup var definitions: DefinitionOptions

    @Option(help: "The language of the generated code.")
    var language: GeneratedLanguage = .swift

    @Option(help: "The Swift file to write; for kotlin and typescript, the folder to write SplitTests.kt or splitTests.ts into.")
    var output: String

    @Option(
        name: .customLong("package"),
        help: ArgumentHelp("The package of the generated Kotlin (kotlin only, and required there).", valueName: "name"))
    var packageName: String?

    // Optional rather than defaulted, so that giving it with another language is refused.
    @Option(help: "The access level of the generated Swift declarations (swift only; default: public).")
    var access: AccessOption?

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
        try checkLanguageOptions()
        if let stamp { try OutputFile.replaceStamp(at: stamp) }
        let rootPath = root ?? FileManager.default.currentDirectoryPath
        let compiled = try definitions.compile(root: rootPath, runningTests: true)
        try compiled.requireNoErrors()
        let sourcePaths = compiled.sources.map(\.displayPath)
        let experiments = compiled.result.experiments
        switch language {
        case .swift:
            let source = SwiftEmitter(accessLevel: (access ?? .public).level).emit(compiled.result, sourcePaths: sourcePaths)
            try OutputFile.writeIfChanged(Data(source.utf8), to: output)
        case .kotlin:
            let source = KotlinEmitter(packageName: packageName ?? "")
                .emit(experiments, sourcePaths: sourcePaths, command: regenerationCommand(root: rootPath))
            try OutputFile.writeIfChanged(Data(source.utf8), to: output + "/" + KotlinEmitter.fileName)
        case .typescript:
            let source = TypeScriptEmitter()
                .emit(experiments, sourcePaths: sourcePaths, command: regenerationCommand(root: rootPath))
            try OutputFile.writeIfChanged(Data(source.utf8), to: output + "/" + TypeScriptEmitter.fileName)
        }
    }

    /// Refuses, before anything is read, the options that do not fit the language.
    private func checkLanguageOptions() throws(InputError) {
        if access != nil, language != .swift {
            throw InputError("--access applies to --language swift only")
        }
        guard language == .kotlin else {
            if packageName != nil { throw InputError("--package applies to --language kotlin only") }
            return
        }
        guard let packageName else {
            throw InputError("--language kotlin needs --package NAME, the package of the generated code (com.example.experiments)")
        }
        guard KotlinNaming.isPackageName(packageName) else {
            throw InputError(
                "'\(packageName)' is not a Kotlin package name: identifiers of letters, digits and underscores, joined by dots")
        }
    }

    /// The command that writes the same file again when run from `root`: the options that shape
    /// the output, with every path relative to `root`, so that the header is the same on every
    /// machine and wherever the command was run from.
    private func regenerationCommand(root: String) -> String {
        let rootPath = DefinitionFiles.canonicalPath(root)
        func relative(_ path: String) -> String {
            RelativePath.from(rootPath, to: DefinitionFiles.canonicalPath(path))
        }
        var words = ["splitc", "generate", "--language", language.rawValue]
        if let packageName { words += ["--package", packageName] }
        words += ["--output", relative(output)]
        for path in definitions.optionalPaths { words += ["--if-present", relative(path)] }
        let paths = definitions.paths.isEmpty && definitions.optionalPaths.isEmpty
            ? [DefinitionFiles.defaultPath] : definitions.paths
        words += paths.map(relative)
        return words.map(ShellWord.quoted).joined(separator: " ")
    }
}

/// `--language swift|kotlin|typescript`.
enum GeneratedLanguage: String, ExpressibleByArgument, CaseIterable {
    case swift
    case kotlin
    case typescript
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
