import Foundation

/// The shared assignment store's targets, read from the runtime benchmarks: what a process pays
/// for sharing its `FileAssignmentStore` with an app's extensions.
extension Report {
    /// `numerator` against `denominator`, the benchmarks of those names, as a verdict row.
    private func sharedStoreRatio(
        _ target: String, _ numerator: String, over denominator: String, atMost limit: Double
    ) -> (target: String, figure: String, passed: Bool) {
        guard let top = runtime.first(where: { $0.name == numerator })?.nanosecondsMedian,
            let bottom = runtime.first(where: { $0.name == denominator })?.nanosecondsMedian,
            top.isFinite, bottom.isFinite, bottom > 0
        else { return (target, "not measured", false) }
        return (
            target, "\(Formatting.ratio(top / bottom)) (\(Formatting.nanoseconds(top)) against \(Formatting.nanoseconds(bottom)))",
            top / bottom <= limit
        )
    }

    func sharedStoreVerdicts() -> [(target: String, figure: String, passed: Bool)] {
        var verdicts = [
            sharedStoreRatio(
                "shared store: a first-time assignment through the shared file store within 3× one through the single-process file store",
                RuntimeNames.firstTimeSharedStore, over: RuntimeNames.firstTimeSingleProcessStore, atMost: 3),
            sharedStoreRatio(
                "shared store: the sticky path unchanged (through the shared file store within 1.1× the single-process one)",
                RuntimeNames.stickySharedStore, over: RuntimeNames.stickySingleProcessStore, atMost: 1.1),
        ]
        if let sticky = runtime.first(where: { $0.name == RuntimeNames.stickySharedStore }), sticky.mallocsMax.isFinite {
            verdicts.append((
                "shared store: no allocation on the sticky path through the shared file store",
                String(format: "%.3f mallocs/op at most", sticky.mallocsMax), sticky.mallocsMax == 0))
        }
        return verdicts
    }

    func sharedStoreVerdictSection() -> String {
        Formatting.table(
            ["shared store target", "measured", "verdict"],
            sharedStoreVerdicts().map { [$0.target, $0.figure, Formatting.verdict($0.passed)] })
    }
}

/// The shared-store benchmarks, as registered in `Benchmarks/RuntimeBenchmarks/SharedStoreBenchmarks.swift`.
extension RuntimeNames {
    static let firstTimeSingleProcessStore =
        "fetchSplitTest, first-time assignment, single-process file store (with associate(user:))"
    static let firstTimeSharedStore = "fetchSplitTest, first-time assignment, shared file store (with associate(user:))"
    static let stickySingleProcessStore = "fetchSplitTest, sticky, single-process file store"
    static let stickySharedStore = "fetchSplitTest, sticky, shared file store"
}
