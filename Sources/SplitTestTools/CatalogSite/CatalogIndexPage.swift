@_spi(Tools) import SplitTestCompiler
@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestFormats

/// The catalog's `index.html`: every experiment in a table (sortable, filterable by owner,
/// status and layer), and every layer as a bar of who owns which range.
extension CatalogSite.Context {
    func index() -> String {
        let experiments = result.experiments
        let owners = Set(experiments.compactMap(\.owner)).sorted()
        let layers = Set(experiments.compactMap { $0.definition.layer?.name }).sorted()
        let failing = failingExperiments
        var html = CatalogSite.head(title: "Split test catalog")
        html += "<h1>Split test catalog</h1>\n"
        html += "<p class=\"meta\">\(Counted.phrase(experiments.count, "experiment"))"
        if !result.environments.isEmpty { html += " · environments: " + e(result.environments.joined(separator: ", ")) }
        html += " · \(Counted.phrase(report.tests, "test document")), "
        html += report.failed == 0
            ? "all passing"
            : "<span class=\"failing\">\(Counted.phrase(failing.count, "experiment")) with a failing spec</span>"
        html += " · statuses as of <time data-field=\"as-of\" datetime=\"\(EventDate.text(secondsSince1970: time))\">"
            + "\(CatalogStatus.time(time))</time></p>\n"
        html += "<div class=\"filters\">"
        html += CatalogSite.select("owner", "Owner", owners)
        html += CatalogSite.select("status", "Status", CatalogStatus.allCases.map(\.rawValue))
        html += CatalogSite.select("layer", "Layer", layers)
        html += CatalogSite.select("specs", "Specs", ["failing", "passing", "none"])
        html += "<input id=\"search\" type=\"search\" placeholder=\"Search identifiers and descriptions\" aria-label=\"Search\">"
        html += "</div>\n"
        html += "<table id=\"experiments\"><thead><tr>"
        let columns = ["Experiment", "Description", "Owner", "Type", "Status", "Schedule", "Environments", "Layer", "Expires"]
        for (index, column) in columns.enumerated() {
            html += "<th data-column=\"\(index)\" tabindex=\"0\">\(column)</th>"
        }
        html += "</tr></thead><tbody>\n"
        for experiment in experiments {
            html += row(experiment, failing: failing.contains(experiment.identifier))
        }
        html += "</tbody></table>\n"
        if !layers.isEmpty { html += layerBars(layers) }
        html += metricsAndEvents()
        html += "<script>\(CatalogSite.script)</script>\n</body>\n</html>\n"
        return html
    }

    /// One experiment's row.
    private func row(_ experiment: Experiment, failing: Bool) -> String {
        let definition = experiment.definition
        let status = CatalogStatus(definition, at: time)
        let layer = definition.layer?.name ?? ""
        let specs = failing ? "failing" : tests[experiment.identifier] == nil ? "none" : "passing"
        var html = "<tr data-experiment=\"\(e(experiment.identifier))\" data-owner=\"\(e(experiment.owner ?? ""))\" "
        html += "data-status=\"\(status.rawValue)\" data-layer=\"\(e(layer))\" data-specs=\"\(specs)\""
        html += failing ? " class=\"failing\">" : ">"
        html += "<td><a href=\"\(e(experiment.identifier)).html\">\(e(experiment.identifier))</a>"
        if failing { html += " <span class=\"tag fail\" title=\"a test document of this experiment fails\">spec failing</span>" }
        if definition.allocation.bandit != nil { html += " <span class=\"tag\">bandit</span>" }
        if definition.factorial != nil { html += " <span class=\"tag\">multivariate</span>" }
        html += "</td>"
        html += "<td>\(e(experiment.description ?? ""))</td><td class=\"nowrap\">\(e(experiment.owner ?? ""))</td>"
        html += "<td>\(definition.unitType.rawValue)</td>"
        html += "<td><span class=\"status \(status.rawValue)\">\(status.rawValue)</span>"
        switch status {
        case .resolved: html += " → " + e(definition.winner ?? "")
        case .scheduled: html += "<br><span class=\"when\">from \(CatalogStatus.time(definition.schedule?.start))</span>"
        default: break
        }
        html += "</td>"
        html += "<td>\(definition.schedule == nil ? "" : e(CatalogStatus.schedule(definition.schedule)))</td>"
        html += "<td>\(e(definition.environments.keys.sorted().joined(separator: ", ")))</td>"
        html += "<td>\(e(layer))</td><td class=\"nowrap\">\(experiment.expires.map(\.description) ?? "")</td></tr>\n"
        return html
    }

    /// A bar per layer: which experiment owns which part of its range.
    private func layerBars(_ layers: [String]) -> String {
        var members: [String: [(experiment: Experiment, buckets: Range<Int>)]] = [:]
        for experiment in result.experiments {
            if let layer = experiment.definition.layer { members[layer.name, default: []].append((experiment, layer.buckets)) }
        }
        var html = "<h2>Layers</h2>\n"
        for layer in layers {
            html += "<h3>\(e(layer))</h3>\n<div class=\"layer\" data-layer=\"\(e(layer))\">"
            let owners = (members[layer] ?? []).sorted { $0.buckets.lowerBound < $1.buckets.lowerBound }
            var position = 0
            for (index, (experiment, buckets)) in owners.enumerated() {
                if buckets.lowerBound > position {
                    html += CatalogSite.segment(width: buckets.lowerBound - position, label: "free", colour: -1, link: nil)
                }
                html += CatalogSite.segment(
                    width: buckets.count, label: experiment.identifier, colour: index, link: "\(experiment.identifier).html")
                position = buckets.upperBound
            }
            if position < Bucketing.bucketCount {
                html += CatalogSite.segment(width: Bucketing.bucketCount - position, label: "free", colour: -1, link: nil)
            }
            html += "</div>\n<p class=\"caption\">"
            html += owners.map {
                "\(e($0.experiment.identifier)) \(BucketTable.percentText(buckets: $0.buckets.lowerBound))–\(BucketTable.percentText(buckets: $0.buckets.upperBound))%"
            }.joined(separator: " · ")
            html += "</p>\n"
        }
        return html
    }
}
