import SplitTestFormats

/// The keys of an experiment's `metrics:`.
enum MetricRolesKey: Int, FixedKey {
    case primary, secondary, guardrails

    static let names = ["primary", "secondary", "guardrails"]
}

/// Reads an experiment's `metrics: { primary, secondary: [...], guardrails: [...] }`: the
/// metrics it is judged by, each named once. Whether they are declared is checked once every
/// metric is known (``MetricValidation``).
extension ExperimentParser {
    /// The roles as written, or nil when their shape has errors.
    mutating func readMetricRoles(_ node: YAMLNode) -> MetricRolesDraft? {
        let errorsBefore = log.errorCount
        if node.kind == .mapping, node.entryCount == 0 {
            log.error(
                "'metrics' names no metric: give at least one of 'primary', 'secondary' and 'guardrails'", at: node)
            return nil
        }
        guard node.kind == .mapping else {
            log.error(
                "'metrics' must be a mapping like { primary: purchase_rate, secondary: [revenue_per_user], "
                    + "guardrails: [p90_load_time] }; found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        let keys = entries(of: node, keys: MetricRolesKey.self, place: " in 'metrics'")
        var draft = MetricRolesDraft()
        var named: [(name: String, node: YAMLNode)] = []
        if let primary = keys[.primary]?.value {
            if let name = document.stringValue(of: primary), primary.isScalar, NameRules.isName(name) {
                draft.primary = NameReference(name: name, location: file.location(of: primary))
                named.append((name, primary))
            } else {
                log.error(
                    "'primary' must be the name of one metric; found \(document.kindDescription(of: primary))", at: primary)
            }
        }
        if let pair = keys[.secondary] { named += readMetricList(pair.value, key: "secondary") }
        draft.secondary = named.dropFirst(draft.primary == nil ? 0 : 1).map(reference)
        if let pair = keys[.guardrails] {
            let guardrails = readMetricList(pair.value, key: "guardrails")
            draft.guardrails = guardrails.map(reference)
            named += guardrails
        }
        var first = NameIndex<YAMLNode>(capacity: named.count)
        for (name, node) in named {
            if let earlier = first.insert(name, node) {
                log.error(
                    "metric '\(name)' is named twice in this experiment's 'metrics'; a metric has one role",
                    at: node, note: ("'\(name)' is first named here", earlier))
            }
        }
        guard log.errorCount == errorsBefore else { return nil }
        return draft
    }

    private func reference(_ named: (name: String, node: YAMLNode)) -> NameReference {
        NameReference(name: named.name, location: file.location(of: named.node))
    }

    /// `secondary` or `guardrails`: a list of metric names.
    private mutating func readMetricList(_ node: YAMLNode, key: String) -> [(name: String, node: YAMLNode)] {
        guard node.kind == .sequence else {
            log.error(
                "'\(key)' must be a list of metric names, like [revenue_per_user]; found \(document.kindDescription(of: node))",
                at: node)
            return []
        }
        var names: [(name: String, node: YAMLNode)] = []
        for position in 0..<node.entryCount {
            let item = document.item(position, of: node)
            guard item.isScalar, let name = document.stringValue(of: item), NameRules.isName(name) else {
                log.error(
                    "each of '\(key)' must be a metric name; found \(document.kindDescription(of: item))", at: item)
                continue
            }
            names.append((name, item))
        }
        return names
    }
}
