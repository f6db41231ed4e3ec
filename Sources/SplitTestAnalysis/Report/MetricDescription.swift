@_spi(Tools) import SplitTesting

/// How the text and HTML readouts name a metric and show its figures.
enum MetricDescription {
    /// What the metric measures, in words: `sum of purchase.revenue per unit, within 7 days,
    /// capped at 120.5 (99th percentile)`.
    static func summary(_ readout: MetricReadout) -> String {
        let metric = readout.metric
        func source(_ source: SplitTestMetric.Source) -> String {
            source.value.map { "\(source.event).\($0)" } ?? "\(source.event) events"
        }
        var text: String
        switch metric.kind {
        case .conversion(let event): text = "units that sent \(event)"
        case .count(let event): text = "\(event) events per unit"
        case .sum(let value): text = "sum of \(source(value)) per unit"
        case .ratio(let numerator, let denominator): text = "Σ \(source(numerator)) / Σ \(source(denominator)) over the units"
        case .quantile(let value, let level): text = "\(ordinal(level)) percentile of \(source(value)) over the events"
        }
        if let window = metric.window { text += ", within \(duration(window)) of the first exposure" }
        if let cap = metric.cap, let value = readout.capValue, metric.capsValues {
            switch cap {
            case .absolute: text += ", capped at \(NumberFormatting.fixed(value, 4))"
            case .percentile(let percentile):
                text += ", capped at \(NumberFormatting.fixed(value, 4)) (the \(ordinal(percentile / 100)) percentile)"
            }
        }
        return text + "; " + (metric.direction == .increase ? "higher is better" : "lower is better")
    }

    /// `90th`, `99.5th`, `1st`.
    static func ordinal(_ level: Double) -> String {
        let percent = level * 100
        let text = abs(percent - percent.rounded()) < 1e-9 ? String(Int(percent.rounded())) : NumberFormatting.fixed(percent, 2)
        let suffix: String
        switch text.hasSuffix("11") || text.hasSuffix("12") || text.hasSuffix("13") ? "" : String(text.last ?? "0") {
        case "1": suffix = "st"
        case "2": suffix = "nd"
        case "3": suffix = "rd"
        default: suffix = "th"
        }
        return text + suffix
    }

    /// A window in its largest whole unit: `7 days`, `12 hours`, `90 minutes`, `45 seconds`.
    static func duration(_ seconds: Double) -> String {
        for (size, unit) in [(86_400.0, "day"), (3_600, "hour"), (60, "minute")] where seconds >= size && (seconds / size).rounded() == seconds / size {
            let count = Int(seconds / size)
            return "\(count) \(unit)\(count == 1 ? "" : "s")"
        }
        return NumberFormatting.fixed(seconds, seconds == seconds.rounded() ? 0 : 3) + " seconds"
    }

    /// A group's value: a rate as a percentage, anything else with four decimals.
    static func value(_ value: Double?, of metric: SplitTestMetric) -> String {
        if case .conversion = metric.kind { return NumberFormatting.percent(value) }
        return NumberFormatting.fixed(value, 4)
    }

    /// A difference in the metric's unit: percentage points for a rate, else four decimals.
    static func difference(_ value: Double?, of metric: SplitTestMetric, unit: Bool = true) -> String {
        if case .conversion = metric.kind { return NumberFormatting.signedPoints(value, unit: unit) }
        return NumberFormatting.signedFixed(value, 4)
    }

    /// The caption of an experiment's metrics: the method, CUPED, and the correction.
    static func caption(_ readout: ExperimentReadout) -> String {
        var text: String
        switch readout.effects.method {
        case .tTest: text = "Welch's t-test, 95% intervals: valid for one look at the end of the experiment"
        case .sequential(let tuning):
            text = "sequential test, 95% always-valid intervals (tuned for \(NumberFormatting.count(tuning)) units): valid however often one looks"
        }
        if readout.effects.cuped {
            let window = readout.metrics?.lazy.compactMap(\.preExposureWindow).first
            text += window.map { "; CUPED: conversions, counts and sums adjusted by the same metric in the \(NumberFormatting.days($0.days)) before each unit's first exposure (not ratios or quantiles)" }
                ?? "; CUPED asked for, but no metric here takes it (ratios and quantiles do not) or no pre-exposure data was read"
        }
        switch readout.correction {
        case .holm: text += "; secondary metrics' p-values adjusted together by Holm's method"
        case .bh: text += "; secondary metrics' p-values adjusted together by Benjamini-Hochberg (false discovery rate)"
        case .none: text += "; no adjustment for multiple comparisons"
        }
        return text + "; the primary metric and the guardrails are not adjusted"
    }

    /// The comparisons of guardrails that moved significantly the wrong way over all units.
    static func harms(_ readout: ExperimentReadout) -> [(metric: MetricReadout, comparison: MetricComparison)] {
        (readout.metrics ?? []).flatMap { metric in
            metric.comparisons.filter { $0.verdict == .harm }.map { (metric, $0) }
        }
    }

    /// The slices in which a guardrail moved significantly the wrong way, per guardrail and group.
    static func sliceHarms(_ readout: ExperimentReadout) -> [(metric: MetricReadout, group: String, slices: [String])] {
        var found: [(MetricReadout, String, [String])] = []
        for metric in readout.metrics ?? [] {
            for group in metric.groups.map(\.group) {
                let slices = (metric.slices ?? []).filter { slice in
                    slice.comparisons.contains { $0.group == group && $0.verdict == .harm }
                }
                if !slices.isEmpty { found.append((metric, group, slices.map(\.value))) }
            }
        }
        return found
    }
}
