/// The limits the targets set, in one place: the verdict tables and every sentence of
/// BENCHMARKS.md that says whether a target holds compare a figure with the same number.
enum Targets {
    /// Compile and emit of the largest corpus, at most this many times the libyaml scan.
    static let compilerOverScan = 3.0
    /// Linear growth: `n`× the input in at most `n × linearSlack`× the time.
    static let linearSlack = 1.1
    /// The definitions of a large app, for what a debug build costs in absolute time.
    static let largeAppDefinitions = 50
    /// The sticky `fetchSplitTest`, in nanoseconds.
    static let stickyNanoseconds = 500.0
    /// Bucketing a 36-character id, in nanoseconds.
    static let bucketingNanoseconds = 100.0
    /// A no-change build with the plugin against the generated file committed.
    static let pluginOverCommitted = 1.2
    /// Loading a kept control document against `JSONSerialization` plus one verification.
    static let remoteLoadOverReference = 2.0
    /// The sticky fetch with a control document in force against a dictionary lookup.
    static let stickyWithDocumentOverLookup = 2.0
    /// A first-time assignment with five conditions against one without targeting.
    static let targetedOverUntargeted = 1.5
    /// The sticky path with five conditions against the same experiment without.
    static let stickyTargetedOverUntargeted = 1.1
    /// A first-time assignment through two segments and a prerequisite against the same
    /// conditions inline.
    static let segmentedOverInline = 1.5
    /// The sticky path with segments and a prerequisite against the same conditions inline.
    static let stickySegmentedOverInline = 1.05
    /// `splitc analyze` against DuckDB on the emitted SQL (no less than half its speed).
    static let analysisOverDuckDB = 2.0
    /// Peak memory with more events per unit against fewer, for the same units.
    static let memoryGrowth = 1.2
    /// `splitc analyze --cuped --sequential` against the plain readout of the same events.
    static let cupedSequentialOverPlain = 1.3

    /// Whether `ratio` is within `limit`: a figure that could not be computed never is.
    static func holds(_ ratio: Double, atMost limit: Double) -> Bool {
        ratio.isFinite && ratio <= limit
    }

    /// The growth allowed for `inputs`× the input.
    static func linearLimit(_ inputs: Double) -> Double {
        inputs * linearSlack
    }
}
