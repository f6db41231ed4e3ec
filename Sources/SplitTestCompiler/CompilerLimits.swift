/// Bounds on what one compilation accepts, so that a hostile or broken input gets a clear
/// diagnostic instead of exhausting memory or time.
///
/// The defaults are far above what a real experiment set needs (tens of thousands of
/// experiments fit) and far below what could hurt a build machine.
public struct CompilerLimits: Hashable, Sendable {
    /// The largest definition file, in bytes.
    public var fileSize: Int
    /// How deeply mappings and sequences may nest in one document (the document's root is 1).
    public var nestingDepth: Int
    /// The most experiments (documents) in one run, over all files.
    public var experiments: Int
    /// The most groups one experiment may declare.
    public var groupsPerExperiment: Int
    /// The most parameters one group (or `defaults:`) may declare.
    public var parametersPerGroup: Int
    /// The longest scalar, in bytes of UTF-8.
    public var scalarLength: Int
    /// The most nodes (scalars, mappings, sequences) in one document, which bounds the memory a
    /// document takes whatever its shape.
    public var nodesPerDocument: Int
    /// The most errors and warnings reported for one file. Past it, one more diagnostic says how
    /// many were left out (an error when any of them is), so that a broken or hostile file cannot
    /// print millions of lines.
    public var diagnosticsPerFile: Int

    /// Creates limits; every bound must be positive.
    public init(
        fileSize: Int, nestingDepth: Int, experiments: Int, groupsPerExperiment: Int,
        parametersPerGroup: Int, scalarLength: Int, nodesPerDocument: Int = 1_000_000,
        diagnosticsPerFile: Int = 200
    ) {
        precondition(
            fileSize > 0 && nestingDepth > 0 && experiments > 0 && groupsPerExperiment > 0
                && parametersPerGroup > 0 && scalarLength > 0 && nodesPerDocument > 0
                && diagnosticsPerFile > 0,
            "compiler limits are positive"
        )
        self.fileSize = fileSize
        self.nestingDepth = nestingDepth
        self.experiments = experiments
        self.groupsPerExperiment = groupsPerExperiment
        self.parametersPerGroup = parametersPerGroup
        self.scalarLength = scalarLength
        self.nodesPerDocument = nodesPerDocument
        self.diagnosticsPerFile = diagnosticsPerFile
    }

    /// 16 MiB per file, 16 levels of nesting, 100,000 experiments, 1,000 groups, 256 parameters,
    /// 64 KiB per scalar, 1,000,000 nodes per document, 200 errors and warnings per file.
    public static let `default` = CompilerLimits(
        fileSize: 16 << 20, nestingDepth: 16, experiments: 100_000, groupsPerExperiment: 1_000,
        parametersPerGroup: 256, scalarLength: 64 << 10, nodesPerDocument: 1_000_000,
        diagnosticsPerFile: 200
    )
}
