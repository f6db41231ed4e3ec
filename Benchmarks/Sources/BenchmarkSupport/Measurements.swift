/// The compiler's timings on one corpus size, written by `compiler-bench compile`.
public struct CompilerMeasurement: Codable, Sendable {
    /// Experiments in the corpus.
    public var experiments: Int
    /// Definition files in the corpus.
    public var files: Int
    /// The corpus's size in bytes.
    public var bytes: Int
    /// How often each candidate ran.
    public var repetitions: Int
    /// Fastest bare libyaml event scan, seconds.
    public var libyamlScan: Double
    /// Fastest parse + validate (`DefinitionCompiler.compile`), seconds.
    public var compile: Double
    /// Fastest emit (`SwiftEmitter.emit`), seconds.
    public var emit: Double
    /// Fastest compile + emit of one repetition, seconds: the figure compared with the scan.
    public var compileAndEmit: Double
    /// Median compile + emit, seconds, to show the spread.
    public var compileAndEmitMedian: Double
    /// The generated Swift's size in bytes.
    public var swiftBytes: Int

    /// Creates a measurement.
    public init(
        experiments: Int, files: Int, bytes: Int, repetitions: Int, libyamlScan: Double,
        compile: Double, emit: Double, compileAndEmit: Double, compileAndEmitMedian: Double,
        swiftBytes: Int
    ) {
        self.experiments = experiments
        self.files = files
        self.bytes = bytes
        self.repetitions = repetitions
        self.libyamlScan = libyamlScan
        self.compile = compile
        self.emit = emit
        self.compileAndEmit = compileAndEmit
        self.compileAndEmitMedian = compileAndEmitMedian
        self.swiftBytes = swiftBytes
    }
}

/// Yams' timing on one corpus size, written by `yams-bench compose`.
public struct YamsMeasurement: Codable, Sendable {
    /// Experiments in the corpus.
    public var experiments: Int
    /// How often Yams ran.
    public var repetitions: Int
    /// Fastest `Yams.compose_all` of every file into nodes, seconds.
    public var yamsCompose: Double

    /// Creates a measurement.
    public init(experiments: Int, repetitions: Int, yamsCompose: Double) {
        self.experiments = experiments
        self.repetitions = repetitions
        self.yamsCompose = yamsCompose
    }
}

/// The type-check time of one generated file, written by `compiler-bench typecheck`.
public struct TypecheckMeasurement: Codable, Sendable {
    /// Experiments in the generated file.
    public var experiments: Int
    /// The file's size in bytes.
    public var swiftBytes: Int
    /// How often swiftc ran.
    public var repetitions: Int
    /// Fastest `swiftc -typecheck` of the file, seconds.
    public var seconds: Double
    /// Every warning the compiler printed, slow expressions included; none is expected.
    public var warnings: [String]

    /// Creates a measurement.
    public init(experiments: Int, swiftBytes: Int, repetitions: Int, seconds: Double, warnings: [String]) {
        self.experiments = experiments
        self.swiftBytes = swiftBytes
        self.repetitions = repetitions
        self.seconds = seconds
        self.warnings = warnings
    }
}

/// No-change builds of a package that applies the build plugin against the same package with the
/// generated file committed, written by `plugin-bench no-change`; the plugin's must be within 1.2×.
public struct PluginMeasurement: Codable, Sendable {
    /// Definitions in the package's `experiments` folder.
    public var definitions: Int
    /// No-change builds of each package.
    public var repetitions: Int
    /// Fastest no-change `swift build` of the plugin package, seconds.
    public var pluginNoChange: Double
    /// Median of the same, to show the spread.
    public var pluginNoChangeMedian: Double
    /// Fastest no-change `swift build` of the committed package, seconds: the reference.
    public var committedNoChange: Double
    /// Median of the same.
    public var committedNoChangeMedian: Double
    /// Whether a no-change build of the plugin package compiled the app module (it must not).
    public var appRecompiled: Bool

    /// Creates a measurement.
    public init(
        definitions: Int, repetitions: Int, pluginNoChange: Double, pluginNoChangeMedian: Double,
        committedNoChange: Double, committedNoChangeMedian: Double, appRecompiled: Bool
    ) {
        self.definitions = definitions
        self.repetitions = repetitions
        self.pluginNoChange = pluginNoChange
        self.pluginNoChangeMedian = pluginNoChangeMedian
        self.committedNoChange = committedNoChange
        self.committedNoChangeMedian = committedNoChangeMedian
        self.appRecompiled = appRecompiled
    }
}
