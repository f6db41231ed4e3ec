/// How the reports name and show effects.
extension NumberFormatting {
    /// A number of days as written: `14 days`, `1 day`, `0.5 days`.
    static func days(_ days: Double) -> String {
        let text = days == days.rounded() && abs(days) < 1e15 ? String(Int(days)) : "\(days)"
        return text + (days == 1 ? " day" : " days")
    }

    /// A count with thousands separators: `5,000`.
    static func count(_ value: Double) -> String {
        guard value.isFinite, value == value.rounded(), abs(value) < 1e15 else { return "\(value)" }
        var digits = String(Int(abs(value)))
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(digits.suffix(3), at: 0)
            digits = String(digits.dropLast(3))
        }
        groups.insert(Substring(digits), at: 0)
        return (value < 0 ? "-" : "") + groups.joined(separator: ",")
    }

    /// A signed value with `digits` decimals: `+0.0312`.
    static func signedFixed(_ value: Double?, _ digits: Int) -> String {
        guard let value, value.isFinite else { return "–" }
        return (value >= 0 ? "+" : "") + fixed(value, digits)
    }

    /// The sentence under a goal that says how its effects were computed.
    static func effectsCaption(_ settings: EffectSettings, window: PreExposureWindow?, periodWeighted: Bool = false) -> String {
        var text: String
        switch settings.method {
        case .tTest:
            text = "Welch's t-test, 95% interval: valid for one look at the end of the experiment"
        case .sequential(let tuning):
            text = "sequential test, 95% always-valid interval (tuned for \(count(tuning)) units): valid however often one looks"
        }
        if periodWeighted {
            text += "; on the period-weighted rates and means"
            if settings.cuped { text += "; CUPED does not apply to a bandit's period-weighted figures" }
        } else if settings.cuped {
            text += window.map { "; CUPED: adjusted by the same goal in the \(days($0.days)) before each unit's first exposure" }
                ?? "; CUPED asked for, but no pre-exposure data was read"
        }
        return text
    }
}
