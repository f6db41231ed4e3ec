import SplitTestAnalysis

/// An effect's estimate as the reference scripts read it (`estimate, ci_low, ci_high, p_value`
/// in snake case); `nil` where the readout has none.
struct ReferenceEstimate: Encodable {
    var estimate: Double
    var ciLow: Double
    var ciHigh: Double
    var pValue: Double

    init?(_ estimate: EffectEstimate?) {
        guard let estimate else { return nil }
        self.estimate = estimate.estimate
        ciLow = estimate.ciLow
        ciHigh = estimate.ciHigh
        pValue = estimate.pValue
    }
}
