import SplitTestAnalysis
import SplitTestFormats
@_spi(Tools) import SplitTestTools

/// `--experiment`, `--goal` and `--control` of `splitc analyze`, checked against what the data
/// has: a name it does not have is a mistake on the command line (exit 2, with "did you mean"),
/// never an empty report.
struct AnalyzeSelection {
    var experiment: String?
    var goal: String?
    var control: String?

    /// `totals` narrowed to the experiment and goal, with the control chosen.
    func apply(to totals: [ExperimentTotals]) throws(InputError) -> [ExperimentTotals] {
        var selected = totals
        if let experiment {
            selected = totals.filter { $0.experiment == experiment }
            if selected.isEmpty {
                let known = totals.map(\.experiment)
                throw InputError(
                    "no experiment '\(experiment)' in the input (it has: \(Self.list(known)))"
                        + Suggestions.didYouMean(experiment, in: known))
            }
        }
        if let goal {
            let known = Set(selected.flatMap { $0.goals.map(\.goal) }).sorted()
            guard known.contains(goal) else {
                let place = experiment.map { "of experiment '\($0)'" } ?? "in the input"
                throw InputError(
                    "no goal '\(goal)' \(place) (it has: \(Self.list(known)))" + Suggestions.didYouMean(goal, in: known))
            }
            selected = selected.map { experiment in
                var filtered = experiment
                filtered.goals = experiment.goals.filter { $0.goal == goal }
                return filtered
            }
        }
        if let control {
            selected = try selected.map { totals throws(InputError) in
                guard totals.kind == .experiment else { return totals }
                guard let chosen = totals.choosingControl(control) else {
                    let others = selected.count > 1 ? "; give --experiment to choose the control of one experiment" : ""
                    throw InputError(
                        "--control '\(control)': experiment '\(totals.experiment)' has no group '\(control)' "
                            + "(its groups: \(Self.list(totals.groups)))" + others + Suggestions.didYouMean(control, in: totals.groups))
                }
                return chosen
            }
        }
        return selected
    }

    private static func list(_ names: [String]) -> String {
        names.isEmpty ? "none" : names.joined(separator: ", ")
    }
}
