@_spi(Tools) import SplitTesting
import SplitTestFormats

/// The keys of a `metric:` document.
enum MetricDocumentKey: Int, FixedKey {
    case metric, description, kind, event, value, numerator, denominator, quantile, window, cap, direction

    static let names = [
        "metric", "description", "kind", "event", "value", "numerator", "denominator", "quantile", "window", "cap",
        "direction",
    ]
}

/// The keys of a ratio's `numerator` and `denominator`.
enum MetricSourceKey: Int, FixedKey {
    case event, value

    static let names = ["event", "value"]
}

/// The keys of `cap`.
enum MetricCapKey: Int, FixedKey {
    case percentile, absolute

    static let names = ["percentile", "absolute"]
}

/// Reads a `metric:` document: what the readout computes per unit from declared events. The
/// events and properties it names are checked once every event is known (``MetricValidation``).
extension ExperimentParser {
    /// The values of `kind`.
    static let metricKinds = ["conversion", "count", "sum", "ratio", "quantile"]
    /// The values of `direction`.
    static let metricDirections = ["increase", "decrease"]

    /// The metric, or nil when its shape has errors (all of them in `log`).
    mutating func parseMetric() -> MetricDraft? {
        let errorsBefore = log.errorCount
        let root = document.root
        let keys = entries(of: root, keys: MetricDocumentKey.self, place: " of a metric document")
        guard let nameNode = keys[.metric]?.value else {
            preconditionFailure("a document is read as a metric only when it has the key 'metric'")
        }
        let name = readIdentifier(nameNode, key: "metric", what: "metric name")
        let description = keys[.description].flatMap { readText($0.value, key: "description") }
        var kindName: String?
        if let node = keys[.kind]?.value {
            kindName = readChoice(node, key: "kind", choices: Self.metricKinds)
        } else {
            log.error("missing required key 'kind' in a metric: conversion, count, sum, ratio or quantile", at: root)
        }
        let kind = kindName.flatMap { readMetricKind($0, keys: keys, root: root) }
        let window = keys[.window].flatMap { readWindow($0.value) }
        let cap = keys[.cap].flatMap { readCap($0, kind: kindName) }
        let direction = keys[.direction].flatMap { readChoice($0.value, key: "direction", choices: Self.metricDirections) }
            .flatMap(SplitTestMetric.Direction.init) ?? .increase
        guard log.errorCount == errorsBefore, let name, let kind, let kindName else { return nil }
        return MetricDraft(
            name: name, kind: kind, kindName: kindName, window: window, cap: cap, direction: direction,
            details: DeclarationDetails(description: description, location: file.location(of: nameNode), displayPath: displayPath),
            fileIndex: file.index)
    }

    /// The kind with the keys it reads; reports the keys a kind needs and those it does not read.
    private mutating func readMetricKind(
        _ kind: String, keys: FixedKeyEntries<MetricDocumentKey>, root: YAMLNode
    ) -> MetricDraft.KindDraft? {
        let isRatio = kind == "ratio"
        func refuse(_ key: MetricDocumentKey, _ why: String) {
            if let pair = keys[key] { log.error("'\(key.name)' \(why)", at: pair.key) }
        }
        if !isRatio {
            refuse(.numerator, "is for ratio metrics only; a \(kind) metric reads 'event'")
            refuse(.denominator, "is for ratio metrics only; a \(kind) metric reads 'event'")
        }
        if kind != "quantile" { refuse(.quantile, "is for quantile metrics only") }
        if kind == "conversion" || kind == "count" {
            let reads = kind == "conversion" ? "whether a unit sent the event (0 or 1)" : "how many times a unit sent the event"
            refuse(.value, "is not read by a \(kind) metric, which counts \(reads); use kind 'sum' to add up a property")
        }
        if isRatio {
            refuse(.event, "is not read by a ratio metric, which names its events in 'numerator' and 'denominator'")
            refuse(.value, "is not read by a ratio metric, which names its values in 'numerator' and 'denominator'")
            let numerator = metricSource(keys[.numerator], key: "numerator", root: root)
            let denominator = metricSource(keys[.denominator], key: "denominator", root: root)
            guard let numerator, let denominator else { return nil }
            return .ratio(numerator: numerator, denominator: denominator)
        }
        var event: NameReference?
        if let node = keys[.event]?.value {
            event = readNameReference(node, key: "event", what: "event name")
        } else {
            log.error("missing required key 'event' in a \(kind) metric: the declared event it reads", at: root)
        }
        var value: NameReference?
        if kind == "sum" || kind == "quantile" {
            if let node = keys[.value]?.value {
                value = readNameReference(node, key: "value", what: "property name")
            } else {
                log.error(
                    "missing required key 'value' in a \(kind) metric: the numeric property of the event it "
                        + (kind == "sum" ? "adds up" : "takes the quantile of"), at: root)
            }
        }
        var quantile: Double?
        if kind == "quantile" {
            if let node = keys[.quantile]?.value {
                quantile = readQuantile(node)
            } else {
                log.error("missing required key 'quantile' in a quantile metric: a number between 0 and 1, like 0.9", at: root)
            }
        }
        guard let event else { return nil }
        switch kind {
        case "conversion": return .conversion(event)
        case "count": return .count(event)
        case "sum":
            guard let value else { return nil }
            return .sum(MetricDraft.SourceDraft(event: event, value: value))
        default:
            guard let value, let quantile else { return nil }
            return .quantile(MetricDraft.SourceDraft(event: event, value: value), quantile: quantile)
        }
    }

    /// A ratio's `numerator` or `denominator`: `{ event: purchase, value: revenue }`, or without
    /// `value` to count the events.
    private mutating func metricSource(_ pair: YAMLPair?, key: String, root: YAMLNode) -> MetricDraft.SourceDraft? {
        guard let pair else {
            log.error(
                "missing required key '\(key)' in a ratio metric: { event: NAME } to count events, or "
                    + "{ event: NAME, value: PROPERTY } to add up a property", at: root)
            return nil
        }
        let node = pair.value
        guard node.kind == .mapping else {
            log.error(
                "'\(key)' must be a mapping like { event: purchase, value: revenue } or { event: purchase }; "
                    + "found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        let keys = entries(of: node, keys: MetricSourceKey.self, place: " in '\(key)'")
        guard let eventNode = keys[.event]?.value else {
            log.error("missing required key 'event' in '\(key)'", at: node)
            return nil
        }
        let event = readNameReference(eventNode, key: "event", what: "event name")
        let value = keys[.value].flatMap { readNameReference($0.value, key: "value", what: "property name") }
        guard let event, keys[.value] == nil || value != nil else { return nil }
        return MetricDraft.SourceDraft(event: event, value: value)
    }

    /// A name that another document declares, with where it is written.
    private mutating func readNameReference(_ node: YAMLNode, key: String, what: String) -> NameReference? {
        guard let name = readText(node, key: key) else { return nil }
        guard NameRules.isName(name) else {
            log.error("\(what) '\(shownInMessage(name))' \(NameRules.nameRequirement)", at: node)
            return nil
        }
        return NameReference(name: name, location: file.location(of: node))
    }

    /// `quantile`: a number strictly between 0 and 1.
    private mutating func readQuantile(_ node: YAMLNode) -> Double? {
        guard let value = document.scalarValue(of: node)?.number, value.isFinite, value > 0, value < 1 else {
            log.error(
                "'quantile' must be a number between 0 and 1 (exclusive), like 0.9 for the 90th percentile; "
                    + "found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        return value
    }

    /// The longest window, in days: ten years.
    static let maximumWindowDays = 3_650

    /// `window`: a duration, a whole number of days, hours or minutes (`7d`, `12h`, `30m`), in
    /// seconds.
    private mutating func readWindow(_ node: YAMLNode) -> Double? {
        let text = node.isScalar ? document.stringValue(of: node) : nil
        guard let text, let seconds = MetricWindow.seconds(text), seconds <= Double(Self.maximumWindowDays) * 86_400 else {
            let found = text.map { "'\(shownInMessage($0))'" } ?? document.kindDescription(of: node)
            log.error(
                "'window' must be a duration: a whole number of days, hours or minutes like 7d, 12h or 30m, "
                    + "at most \(Self.maximumWindowDays)d; found \(found)", at: node)
            return nil
        }
        return seconds
    }

    /// `cap`: `{ percentile: P }` with 0 < P < 100, or `{ absolute: X }` with X > 0.
    private mutating func readCap(_ pair: YAMLPair, kind: String?) -> SplitTestMetric.Cap? {
        if let kind, kind == "conversion" || kind == "quantile" {
            let why = kind == "conversion"
                ? "a conversion is 0 or 1 per unit, which leaves nothing to cap"
                : "a quantile is taken over events, not over per-unit values"
            log.error("'cap' is not read by a \(kind) metric: \(why)", at: pair.key)
            return nil
        }
        let node = pair.value
        let shape = "'cap' must be { percentile: P } with P between 0 and 100, or { absolute: X } with X above 0"
        guard node.kind == .mapping, node.entryCount == 1 else {
            log.error("\(shape); found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        let keys = entries(of: node, keys: MetricCapKey.self, place: " in 'cap'")
        if let valueNode = keys[.percentile]?.value {
            guard let value = document.scalarValue(of: valueNode)?.number, value > 0, value < 100 else {
                log.error(
                    "'percentile' of 'cap' must be a number between 0 and 100 (exclusive), like 99; "
                        + "found \(document.kindDescription(of: valueNode))", at: valueNode)
                return nil
            }
            return .percentile(value)
        }
        if let valueNode = keys[.absolute]?.value {
            guard let value = document.scalarValue(of: valueNode)?.number, value.isFinite, value > 0 else {
                log.error(
                    "'absolute' of 'cap' must be a number above 0, the largest per-unit value counted; "
                        + "found \(document.kindDescription(of: valueNode))", at: valueNode)
                return nil
            }
            return .absolute(value)
        }
        return nil
    }
}

/// A metric's window as written (`7d`, `12h`, `30m`) and in seconds.
package enum MetricWindow {
    /// The seconds of `text`, a whole number from 1 (without leading zeros) followed by `d`, `h`
    /// or `m`; `nil` for anything else.
    package static func seconds(_ text: String) -> Double? {
        guard let unit = text.last, let first = text.first, ("1"..."9").contains(first), let count = Int(text.dropLast())
        else { return nil }
        switch unit {
        case "d": return Double(count) * 86_400
        case "h": return Double(count) * 3_600
        case "m": return Double(count) * 60
        default: return nil
        }
    }

    /// The shortest text for `seconds`: `7d`, `12h` or `30m`.
    package static func text(seconds: Double) -> String {
        let minutes = Int(seconds / 60)
        if minutes % 1_440 == 0 { return "\(minutes / 1_440)d" }
        if minutes % 60 == 0 { return "\(minutes / 60)h" }
        return "\(minutes)m"
    }
}
