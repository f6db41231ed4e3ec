/// The two effects of a comparison, from a goal's totals: the conversion indicator per unit and
/// the value per exposed unit, each adjusted by the same goal before exposure when CUPED is on
/// and the covariate was read.
enum EffectReadout {
    typealias AdjustedConversion = RegressionAdjustedStatistic<ProportionStatistic, ProportionStatistic>
    typealias AdjustedValue = RegressionAdjustedStatistic<SampleMeanStatistic, SampleMeanStatistic>

    /// The effect on the conversion indicator (gbstats' `ProportionStatistic`).
    static func conversion(control: Int, treatment: Int, units: [Int], goal: GoalTotals, settings: EffectSettings) -> Effect {
        func outcome(_ group: Int) -> ProportionStatistic {
            ProportionStatistic(units: units[group], converted: goal.converted[group])
        }
        guard settings.cuped, let covariates = goal.covariates else {
            return Effect.compare(control: outcome(control), treatment: outcome(treatment), method: settings.method)
        }
        func adjusted(_ group: Int) -> AdjustedConversion {
            AdjustedConversion(
                post: outcome(group), pre: ProportionStatistic(units: units[group], converted: covariates.preConverted[group]),
                sumOfProducts: Double(covariates.prePostConverted[group]))
        }
        return Effect.compare(control: adjusted(control), treatment: adjusted(treatment), method: settings.method)
    }

    /// The effect on the value per exposed unit (gbstats' `SampleMeanStatistic`).
    static func value(control: Int, treatment: Int, units: [Int], goal: GoalTotals, settings: EffectSettings) -> Effect {
        func outcome(_ group: Int) -> SampleMeanStatistic {
            SampleMeanStatistic(units: units[group], sum: goal.valueSum[group], sumOfSquares: goal.valueSumOfSquares[group])
        }
        guard settings.cuped, let covariates = goal.covariates else {
            return Effect.compare(control: outcome(control), treatment: outcome(treatment), method: settings.method)
        }
        func adjusted(_ group: Int) -> AdjustedValue {
            AdjustedValue(
                post: outcome(group),
                pre: SampleMeanStatistic(
                    units: units[group], sum: covariates.preValueSum[group], sumOfSquares: covariates.preValueSumOfSquares[group]),
                sumOfProducts: covariates.prePostValueProducts[group])
        }
        return Effect.compare(control: adjusted(control), treatment: adjusted(treatment), method: settings.method)
    }
}
