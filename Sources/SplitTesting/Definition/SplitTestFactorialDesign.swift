/// How the groups of a multivariate experiment are made of factors: each group is a *cell*, one
/// level of every factor, named by its levels joined by `+` in factor order (`urgent+orange`).
///
/// A multivariate experiment is an ordinary ``SplitTestDefinition`` whose ``SplitTestDefinition/groups``
/// are its listed cells, in cell order (lexicographic by level index in factor order, the last
/// factor varying fastest), with one bucket table over them. This value adds what the factors are,
/// so that exposures can carry each factor's level and the readout can estimate each factor's
/// effect. A debug menu can read it too:
///
/// ```swift
/// if let design = CheckoutPageSplitTest.definition.factorial {
///     for factor in design.factors { print(factor.name, factor.levels) }  // headline [classic, urgent]
/// }
/// ```
@_spi(Generated) public struct SplitTestFactorialDesign: Sendable, Hashable {
    /// One factor of a multivariate experiment: its name and its levels in declaration order.
    /// The first level is the control's.
    public struct Factor: Sendable, Hashable {
        /// The factor's name, as written in the definition.
        public let name: String
        /// The level names, in declaration order.
        public let levels: [String]

        /// A factor named `name` with `levels`, in declaration order.
        public init(name: String, levels: [String]) {
            precondition(levels.count >= 2, "factor \(name) has at least two levels")
            self.name = name
            self.levels = levels
        }

        /// A factor named `name` whose levels are the cases of the generated enum `Level`;
        /// generated code calls this.
        public init<Level: RawRepresentable & CaseIterable>(name: String, levels: Level.Type)
        where Level.RawValue == String {
            self.init(name: name, levels: Level.allCases.map(\.rawValue))
        }
    }

    /// What joins the levels of a cell in its name: `urgent+orange`.
    public static let levelSeparator: Character = "+"

    /// The factors, in declaration order.
    public let factors: [Factor]
    /// For each cell, in the order of the definition's groups, the index of its level in each
    /// factor: `cellLevels[cell][factor]`.
    package let cellLevels: [[Int]]

    /// The design whose cells are named `cells` (each one level of every factor, joined by `+`
    /// in factor order), or `nil` when a name is not such a cell or a cell is named twice.
    @_spi(Tools) public init?(factors: [Factor], cells: [String]) {
        guard factors.count >= 2 else { return nil }
        var levels: [[Int]] = []
        levels.reserveCapacity(cells.count)
        for cell in cells {
            let parts = cell.split(separator: Self.levelSeparator, omittingEmptySubsequences: false)
            guard parts.count == factors.count else { return nil }
            var indices: [Int] = []
            indices.reserveCapacity(parts.count)
            for (part, factor) in zip(parts, factors) {
                guard let index = factor.levels.firstIndex(where: { $0 == part }) else { return nil }
                indices.append(index)
            }
            levels.append(indices)
        }
        guard Set(levels).count == levels.count else { return nil }
        self.factors = factors
        self.cellLevels = levels
    }

    /// The design whose cells have these level indices, in the order of the definition's groups.
    package init(factors: [Factor], cellLevels: [[Int]]) {
        precondition(
            cellLevels.allSatisfy { $0.count == factors.count && zip($0, factors).allSatisfy { $1.levels.indices.contains($0) } },
            "each cell has one level of every factor")
        self.factors = factors
        self.cellLevels = cellLevels
    }

    /// The name of the cell with the level at `levelIndices[f]` of each factor `f`.
    package func cellName(levelIndices: [Int]) -> String {
        Self.cellName(levels: zip(factors, levelIndices).map { $0.levels[$1] })
    }

    /// `levels` joined by `+`: the name of the cell with those levels, in factor order.
    public static func cellName(levels: [String]) -> String {
        levels.joined(separator: String(levelSeparator))
    }

    /// The number of cells of the full factorial: the product of the factors' level counts.
    package var fullFactorialCellCount: Int {
        // Saturates: a fractional design may list a few cells of an astronomically large product.
        factors.reduce(1) { count, factor in
            let (product, overflow) = count.multipliedReportingOverflow(by: factor.levels.count)
            return overflow ? .max : product
        }
    }

    /// Whether every combination of levels is a cell (a full factorial), rather than some of
    /// them (a fractional design).
    public var isFullFactorial: Bool { cellLevels.count == fullFactorialCellCount }

    /// The level of each factor in the cell at `index` of the definition's groups.
    public func levels(ofCell index: Int) -> [String] {
        zip(factors, cellLevels[index]).map { $0.levels[$1] }
    }
}
