@_spi(Tools) import SplitTestCompiler
@_spi(Tools) import SplitTesting
import SplitTestFormats

/// The catalog's metrics and events: the metrics of each experiment's page, one page per metric
/// (`metric-<name>.html`, a name no experiment's page can take, since identifiers have no `-`)
/// saying in words what it computes and which experiments use it, and the events and metrics
/// listed on the index.
extension CatalogSite.Context {
    /// The pages of the metrics, by file name.
    func metricPages() -> [(name: String, html: String)] {
        result.metrics.map { (Self.metricPageName($0.name), metricPage($0)) }
    }

    static func metricPageName(_ metric: String) -> String { "metric-\(metric).html" }

    /// The experiments that name `metric`, with its role in each.
    private func uses(of metric: String) -> [(experiment: String, role: String)] {
        result.experiments.compactMap { experiment in
            Self.role(of: metric, in: experiment.metricRoles).map { (experiment.identifier, $0) }
        }
    }

    static func role(of metric: String, in roles: SplitTestMetricRoles) -> String? {
        if roles.primary == metric { return "primary" }
        if roles.secondary.contains(metric) { return "secondary" }
        if roles.guardrails.contains(metric) { return "guardrail" }
        return nil
    }

    // MARK: Experiment page

    /// The experiment's metrics, by role, as a table of what each computes; empty when it names none.
    func metricsSection(of experiment: Experiment) -> String {
        let roles = experiment.metricRoles
        guard !roles.isEmpty else { return "" }
        let byName = Dictionary(result.metrics.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var html = "<h2>Metrics</h2>\n<table class=\"metrics\"><thead><tr><th>Role</th><th>Metric</th><th>Kind</th>"
        html += "<th>Event</th><th>Value</th><th>Window</th><th>Cap</th><th>Better</th></tr></thead><tbody>\n"
        for name in roles.all {
            guard let metric = byName[name], let role = Self.role(of: name, in: roles) else { continue }
            let (event, value) = Self.eventAndValue(metric)
            html += "<tr data-metric=\"\(e(name))\"><td>\(role)</td>"
            html += "<td><a href=\"\(e(Self.metricPageName(name)))\">\(e(name))</a></td><td>\(metric.kindName)</td>"
            html += "<td>\(event)</td><td>\(value)</td><td>\(Self.windowText(metric.window))</td>"
            html += "<td>\(e(Self.capText(metric.cap)))</td><td>\(metric.direction == .increase ? "higher" : "lower")</td></tr>\n"
        }
        return html + "</tbody></table>\n"
    }

    /// The events and values a metric reads, as table cells (a ratio's as numerator / denominator).
    private static func eventAndValue(_ metric: SplitTestMetric) -> (event: String, value: String) {
        func link(_ event: String) -> String {
            "<a href=\"index.html#event-\(HTMLText.escaped(event))\">\(HTMLText.escaped(event))</a>"
        }
        switch metric.kind {
        case .conversion(let event), .count(let event): return (link(event), "—")
        case .sum(let source), .quantile(let source, _): return (link(source.event), HTMLText.escaped(source.value ?? "—"))
        case .ratio(let numerator, let denominator):
            return (
                link(numerator.event) + " / " + link(denominator.event),
                HTMLText.escaped(numerator.value ?? "count") + " / " + HTMLText.escaped(denominator.value ?? "count"))
        }
    }

    // MARK: Metric page

    func metricPage(_ metric: SplitTestMetric) -> String {
        let details = result.metricDetails[metric.name]
        var html = CatalogSite.head(title: metric.name)
        html += "<p><a href=\"index.html\">← All experiments</a></p>\n"
        html += "<h1>\(e(metric.name))</h1>\n"
        if let description = details?.description { html += "<p class=\"lead\">\(e(description))</p>\n" }
        html += "<p class=\"computes\">\(e(Self.computes(metric)))</p>\n"
        html += "<dl class=\"facts\">"
        html += "<dt>Kind</dt><dd>\(metric.kindName)</dd>"
        html += "<dt>Events</dt><dd>" + metric.events.map {
            "<a href=\"index.html#event-\(e($0))\">\(e($0))</a>"
        }.joined(separator: ", ") + "</dd>"
        html += "<dt>Window</dt><dd>\(Self.windowText(metric.window))</dd>"
        html += "<dt>Cap</dt><dd>\(e(Self.capText(metric.cap)))</dd>"
        html += "<dt>Better</dt><dd>\(metric.direction == .increase ? "higher (increase)" : "lower (decrease)")</dd>"
        if let details { html += "<dt>Defined in</dt><dd><code>\(e(details.displayPath)):\(details.location.line)</code></dd>" }
        html += "</dl>\n<h2>Used by</h2>\n"
        let uses = uses(of: metric.name)
        if uses.isEmpty {
            html += "<p class=\"meta\">No experiment names this metric.</p>\n"
        } else {
            html += "<ul class=\"uses\">"
            for (experiment, role) in uses {
                html += "<li><a href=\"\(e(experiment)).html\">\(e(experiment))</a> — \(role)</li>"
            }
            html += "</ul>\n"
        }
        return html + "</body>\n</html>\n"
    }

    /// What a metric computes, in a sentence or three.
    static func computes(_ metric: SplitTestMetric) -> String {
        let window = metric.window.map { " within \(windowWords($0)) after the unit's first exposure" } ?? ""
        var text: String
        switch metric.kind {
        case .conversion(let event):
            text = "The share of units that sent \(event) at least once\(window)."
        case .count(let event):
            text = "The number of \(event) events per unit\(window), averaged over each group's units."
        case .sum(let source):
            text = "The sum of \(source.value ?? "") over each unit's \(source.event) events\(window), averaged over each group's units."
        case .ratio(let numerator, let denominator):
            text = "Over each group's units, \(sourceWords(numerator)) divided by \(sourceWords(denominator))\(window)."
        case .quantile(let source, let quantile):
            text = "The \(percentileWords(quantile * 100)) percentile of \(source.value ?? "") over the \(source.event) events of each group's units\(window)."
        }
        switch metric.cap {
        case .percentile(let percentile)?:
            text += " Each unit's value is capped at the \(percentileWords(percentile)) percentile of all units' values first."
        case .absolute(let value)?:
            text += " Each unit's value is capped at \(JSONValue.foundationText(of: value)) first."
        case nil: break
        }
        return text + (metric.direction == .increase ? " Higher is better." : " Lower is better.")
    }

    private static func sourceWords(_ source: SplitTestMetric.Source) -> String {
        source.value.map { "the sum of \($0) of the \(source.event) events" } ?? "the number of \(source.event) events"
    }

    /// `90th`, `99.5th`, `1st`.
    private static func percentileWords(_ percentile: Double) -> String {
        let number = JSONValue.foundationText(of: (percentile * 1_000_000).rounded() / 1_000_000)
        guard percentile == percentile.rounded() else { return number + "th" }
        let whole = Int(percentile)
        let suffix = (11...13).contains(whole % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][whole % 10] ?? "th"
        return number + suffix
    }

    /// `7 days`, `12 hours`, `1 minute`.
    private static func windowWords(_ seconds: Double) -> String {
        let text = MetricWindow.text(seconds: seconds)
        let count = Int(text.dropLast()) ?? 0
        let unit = ["d": "day", "h": "hour", "m": "minute"][text.last.map(String.init) ?? ""] ?? ""
        return "\(count) \(unit)\(count == 1 ? "" : "s")"
    }

    static func windowText(_ seconds: Double?) -> String {
        seconds.map { windowWords($0) } ?? "to the end of the data"
    }

    static func capText(_ cap: SplitTestMetric.Cap?) -> String {
        switch cap {
        case .percentile(let percentile)?: "at the \(percentileWords(percentile)) percentile"
        case .absolute(let value)?: "at \(JSONValue.foundationText(of: value))"
        case nil: "none"
        }
    }

    // MARK: Index

    /// The metrics (with the experiments that use each) and the events (with their properties
    /// and the metrics that read each), for the index; empty when the definitions declare none.
    func metricsAndEvents() -> String {
        var html = ""
        if !result.metrics.isEmpty {
            html += "<h2>Metrics</h2>\n<table class=\"metrics\"><thead><tr><th>Metric</th><th>Kind</th><th>Description</th>"
            html += "<th>Used by</th></tr></thead><tbody>\n"
            for metric in result.metrics {
                let users = uses(of: metric.name).map { "<a href=\"\(e($0.experiment)).html\">\(e($0.experiment))</a>" }
                html += "<tr data-metric=\"\(e(metric.name))\"><td><a href=\"\(e(Self.metricPageName(metric.name)))\">"
                html += "\(e(metric.name))</a></td><td>\(metric.kindName)</td>"
                html += "<td>\(e(result.metricDetails[metric.name]?.description ?? ""))</td><td>\(users.joined(separator: ", "))</td></tr>\n"
            }
            html += "</tbody></table>\n"
        }
        if !result.events.isEmpty {
            html += "<h2>Events</h2>\n<table class=\"events\"><thead><tr><th>Event</th><th>Properties</th><th>Description</th>"
            html += "<th>Read by</th></tr></thead><tbody>\n"
            for event in result.events {
                let properties = event.properties.map { "\(e($0.name)): \(e(Self.typeText($0.type)))" }
                let readers = result.metrics.filter { $0.events.contains(event.name) }.map {
                    "<a href=\"\(e(Self.metricPageName($0.name)))\">\(e($0.name))</a>"
                }
                html += "<tr id=\"event-\(e(event.name))\" data-event=\"\(e(event.name))\"><td>\(e(event.name))</td>"
                html += "<td>\(properties.isEmpty ? "—" : properties.joined(separator: "<br>"))</td>"
                html += "<td>\(e(result.eventDetails[event.name]?.description ?? ""))</td><td>\(readers.joined(separator: ", "))</td></tr>\n"
            }
            html += "</tbody></table>\n"
        }
        return html
    }

    private static func typeText(_ type: SplitTestEventDeclaration.PropertyType) -> String {
        switch type {
        case .string: "string"
        case .int: "int"
        case .double: "double"
        case .bool: "bool"
        case .values(let values): "one of " + values.joined(separator: ", ")
        }
    }
}
