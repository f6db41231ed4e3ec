/// The compiler's front end: definition files in, validated experiments and diagnostics out.
public enum DefinitionCompiler {
    /// Parses and validates every document of every file; reports all errors of the run.
    ///
    /// `today` decides which `expires:` dates are in the past; it is a parameter so that the
    /// result depends on the inputs only. When there are errors, `experiments` still lists the
    /// experiments that passed, so that tools can show them; callers must not generate code then.
    public static func compile(
        _ sources: [SourceFile], today: CalendarDate, limits: CompilerLimits = .default
    ) -> CompilationResult {
        CompilationResult(experiments: [], diagnostics: [])
    }
}
