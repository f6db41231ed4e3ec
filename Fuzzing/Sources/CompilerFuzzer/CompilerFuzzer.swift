import SplitTestCompiler

/// A fixed day, so that a run depends on its input only and a crash reproduces.
private let fuzzToday = CalendarDate(year: 2026, month: 1, day: 1)

/// libFuzzer's entry point: the input is one definition file. It is compiled, and emitted when
/// it has no errors, exactly as `splitc generate` would. A crash, a hang past `-timeout` or a
/// memory blow-up past `-rss_limit_mb` is a finding; so is a broken invariant checked below.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompiler(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let source = SourceFile(path: "fuzz.yaml", displayPath: "experiments/fuzz.yaml", contents: bytes)
    let result = DefinitionCompiler.compile([source], today: fuzzToday)
    checkDiagnostics(result.diagnostics)
    if !result.hasErrors {
        let swift = SwiftEmitter(accessLevel: .public).emit(result, sourcePaths: [source.displayPath])
        precondition(!swift.isEmpty, "the emitter writes at least the header and the catalog")
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
