@_spi(Tools) import SplitTestCompiler
@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestFormats

/// A catalog page of one experiment: what it is and where it stands, its groups (or its factors
/// and cells) with weights and params, per environment, who is enrolled, the units forced into a
/// group, its test documents and their verdicts, and its warnings.
extension CatalogSite.Context {
    func page(of experiment: Experiment) -> String {
        let definition = experiment.definition
        var html = CatalogSite.head(title: experiment.identifier)
        html += "<p><a href=\"index.html\">← All experiments</a></p>\n"
        html += "<h1>\(e(experiment.identifier))</h1>\n"
        if let description = experiment.description { html += "<p class=\"lead\">\(e(description))</p>\n" }
        html += facts(experiment)

        if definition.factorial != nil { html += factors(experiment) }
        html += "<h2>\(definition.factorial == nil ? "Groups" : "Cells")</h2>\n"
        if let bandit = definition.allocation.bandit {
            html += "<p class=\"meta\">The weights below are where the bandit starts; <code>splitc bandit</code> moves them toward the "
                + "groups that do best on \(e(bandit.goal)).</p>\n"
        }
        html += weightsBar(definition.groups, definition.bucketTable, environment: nil)
        html += groupsTable(experiment)
        if !definition.environments.isEmpty { html += environments(definition) }
        html += forcedUnits(definition)
        html += enrolment(experiment)
        html += metricsSection(of: experiment)
        html += specs(experiment)
        if let warnings = warnings[experiment.identifier], !warnings.isEmpty {
            html += "<h2>Warnings</h2>\n<ul class=\"warnings\">"
            for warning in warnings { html += "<li>\(e(warning.message))</li>" }
            html += "</ul>\n"
        }
        html += "</body>\n</html>\n"
        return html
    }

    /// The facts at the top: owner, unit, status at the catalog's time, allocation, traffic,
    /// schedule, expiry and source.
    private func facts(_ experiment: Experiment) -> String {
        let definition = experiment.definition
        let status = CatalogStatus(definition, at: time)
        var html = "<dl class=\"facts\">"
        html += fact("Owner", e(experiment.owner ?? "—"))
        html += fact("Unit", definition.unitType == .user ? "signed-in user" : "device")
        // The time it is read at is the index's: a page changes only when what it says does, so
        // that writing the catalog again rewrites only the pages of experiments that changed.
        html += fact(
            "Status",
            "<span class=\"status \(status.rawValue)\" data-field=\"status\">\(status.rawValue)</span> "
                + e(CatalogStatus.detail(definition, at: time)))
        html += fact("Allocation", allocation(definition))
        html += fact("Traffic", BucketTable.percentText(buckets: definition.trafficBuckets) + "% of units")
        if definition.schedule != nil { html += fact("Schedule", e(CatalogStatus.schedule(definition.schedule))) }
        if let expires = experiment.expires { html += fact("Expires", expires.description) }
        html += fact("Defined in", "<code>\(e(experiment.displayPath)):\(experiment.location.line)</code>")
        return html + "</dl>\n"
    }

    /// Fixed weights, or a bandit with its goal and limits.
    private func allocation(_ definition: SplitTestDefinition) -> String {
        guard let bandit = definition.allocation.bandit else { return "fixed weights" }
        let reward = bandit.rewardsValue ? "the value of <b>\(e(bandit.goal))</b>" : "conversion to <b>\(e(bandit.goal))</b>"
        return "<span data-field=\"bandit\">a bandit: the weights follow \(reward), set by <code>splitc bandit</code> from the "
            + "events; no group gets less than \(BucketTable.percentText(buckets: bandit.minimumWeightBuckets))%, and the "
            + "weights stay as written until every group has \(Counted.phrase(bandit.burnIn, "unit")) (burn-in)</span>"
    }

    /// A multivariate experiment's factors: each level and its params, the control's first.
    private func factors(_ experiment: Experiment) -> String {
        guard let design = experiment.definition.factorial else { return "" }
        var html = "<h2>Factors</h2>\n"
        for (factor, details) in zip(design.factors, experiment.factors) {
            html += "<h3>\(e(factor.name))</h3>\n<table class=\"factor\" data-factor=\"\(e(factor.name))\"><thead><tr><th>Level</th>"
            for parameter in details.parameters { html += "<th>\(e(parameter.name))</th>" }
            html += "<th>Description</th></tr></thead><tbody>\n"
            for (index, (level, about)) in zip(factor.levels, details.levels).enumerated() {
                html += "<tr data-level=\"\(e(level))\"><td>\(e(level))\(index == 0 ? " <span class=\"tag\">control</span>" : "")</td>"
                for value in about.parameterValues.prefix(details.parameters.count) { html += "<td>\(e(value.text))</td>" }
                html += "<td>\(e(about.description ?? ""))</td></tr>\n"
            }
            html += "</tbody></table>\n"
        }
        return html
    }

    /// The environments' values, and a bar for each environment with its own weights.
    private func environments(_ definition: SplitTestDefinition) -> String {
        var html = "<h2>Environments</h2>\n<table class=\"environments\"><thead><tr><th>Environment</th><th>Traffic</th>"
        html += "<th>Status</th><th>Forced units</th><th>Schedule</th></tr></thead><tbody>\n"
        for name in result.environments {
            let values = definition.inEnvironment(name)
            let status = CatalogStatus(values, at: time)
            html += "<tr data-environment=\"\(e(name))\"><td>\(e(name))\(definition.environments[name] == nil ? " (base values)" : "")</td>"
            html += "<td>\(BucketTable.percentText(buckets: values.trafficBuckets))%</td>"
            html += "<td><span class=\"status \(status.rawValue)\">\(status.rawValue)</span>\(values.winner.map { " → " + e($0) } ?? "")</td>"
            html += "<td>\(values.force.count)</td><td>\(e(CatalogStatus.schedule(values.schedule)))</td></tr>\n"
        }
        html += "</tbody></table>\n"
        for name in result.environments where definition.environments[name]?.bucketTable != nil {
            html += "<h3>Weights in \(e(name))</h3>\n"
            html += weightsBar(definition.groups, definition.inEnvironment(name).bucketTable, environment: name)
        }
        return html
    }

    /// Every unit forced into a group, per environment (and without one).
    private func forcedUnits(_ definition: SplitTestDefinition) -> String {
        var scopes: [(name: String?, force: [String: Int])] = [(nil, definition.force)]
        for name in result.environments { scopes.append((name, definition.inEnvironment(name).force)) }
        guard scopes.contains(where: { !$0.force.isEmpty }) else { return "" }
        let withEnvironments = !result.environments.isEmpty
        var html = "<h2>Forced units</h2>\n<p class=\"meta\">These units get their group whatever their bucket, "
            + "targeting or the traffic (QA devices and accounts).</p>\n<table class=\"forced\"><thead><tr>"
        if withEnvironments { html += "<th>Environment</th>" }
        html += "<th>Unit</th><th>Group</th></tr></thead><tbody>\n"
        for scope in scopes where !scope.force.isEmpty {
            let place = scope.name.map { e($0) } ?? "no environment (base values)"
            for (unit, group) in scope.force.sorted(by: { $0.key < $1.key }) {
                html += "<tr data-forced=\"\(e(unit))\"\(scope.name.map { " data-environment=\"\(e($0))\"" } ?? "")>"
                if withEnvironments { html += "<td>\(place)</td>" }
                html += "<td><code>\(e(unit))</code></td><td>\(e(definition.groups[group]))</td></tr>\n"
            }
        }
        return html + "</tbody></table>\n"
    }

    /// Who is enrolled: targeting and segments in words, prerequisites, holdout, layer, schedule.
    private func enrolment(_ experiment: Experiment) -> String {
        let definition = experiment.definition
        var html = "<h2>Who is enrolled</h2>\n<ul class=\"who\">"
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
        html += "<li>schedule: \(e(CatalogStatus.schedule(definition.schedule)))</li>"
        html += "</ul>\n"
        if let dependents = requiredBy[experiment.identifier] {
            html += "<p>Required by: " + dependents.map { "<a href=\"\(e($0)).html\">\(e($0))</a>" }.joined(separator: ", ") + "</p>\n"
        }
        return html
    }

    /// The test documents of the experiment, and whether they pass.
    private func specs(_ experiment: Experiment) -> String {
        var html = "<h2>Test specs</h2>\n"
        guard let documents = tests[experiment.identifier] else {
            return html + "<p class=\"meta\">No test document names this experiment.</p>\n"
        }
        html += "<ul class=\"specs\">"
        for test in documents {
            let failed = failures[TestFile(experiment: experiment.identifier, file: test.location.file)] ?? []
            let count = test.cases.count + (test.distribution == nil ? 0 : 1)
            html += "<li class=\"\(failed.isEmpty ? "pass" : "fail")\"><code>\(e(test.location.file))</code>: \(Counted.phrase(count, "case")), "
                + (failed.isEmpty ? "all pass" : "\(failed.count) failing") + (test.description.map { " — " + e($0) } ?? "")
            for failure in failed { html += "<br><code>\(e(failure.location.description))</code> \(e(failure.message))" }
            html += "</li>"
        }
        return html + "</ul>\n"
    }

    /// The groups' shares as one bar.
    private func weightsBar(_ groups: [String], _ table: BucketTable, environment: String?) -> String {
        var html = "<div class=\"bar\" data-weights=\"\(e(environment ?? "base"))\">"
        for (index, count) in table.bucketCounts.enumerated() where count > 0 {
            html += CatalogSite.segment(width: count, label: groups[index], colour: index, link: nil)
        }
        return html + "</div>\n"
    }

    /// The groups, or a multivariate experiment's cells with each factor's level, with their
    /// shares, params and descriptions.
    private func groupsTable(_ experiment: Experiment) -> String {
        let definition = experiment.definition
        let counts = definition.bucketTable.bucketCounts
        let design = definition.factorial
        var html = "<table class=\"groups\"><thead><tr><th>\(design == nil ? "Group" : "Cell")</th><th>Share</th>"
        for factor in design?.factors ?? [] { html += "<th>\(e(factor.name))</th>" }
        let parameters = experiment.factors.isEmpty ? experiment.parameters : []
        for parameter in parameters { html += "<th>\(e(parameter.name))</th>" }
        html += "<th>Description</th></tr></thead><tbody>\n"
        for (index, group) in experiment.groups.enumerated() {
            let name = definition.groups[index]
            html += "<tr data-group=\"\(e(name))\"><td>\(e(name))\(index == definition.controlIndex ? " <span class=\"tag\">control</span>" : "")</td>"
            html += "<td>\(BucketTable.percentTextWithTwoDecimals(buckets: counts[index]))%</td>"
            if let design {
                for level in design.levels(ofCell: index) { html += "<td>\(e(level))</td>" }
            }
            for value in group.parameterValues.prefix(parameters.count) { html += "<td>\(e(value.text))</td>" }
            html += "<td>\(e(group.description ?? ""))</td></tr>\n"
        }
        return html + "</tbody></table>\n"
    }
}
