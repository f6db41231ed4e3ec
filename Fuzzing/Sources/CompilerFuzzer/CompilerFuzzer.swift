import SplitTestCompiler
@_spi(Generated) @_spi(Tools) import SplitTesting

/// A fixed day, so that a run depends on its input only and a crash reproduces.
private let fuzzToday = CalendarDate(year: 2026, month: 1, day: 1)

/// libFuzzer's entry point: the input is one definition file. It is compiled, and emitted when
/// it has no errors, in every language, exactly as `splitc generate` would. A crash, a hang past
/// `-timeout` or a memory blow-up past `-rss_limit_mb` is a finding; so is a broken invariant
/// checked below.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompiler(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let source = SourceFile(path: "fuzz.yaml", displayPath: "experiments/fuzz.yaml", contents: bytes)
    let result = DefinitionCompiler.compile([source], today: fuzzToday)
    checkDiagnostics(result.diagnostics)
    for experiment in result.experiments { checkCells(experiment.definition) }
    if !result.hasErrors {
        let swift = SwiftEmitter(accessLevel: .public).emit(result, sourcePaths: [source.displayPath])
        precondition(!swift.isEmpty, "the emitter writes at least the header and the catalog")
        let paths = [source.displayPath]
        let kotlin = KotlinEmitter(packageName: "com.example.fuzz").emit(result.experiments, sourcePaths: paths, command: "c")
        let typeScript = TypeScriptEmitter().emit(result.experiments, sourcePaths: paths, command: "c")
        precondition(!kotlin.isEmpty && !typeScript.isEmpty, "the emitters write at least the header and the catalog")
        checkLanguageNames(result.experiments)
    }
    return 0
}

/// Every diagnostic names the one input file at a 1-based position, and says something: a
/// diagnostic the user cannot locate or read is a bug as much as a crash is.
private func checkDiagnostics(_ diagnostics: [Diagnostic]) {
    for diagnostic in diagnostics {
        precondition(
            diagnostic.location.file == "fuzz.yaml" && diagnostic.location.line >= 1
                && diagnostic.location.column >= 1,
            "diagnostic located in the input at a 1-based position: \(diagnostic)")
        precondition(!diagnostic.message.isEmpty, "diagnostic has a message")
    }
}

/// A multivariate experiment's groups are its cells in cell order, each once: level indices
/// strictly increasing, the control cell (every factor's first level) first and the control.
private func checkCells(_ definition: SplitTestDefinition) {
    guard let design = definition.factorial else { return }
    let levels = definition.groups.indices.map { design.levels(ofCell: $0) }
    precondition(
        levels.map { SplitTestFactorialDesign.cellName(levels: $0) } == definition.groups,
        "each group is its cell's levels joined by +")
    let indices = levels.map { zip($0, design.factors).map { level, factor in factor.levels.firstIndex(of: level) ?? -1 } }
    precondition(zip(indices, indices.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) }, "cells in cell order, each once")
    precondition(indices.first?.allSatisfy { $0 == 0 } == true && definition.control == definition.groups[0], "the control cell comes first")
}

/// The Kotlin and TypeScript names of what a valid definition declares are distinct where they
/// share a scope, and never a name the generated code already uses there.
private func checkLanguageNames(_ experiments: [Experiment]) {
    let constants = TypeScriptNaming.constantNames(forIdentifiers: experiments.map(\.identifier))
    precondition(Set(constants).count == constants.count, "one TypeScript constant per experiment")
    precondition(
        !constants.contains { TypeScriptNaming.reservedWords.contains($0) || $0 == TypeScriptNaming.catalogName },
        "no TypeScript constant is reserved")
    for experiment in experiments {
        let entries = KotlinNaming.entryNames(forGroups: experiment.groupNames)
        precondition(Set(entries).count == entries.count, "one Kotlin entry per group")
        let parameters = experiment.definition.factorial == nil
            ? experiment.parameters.map(\.name) : experiment.factors.flatMap { $0.parameters.map(\.name) }
        let kotlin = KotlinNaming.propertyNames(forParameters: parameters)
        precondition(
            Set(kotlin).count == kotlin.count && !kotlin.contains { KotlinNaming.reservedPropertyNames.contains($0) },
            "one Kotlin property per parameter, none an enum member")
        let typeScript = TypeScriptNaming.propertyNames(forParameters: parameters)
        precondition(Set(typeScript).count == typeScript.count, "one TypeScript property per parameter")
    }
}
