/// Why a comparison with the control has no estimate, in the words every table of a readout
/// uses: the plain comparison and the effects below it say "no estimate" for the same rows, for
/// the same reason (fewer than 2 units, no variance), rather than one table showing dashes or a
/// zero-width interval where the other says there is nothing to show. Only the effects have a
/// reason of their own: a control mean of 0, where GrowthBook's engine gives no estimate.
enum NoEstimate {
    /// The figure compared.
    enum Measure {
        /// Whether each unit converted.
        case conversion
        /// The value per exposed unit.
        case value
    }

    /// `no estimate: <reason>`.
    static func text(_ reason: String) -> String { "no estimate: " + reason }

    /// Why the plain comparison of `group` with `control` on `measure` has no estimate (no
    /// p-value): too few units, or nothing that varies; nil when it has one.
    static func plainReason(_ group: GroupReadout, control: GroupReadout?, measure: Measure) -> String? {
        guard let comparison = group.vsControl else { return nil }
        let pValue = measure == .conversion ? comparison.pValue : comparison.valuePValue
        guard pValue == nil else { return nil }
        return tooFewUnits(group, control) ?? "no variance"
    }

    /// Why `effect` has no estimate: the plain comparison's reason when it has one, else a
    /// control mean of 0 (GrowthBook's engine then gives none, having no relative effect); nil
    /// when it has an estimate.
    static func effectReason(_ effect: Effect?, of group: GroupReadout, control: GroupReadout?, measure: Measure) -> String? {
        guard effect?.absolute == nil else { return nil }
        if let reason = tooFewUnits(group, control) ?? plainReason(group, control: control, measure: measure) { return reason }
        let controlMean = measure == .conversion ? control?.conversionRate : control?.valueMean
        if controlMean == 0 { return "control mean is 0" }
        return "not computable"
    }

    private static func tooFewUnits(_ group: GroupReadout, _ control: GroupReadout?) -> String? {
        group.units < 2 || (control?.units ?? 0) < 2 ? "fewer than 2 units" : nil
    }
}
