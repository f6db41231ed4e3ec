/// The multivariate targets, read from the runtime benchmarks: a first-time assignment in a
/// 3×3×2 factorial against one in an experiment of 18 plain groups, and the factorial's sticky
/// path against a plain experiment's of the same unit type.
extension Report {
    func multivariateVerdicts() -> [(target: String, figure: String, passed: Bool)] {
        [
            ratioVerdict(
                "multivariate: a first-time assignment in a 3×3×2 factorial within \(Formatting.factor(Targets.factorialFirstTimeOverGroups))× one in an 18-group experiment",
                RuntimeNames.firstTimeFactorial, over: RuntimeNames.firstTimeEighteenGroups,
                atMost: Targets.factorialFirstTimeOverGroups),
            ratioVerdict(
                "multivariate: the sticky path of a 3×3×2 factorial within \(Formatting.factor(Targets.factorialStickyOverPlain))× a plain experiment's",
                RuntimeNames.stickyFactorial, over: RuntimeNames.stickyUserLevel, atMost: Targets.factorialStickyOverPlain),
        ]
    }
}

extension RuntimeNames {
    static let firstTimeEighteenGroups = "fetchSplitTest, first-time assignment, 18 groups (with associate(user:))"
    static let firstTimeFactorial = "fetchSplitTest, first-time assignment, 3×3×2 factorial (with associate(user:))"
    static let stickyFactorial = "fetchSplitTest, sticky, 3×3×2 factorial"
}

extension Targets {
    /// A first-time assignment in a 3×3×2 factorial against one in an 18-group experiment.
    static let factorialFirstTimeOverGroups = 1.2
    /// The factorial's sticky path against a plain experiment's.
    static let factorialStickyOverPlain = 1.05
}
