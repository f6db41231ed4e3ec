import SplitTestFormats
@_spi(Tools) import SplitTesting

/// A definition file handed to the compiler.
public struct SourceFile: Sendable {
    /// The path diagnostics print, as given to the compiler (so that Xcode and SwiftPM attach
    /// them to the file).
    public var path: String
    /// The path relative to the package, named in the generated code (stable across machines).
    public var displayPath: String
    /// The file's bytes.
    public var contents: [UInt8]

    /// Creates a source file.
    public init(path: String, displayPath: String? = nil, contents: [UInt8]) {
        self.path = path
        self.displayPath = displayPath ?? path
        self.contents = contents
    }
}

/// What compiling a set of definition files produced.
public struct CompilationResult: Sendable {
    /// The experiments that passed validation, sorted by identifier.
    public var experiments: [Experiment]
    /// Every error, warning and note, in file order (notes follow what they explain).
    public var diagnostics: [Diagnostic]
    /// The custom targeting attributes that passed validation, in input order.
    public var attributes: [AttributeDeclaration]
    /// The holdouts that passed validation, in input order.
    public var holdouts: [Holdout]
    /// The segments that passed validation, by name.
    public var segments: [Segment]
    /// The environments declared, in the order written; empty when none are.
    public var environments: [String]
    /// The test documents that passed validation, in input order; they add nothing to the
    /// generated Swift.
    public var tests: [DefinitionTest]
    /// How many documents define an experiment, with errors or without: what a run's summary
    /// counts, so that an experiment with an error is still one of the run's.
    public var experimentDocuments: Int
    /// The events the definitions declare (`event:` documents) that passed validation, in input
    /// order: what the generated code gets a typed case for, and what metrics and the decision
    /// service read.
    @_spi(Tools) public var events: [SplitTestEventDeclaration] = []
    /// The metrics the definitions declare (`metric:` documents) that passed validation, in
    /// input order.
    @_spi(Tools) public var metrics: [SplitTestMetric] = []
    /// What the definitions say of each event of ``events``, by name: descriptions and where it is written.
    package var eventDetails: [String: DeclarationDetails] = [:]
    /// What the definitions say of each metric of ``metrics``, by name.
    package var metricDetails: [String: DeclarationDetails] = [:]

    /// Creates a result; `experimentDocuments` is the number of `experiments` unless given.
    public init(
        experiments: [Experiment], diagnostics: [Diagnostic], attributes: [AttributeDeclaration] = [],
        holdouts: [Holdout] = [], segments: [Segment] = [], environments: [String] = [],
        tests: [DefinitionTest] = [], experimentDocuments: Int? = nil
    ) {
        self.experimentDocuments = experimentDocuments ?? experiments.count
        self.tests = tests
        self.segments = segments
        self.environments = environments
        self.experiments = experiments
        self.diagnostics = diagnostics
        self.attributes = attributes
        self.holdouts = holdouts
    }

    /// Whether any diagnostic is an error: then nothing may be generated.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Why `environment` cannot be chosen (a tool's `--environment`): it is not one the
    /// definitions declare, with those they do; `nil` when it is one.
    public func undeclaredEnvironmentMessage(_ environment: String) -> String? {
        guard !environments.contains(environment) else { return nil }
        let declared = environments.isEmpty ? "the definitions declare none" : "declared: " + environments.joined(separator: ", ")
        return "no environment '\(environment)' is declared (\(declared))" + Suggestions.didYouMean(environment, in: environments)
    }
}
