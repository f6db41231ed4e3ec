@_spi(Generated) @_spi(Tools) import SplitTesting

/// The weights each bandit experiment had in each allocation period, from the control documents
/// published so far (`splitc analyze --controls DOC…`): what a period-aware sample-ratio check
/// tests the units of that period against.
///
/// Period 0 has the compiled weights. A document's entry with a `period` gives that period the
/// weights the entry applies (as apps apply it: an entry apps would reject gives nothing). Two
/// documents that give one period different weights make the period's weights unknown, and say so.
public struct AllocationHistory: Sendable, Hashable {
    /// Weights in percent per group (the definition's order), by experiment and period.
    private var weights: [String: [Int: [Double]]] = [:]
    /// Why a period's weights are not known, by experiment and period.
    private var conflicts: [String: [Int: String]] = [:]

    /// The history of the bandits of `definitions` in `controls` (in any order).
    @_spi(Tools) public init(controls: [SplitTestControl], definitions: [SplitTestDefinition]) {
        for definition in definitions where definition.allocation.bandit != nil {
            let identifier = definition.identifier
            var known: [Int: (weights: [Double], sequence: Int?)] = [0: (Self.percent(definition.bucketTable), nil)]
            for control in controls.sorted(by: { $0.sequence < $1.sequence }) {
                guard let entry = control.experiments[identifier], entry.period != nil || entry.weights != nil,
                    case .success(let applied) = definition.applying(entry)
                else { continue }
                let period = applied.period
                let periodWeights = Self.percent(applied.bucketTable)
                if let earlier = known[period] {
                    if earlier.weights != periodWeights, conflicts[identifier]?[period] == nil {
                        let first = earlier.sequence.map { "the document of sequence \($0)" } ?? "the definition"
                        conflicts[identifier, default: [:]][period] =
                            "period \(period) has other weights in \(first) than in the document of sequence \(control.sequence)"
                    }
                } else {
                    known[period] = (periodWeights, control.sequence)
                }
            }
            weights[identifier] = known.mapValues(\.weights)
        }
    }

    /// A table's weights in percent, exactly as the buckets give them (`3334` → `33.34`).
    private static func percent(_ table: BucketTable) -> [Double] {
        table.bucketCounts.map { BucketTable.percent(buckets: $0) }
    }

    /// The weights in percent (summing to 100, in the definition's group order) of `experiment`
    /// in `period`, or why they are not known.
    public func weights(experiment: String, period: Int) -> Result<[Double], Unknown> {
        if let conflict = conflicts[experiment]?[period] { return .failure(Unknown(reason: conflict)) }
        guard let periodWeights = weights[experiment]?[period] else {
            return .failure(Unknown(reason: "the weights of period \(period) are in none of the --controls documents"))
        }
        return .success(periodWeights)
    }

    /// The periods whose weights are known, in order.
    public func periods(experiment: String) -> [Int] {
        (weights[experiment] ?? [:]).keys.filter { conflicts[experiment]?[$0] == nil }.sorted()
    }

    /// Why a period's weights are not known.
    public struct Unknown: Error, Sendable, Hashable {
        /// For the report.
        public var reason: String
    }
}
