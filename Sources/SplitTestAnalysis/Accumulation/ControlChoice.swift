/// What made a group the control that every other group of a readout is compared with, so that
/// a readout never compares against a group it only assumed without saying so.
public enum ControlChoice: String, Sendable, Hashable {
    /// The experiment's definition: its `control:`, or its first group.
    case definition
    /// The command line: `splitc analyze --control GROUP`.
    case option
    /// No definition gives it, and a group is named `control`.
    case namedControl
    /// No definition gives it and no group is named `control`: the first group by name.
    case firstByName
    /// A holdout: its held-out units against the exposed ones.
    case holdout

    /// Whether the readout assumed the control, rather than being told it.
    public var isAssumed: Bool { self == .namedControl || self == .firstByName }

    /// Why this group is the control, in words.
    public var reason: String {
        switch self {
        case .definition: "the definition's control"
        case .option: "chosen with --control"
        case .namedControl:
            "assumed: no definitions give the control, so the group named 'control'; choose another with --control GROUP"
        case .firstByName:
            "assumed: no definitions give the control and no group is named 'control', so the first group by name; "
                + "choose the right one with --control GROUP"
        case .holdout: "the held-out units, against the exposed ones"
        }
    }

    /// The choice a readout makes without `--control`: the definition's when there is one
    /// (`fromDefinition`), else the group named `control`, else the first by name.
    static func implied(kind: ExperimentTotals.Kind, fromDefinition: Bool, control: String) -> ControlChoice {
        if kind == .holdout { return .holdout }
        if fromDefinition { return .definition }
        return control == "control" ? .namedControl : .firstByName
    }
}

extension ExperimentTotals {
    /// The same totals with `group` as the control, chosen on the command line; nil when the
    /// experiment has no such group. Without a definition, whose order the groups keep, the
    /// control comes first as an assumed one does.
    public func choosingControl(_ group: String) -> ExperimentTotals? {
        guard kind == .experiment, groups.contains(group) else { return nil }
        var chosen = self
        chosen.control = group
        chosen.controlChoice = .option
        guard weights == nil, periods == nil else { return chosen }
        let order = groups.indices.sorted { GroupOrder.controlFirst(groups[$0], groups[$1], control: group) }
        chosen.groups = order.map { groups[$0] }
        chosen.units = order.map { units[$0] }
        chosen.goals = goals.map { goal in
            var reordered = GoalTotals(
                goal: goal.goal, converted: order.map { goal.converted[$0] }, valueSum: order.map { goal.valueSum[$0] },
                valueSumOfSquares: order.map { goal.valueSumOfSquares[$0] })
            reordered.covariates = goal.covariates.map { covariates in
                var moved = covariates
                moved.preConverted = order.map { covariates.preConverted[$0] }
                moved.prePostConverted = order.map { covariates.prePostConverted[$0] }
                moved.preValueSum = order.map { covariates.preValueSum[$0] }
                moved.preValueSumOfSquares = order.map { covariates.preValueSumOfSquares[$0] }
                moved.prePostValueProducts = order.map { covariates.prePostValueProducts[$0] }
                return moved
            }
            return reordered
        }
        return chosen
    }
}
