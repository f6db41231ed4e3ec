@_spi(Tools) import SplitTestCompiler
@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestFormats

/// `splitc catalog`: a static site of every experiment, for people who do not read YAML. An
/// index (sortable, filterable by owner, status and layer, with a bar per layer of who owns which
/// range) and one page per experiment. Self-contained: inline CSS and script, no request leaves
/// the page.
package enum CatalogSite {
    /// The pages: `index.html`, `<identifier>.html` and `metric-<name>.html`, by file name.
    package static func pages(
        _ result: CompilationResult, tests report: DefinitionTestReport
    ) -> [(name: String, html: String)] {
        let context = Context(result: result, report: report)
        return [("index.html", context.index())]
            + result.experiments.map { ("\($0.identifier).html", context.page(of: $0)) } + context.metricPages()
    }

    /// What every page reads.
    struct Context {
        let result: CompilationResult
        let report: DefinitionTestReport
        /// The experiments that require each experiment, by its identifier.
        let requiredBy: [String: [String]]

        init(result: CompilationResult, report: DefinitionTestReport) {
            self.result = result
            self.report = report
            var requiredBy: [String: [String]] = [:]
            for experiment in result.experiments {
                for requirement in experiment.definition.requirements {
                    requiredBy[requirement.experiment, default: []].append(experiment.identifier)
                }
            }
            self.requiredBy = requiredBy
        }

        // MARK: Index

        func index() -> String {
            let experiments = result.experiments
            let owners = Set(experiments.compactMap(\.owner)).sorted()
            let layers = Set(experiments.compactMap { $0.definition.layer?.name }).sorted()
            var html = Self.head(title: "Split test catalog")
            html += "<h1>Split test catalog</h1>\n"
            html += "<p class=\"meta\">\(experiments.count) experiments"
            if !result.environments.isEmpty { html += " · environments: " + e(result.environments.joined(separator: ", ")) }
            html += " · \(report.tests) test documents, \(report.failed == 0 ? "all passing" : "\(report.failed) failing")</p>\n"
            html += "<div class=\"filters\">"
            html += Self.select("owner", "Owner", owners)
            html += Self.select("status", "Status", ["running", "stopped", "resolved"])
            html += Self.select("layer", "Layer", layers)
            html += "<input id=\"search\" type=\"search\" placeholder=\"Search identifiers and descriptions\" aria-label=\"Search\">"
            html += "</div>\n"
            html += "<table id=\"experiments\"><thead><tr>"
            for (index, column) in ["Experiment", "Description", "Owner", "Type", "Status", "Environments", "Layer", "Expires"].enumerated() {
                html += "<th data-column=\"\(index)\" tabindex=\"0\">\(column)</th>"
            }
            html += "</tr></thead><tbody>\n"
            for experiment in experiments {
                let definition = experiment.definition
                let status = definition.status.name
                let layer = definition.layer?.name ?? ""
                html += "<tr data-experiment=\"\(e(experiment.identifier))\" data-owner=\"\(e(experiment.owner ?? ""))\" "
                html += "data-status=\"\(status)\" data-layer=\"\(e(layer))\">"
                html += "<td><a href=\"\(e(experiment.identifier)).html\">\(e(experiment.identifier))</a></td>"
                html += "<td>\(e(experiment.description ?? ""))</td><td>\(e(experiment.owner ?? ""))</td>"
                html += "<td>\(definition.unitType.rawValue)</td>"
                html += "<td><span class=\"status \(status)\">\(status)</span>\(definition.winner.map { " → " + e($0) } ?? "")</td>"
                html += "<td>\(e(definition.environments.keys.sorted().joined(separator: ", ")))</td>"
                html += "<td>\(e(layer))</td><td>\(experiment.expires.map(\.description) ?? "")</td></tr>\n"
            }
            html += "</tbody></table>\n"
            if !layers.isEmpty {
                html += "<h2>Layers</h2>\n"
                for layer in layers {
                    html += "<h3>\(e(layer))</h3>\n<div class=\"layer\" data-layer=\"\(e(layer))\">"
                    let members = experiments.compactMap { experiment in
                        experiment.definition.layer.flatMap { $0.name == layer ? (experiment, $0.buckets) : nil }
                    }.sorted { $0.1.lowerBound < $1.1.lowerBound }
                    var position = 0
                    for (index, (experiment, buckets)) in members.enumerated() {
                        if buckets.lowerBound > position {
                            html += Self.segment(width: buckets.lowerBound - position, label: "free", colour: -1, link: nil)
                        }
                        html += Self.segment(
                            width: buckets.count, label: experiment.identifier, colour: index, link: "\(experiment.identifier).html")
                        position = buckets.upperBound
                    }
                    if position < Bucketing.bucketCount {
                        html += Self.segment(width: Bucketing.bucketCount - position, label: "free", colour: -1, link: nil)
                    }
                    html += "</div>\n<p class=\"caption\">"
                    html += members.map { "\(e($0.0.identifier)) \(BucketTable.percentText(buckets: $0.1.lowerBound))–\(BucketTable.percentText(buckets: $0.1.upperBound))%" }
                        .joined(separator: " · ")
                    html += "</p>\n"
                }
            }
            html += metricsAndEvents()
            html += "<script>\(Self.script)</script>\n</body>\n</html>\n"
            return html
        }

        // MARK: Experiment page

        func page(of experiment: Experiment) -> String {
            let definition = experiment.definition
            var html = Self.head(title: experiment.identifier)
            html += "<p><a href=\"index.html\">← All experiments</a></p>\n"
            html += "<h1>\(e(experiment.identifier))</h1>\n"
            if let description = experiment.description { html += "<p class=\"lead\">\(e(description))</p>\n" }
            html += "<dl class=\"facts\">"
            html += fact("Owner", e(experiment.owner ?? "—"))
            html += fact("Unit", definition.unitType == .user ? "signed-in user" : "device")
            html += fact("Status", "<span class=\"status \(definition.status.name)\">\(definition.status.name)</span>"
                + (definition.winner.map { ", winner " + e($0) } ?? ""))
            html += fact("Traffic", BucketTable.percentText(buckets: definition.trafficBuckets) + "% of units")
            if let expires = experiment.expires { html += fact("Expires", expires.description) }
            html += fact("Defined in", "<code>\(e(experiment.displayPath)):\(experiment.location.line)</code>")
            html += "</dl>\n"

            html += "<h2>\(definition.factorial == nil ? "Groups" : "Cells")</h2>\n"
            html += weightsBar(definition.groups, definition.bucketTable, environment: nil)
            html += groupsTable(experiment)
            if !definition.environments.isEmpty {
                html += "<h2>Environments</h2>\n<table class=\"environments\"><thead><tr><th>Environment</th><th>Traffic</th>"
                html += "<th>Status</th><th>Forced units</th><th>Schedule</th></tr></thead><tbody>\n"
                for name in result.environments {
                    let values = definition.inEnvironment(name)
                    html += "<tr data-environment=\"\(e(name))\"><td>\(e(name))\(definition.environments[name] == nil ? " (base values)" : "")</td>"
                    html += "<td>\(BucketTable.percentText(buckets: values.trafficBuckets))%</td><td>\(values.status.name)\(values.winner.map { " → " + e($0) } ?? "")</td>"
                    html += "<td>\(values.force.count)</td><td>\(scheduleText(values.schedule))</td></tr>\n"
                }
                html += "</tbody></table>\n"
                for name in result.environments where definition.environments[name]?.bucketTable != nil {
                    html += "<h3>Weights in \(e(name))</h3>\n"
                    html += weightsBar(definition.groups, definition.inEnvironment(name).bucketTable, environment: name)
                }
            }

            html += "<h2>Who is enrolled</h2>\n<ul class=\"who\">"
            if let targeting = definition.targeting {
                for phrase in TargetingWords.phrases(targeting.conditions) { html += "<li>\(e(phrase))</li>" }
                for segment in targeting.segments {
                    html += "<li>in segment <b>\(e(segment.name))</b>: " + e(TargetingWords.phrases(segment.conditions).joined(separator: ", and ")) + "</li>"
                }
                for segment in targeting.excludedSegments {
                    html += "<li>not in segment <b>\(e(segment.name))</b>: " + e(TargetingWords.phrases(segment.conditions).joined(separator: ", and ")) + "</li>"
                }
            } else {
                html += "<li>every unit (no targeting)</li>"
            }
            for requirement in definition.requirements {
                html += "<li>requires <a href=\"\(e(requirement.experiment)).html\">\(e(requirement.experiment))</a> to give "
                    + e(requirement.groups.sorted().joined(separator: " or ")) + "</li>"
            }
            if let holdout = definition.holdout {
                html += "<li>not in holdout <b>\(e(holdout.name))</b> (\(BucketTable.percentText(buckets: holdout.buckets))% of \(holdout.unitType.rawValue)s)</li>"
            }
            if let layer = definition.layer {
                html += "<li>in layer <b>\(e(layer.name))</b>, range \(BucketTable.percentText(buckets: layer.buckets.lowerBound))–\(BucketTable.percentText(buckets: layer.buckets.upperBound))%</li>"
            }
            html += "<li>schedule: \(scheduleText(definition.schedule))</li>"
            html += "</ul>\n"
            if let dependents = requiredBy[experiment.identifier] {
                html += "<p>Required by: " + dependents.map { "<a href=\"\(e($0)).html\">\(e($0))</a>" }.joined(separator: ", ") + "</p>\n"
            }

            html += metricsSection(of: experiment)
            html += "<h2>Test specs</h2>\n"
            let tests = result.tests.filter { $0.experiment == experiment.identifier }
            if tests.isEmpty {
                html += "<p class=\"meta\">No test document names this experiment.</p>\n"
            } else {
                html += "<ul class=\"specs\">"
                for test in tests {
                    let failures = report.failures.filter { $0.test == experiment.identifier && $0.location.file == test.location.file }
                    let count = test.cases.count + (test.distribution == nil ? 0 : 1)
                    html += "<li class=\"\(failures.isEmpty ? "pass" : "fail")\"><code>\(e(test.location.file))</code>: \(count) cases, "
                        + (failures.isEmpty ? "all pass" : "\(failures.count) failing") + (test.description.map { " — " + e($0) } ?? "")
                    for failure in failures { html += "<br><code>\(e(failure.location.description))</code> \(e(failure.message))" }
                    html += "</li>"
                }
                html += "</ul>\n"
            }
            let warnings = warnings(of: experiment)
            if !warnings.isEmpty {
                html += "<h2>Warnings</h2>\n<ul class=\"warnings\">"
                for warning in warnings { html += "<li>\(e(warning.message))</li>" }
                html += "</ul>\n"
            }
            html += "</body>\n</html>\n"
            return html
        }

        private func fact(_ term: String, _ value: String) -> String {
            "<dt>\(term)</dt><dd>\(value)</dd>"
        }

        /// The warnings written in the experiment's document: from its start to the next
        /// experiment's in the same file.
        private func warnings(of experiment: Experiment) -> [Diagnostic] {
            let file = experiment.location.file
            let next = result.experiments.map(\.location).filter { $0.file == file && $0.line > experiment.location.line }
                .map(\.line).min() ?? Int.max
            return result.diagnostics.filter {
                $0.severity == .warning && $0.location.file == file && $0.location.line >= experiment.location.line
                    && $0.location.line < next
            }
        }

        private func scheduleText(_ schedule: SplitTestSchedule?) -> String {
            guard let schedule else { return "always" }
            let start = schedule.start.map { "from " + EventDate.text(secondsSince1970: $0) }
            let end = schedule.end.map { "until " + EventDate.text(secondsSince1970: $0) }
            return [start, end].compactMap { $0 }.joined(separator: " ")
        }

        /// The groups' shares as one bar.
        private func weightsBar(_ groups: [String], _ table: BucketTable, environment: String?) -> String {
            var html = "<div class=\"bar\" data-weights=\"\(e(environment ?? "base"))\">"
            for (index, count) in table.bucketCounts.enumerated() where count > 0 {
                html += Self.segment(width: count, label: groups[index], colour: index, link: nil)
            }
            return html + "</div>\n"
        }

        private func groupsTable(_ experiment: Experiment) -> String {
            let definition = experiment.definition
            let counts = definition.bucketTable.bucketCounts
            var html = "<table class=\"groups\"><thead><tr><th>\(definition.factorial == nil ? "Group" : "Cell")</th><th>Share</th>"
            let parameters = experiment.factors.isEmpty ? experiment.parameters : []
            for parameter in parameters { html += "<th>\(e(parameter.name))</th>" }
            html += "<th>Description</th></tr></thead><tbody>\n"
            for (index, group) in experiment.groups.enumerated() {
                let name = definition.groups[index]
                html += "<tr data-group=\"\(e(name))\"><td>\(e(name))\(index == definition.controlIndex ? " <span class=\"tag\">control</span>" : "")</td>"
                html += "<td>\(BucketTable.percentTextWithTwoDecimals(buckets: counts[index]))%</td>"
                for value in group.parameterValues.prefix(parameters.count) { html += "<td>\(e(value.text))</td>" }
                html += "<td>\(e(group.description ?? ""))</td></tr>\n"
            }
            return html + "</tbody></table>\n"
        }

        private func e(_ text: String) -> String { HTMLText.escaped(text) }

        // MARK: Shared pieces

        static func head(title: String) -> String {
            """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTMLText.escaped(title))</title>
            <style>\(style)</style>
            </head>
            <body>

            """
        }

        static func select(_ field: String, _ label: String, _ values: [String]) -> String {
            var html = "<label>\(label) <select data-filter=\"\(field)\"><option value=\"\">All</option>"
            for value in values { html += "<option>\(HTMLText.escaped(value))</option>" }
            return html + "</select></label>"
        }

        /// A part of a bar, `width` of the 10,000 buckets wide.
        static func segment(width: Int, label: String, colour: Int, link: String?) -> String {
            let percent = BucketTable.percentTextWithTwoDecimals(buckets: width)
            let style = "flex:\(width) 0 0;background:\(colour < 0 ? "#eceff1" : palette[colour % palette.count])"
            let text = "\(HTMLText.escaped(label)) \(percent)%"
            let content = link.map { "<a href=\"\(HTMLText.escaped($0))\">\(text)</a>" } ?? text
            return "<span class=\"segment\(colour < 0 ? " free" : "")\" style=\"\(style)\" title=\"\(text)\">\(content)</span>"
        }

        static let palette = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#9c755f"]

        static let style = """
            body{font:14px/1.45 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;margin:24px auto;max-width:1180px;color:#1d1d1f;padding:0 16px}
            h1{font-size:22px;margin:0 0 8px}h2{font-size:17px;margin:26px 0 8px}h3{font-size:14px;margin:14px 0 4px}
            a{color:#0b57d0;text-decoration:none}a:hover{text-decoration:underline}.meta,.caption{color:#555}.caption{font-size:12px;margin:4px 0 0}
            .lead{font-size:15px}.filters{display:flex;gap:14px;flex-wrap:wrap;align-items:center;margin:12px 0}
            select,input{font:inherit;padding:3px 6px}input[type=search]{min-width:260px}
            table{border-collapse:collapse;width:100%;margin:6px 0}th,td{padding:5px 8px;border-bottom:1px solid #e0e0e0;text-align:left;vertical-align:top}
            th{background:#f6f8fa;font-weight:600;cursor:pointer;user-select:none;white-space:nowrap}th[aria-sort=ascending]::after{content:" ▲"}th[aria-sort=descending]::after{content:" ▼"}
            .status{padding:1px 7px;border-radius:9px;font-size:12px}.running{background:#e6f4ea;color:#137333}.stopped{background:#fce8e6;color:#a50e0e}.resolved{background:#e8f0fe;color:#174ea6}
            .bar,.layer{display:flex;height:30px;border-radius:6px;overflow:hidden;margin:6px 0;border:1px solid #d0d7de}
            .segment{display:flex;align-items:center;justify-content:center;color:#fff;font-size:12px;white-space:nowrap;overflow:hidden;padding:0 4px;min-width:0}
            .segment a{color:#fff}.segment.free{color:#607d8b}.tag{font-size:11px;background:#f1f3f4;border-radius:4px;padding:0 5px;color:#444}
            dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:10px 0}dt{color:#555}dd{margin:0}
            ul.who li,ul.specs li,ul.warnings li{margin:3px 0}.pass::marker{content:"✓ ";color:#137333}.fail::marker{content:"✗ ";color:#a50e0e}
            tr.hidden{display:none}
            """

        /// Sorting by a column header and filtering by owner, status, layer and text, in the page.
        static let script = """
            (function(){
            var table=document.getElementById('experiments');var body=table.tBodies[0];
            var rows=Array.prototype.slice.call(body.rows);var search=document.getElementById('search');
            var selects=document.querySelectorAll('select[data-filter]');
            function apply(){var q=search.value.toLowerCase();rows.forEach(function(r){var show=true;
            selects.forEach(function(s){if(s.value&&r.getAttribute('data-'+s.getAttribute('data-filter'))!==s.value)show=false;});
            if(q&&r.textContent.toLowerCase().indexOf(q)<0)show=false;r.classList.toggle('hidden',!show);});}
            selects.forEach(function(s){s.addEventListener('change',apply);});search.addEventListener('input',apply);
            table.querySelectorAll('th').forEach(function(th){function sort(){var c=+th.getAttribute('data-column');
            var asc=th.getAttribute('aria-sort')!=='ascending';table.querySelectorAll('th').forEach(function(o){o.removeAttribute('aria-sort');});
            th.setAttribute('aria-sort',asc?'ascending':'descending');rows.sort(function(a,b){var x=a.cells[c].textContent,y=b.cells[c].textContent;
            return (asc?1:-1)*x.localeCompare(y);});rows.forEach(function(r){body.appendChild(r);});}
            th.addEventListener('click',sort);th.addEventListener('keydown',function(e){if(e.key==='Enter')sort();});});
            var params=new URLSearchParams(location.search);selects.forEach(function(s){var v=params.get(s.getAttribute('data-filter'));if(v)s.value=v;});apply();
            })();
            """
    }
}
