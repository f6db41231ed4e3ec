@_spi(Tools) import SplitTestCompiler
import Testing

/// `event:` and `metric:` documents, an experiment's `metrics:` and `dimension:` of attributes:
/// each mistake located, with "did you mean" where a name is involved.
@Suite struct DiagnosticsMetricTests {
    /// Two events and two metrics, in `events.yaml`, that the cases name.
    static let declarations = """
        event: purchase
        properties:
          revenue: { type: double }
          currency: { values: [usd, eur, gbp] }
          items: { type: int }
        ---
        event: screen_loaded
        properties: { milliseconds: { type: int } }
        ---
        metric: purchase_rate
        kind: conversion
        event: purchase
        ---
        metric: revenue_per_user
        kind: sum
        event: purchase
        value: revenue
        """

    static func printed(_ yaml: String) -> [String] {
        compile([("events.yaml", declarations), ("bad.yaml", yaml)]).diagnostics.map(\.description)
    }

    static let cases: [(name: String, yaml: String, expected: [String])] = [
        ("an unknown event", "metric: m\nkind: count\nevent: purchse", [
            "bad.yaml:3:8: error: metric 'm' reads event 'purchse', which is not declared; did you mean 'purchase'?",
        ]),
        ("an unknown property", "metric: m\nkind: sum\nevent: purchase\nvalue: revenu", [
            "bad.yaml:4:8: error: event 'purchase' has no property 'revenu'; did you mean 'revenue'? (declared: revenue, currency, items)",
        ]),
        ("a non-numeric value of a sum", "metric: m\nkind: sum\nevent: purchase\nvalue: currency", [
            "bad.yaml:4:8: error: metric 'm' needs a number for its value, but property 'currency' of event 'purchase' is an enum of strings (usd, eur, gbp); a sum metric reads an int or double property",
        ]),
        ("a non-numeric value of a ratio", "metric: m\nkind: ratio\nnumerator: { event: purchase, value: currency }\ndenominator: { event: purchase }", [
            "bad.yaml:3:38: error: metric 'm' needs a number for its value, but property 'currency' of event 'purchase' is an enum of strings (usd, eur, gbp); a ratio metric reads an int or double property",
        ]),
        ("a ratio without a denominator", "metric: m\nkind: ratio\nnumerator: { event: purchase, value: revenue }", [
            "bad.yaml:1:1: error: missing required key 'denominator' in a ratio metric: { event: NAME } to count events, or { event: NAME, value: PROPERTY } to add up a property",
        ]),
        ("a quantile of 1", "metric: m\nkind: quantile\nevent: screen_loaded\nvalue: milliseconds\nquantile: 1", [
            "bad.yaml:5:11: error: 'quantile' must be a number between 0 and 1 (exclusive), like 0.9 for the 90th percentile; found '1'",
        ]),
        ("a quantile of 0", "metric: m\nkind: quantile\nevent: screen_loaded\nvalue: milliseconds\nquantile: 0", [
            "bad.yaml:5:11: error: 'quantile' must be a number between 0 and 1 (exclusive), like 0.9 for the 90th percentile; found '0'",
        ]),
        ("a window in words", "metric: m\nkind: count\nevent: purchase\nwindow: 7 days", [
            "bad.yaml:4:9: error: 'window' must be a duration: a whole number of days, hours or minutes like 7d, 12h or 30m, at most 3650d; found '7 days'",
        ]),
        ("a window without a unit", "metric: m\nkind: count\nevent: purchase\nwindow: 7", [
            "bad.yaml:4:9: error: 'window' must be a duration: a whole number of days, hours or minutes like 7d, 12h or 30m, at most 3650d; found '7'",
        ]),
        ("a window of nothing", "metric: m\nkind: count\nevent: purchase\nwindow: 0d", [
            "bad.yaml:4:9: error: 'window' must be a duration: a whole number of days, hours or minutes like 7d, 12h or 30m, at most 3650d; found '0d'",
        ]),
        ("a misspelt key", "metric: m\nkind: count\nevent: purchase\nwindw: 7d", [
            "bad.yaml:4:1: error: unknown key 'windw' of a metric document; did you mean 'window'?",
        ]),
        ("a misspelt kind", "metric: m\nkind: summ\nevent: purchase\nvalue: revenue", [
            "bad.yaml:2:7: error: 'kind' must be 'conversion' or 'count' or 'sum' or 'ratio' or 'quantile', not 'summ'; did you mean 'sum'?",
        ]),
        ("a value on a count", "metric: m\nkind: count\nevent: purchase\nvalue: revenue", [
            "bad.yaml:4:1: error: 'value' is not read by a count metric, which counts how many times a unit sent the event; use kind 'sum' to add up a property",
        ]),
        ("a sum without a value", "metric: m\nkind: sum\nevent: purchase", [
            "bad.yaml:1:1: error: missing required key 'value' in a sum metric: the numeric property of the event it adds up",
        ]),
        ("a cap on a conversion", "metric: m\nkind: conversion\nevent: purchase\ncap: { absolute: 1 }", [
            "bad.yaml:4:1: error: 'cap' is not read by a conversion metric: a conversion is 0 or 1 per unit, which leaves nothing to cap",
        ]),
        ("a cap at the 100th percentile", "metric: m\nkind: sum\nevent: purchase\nvalue: revenue\ncap: { percentile: 100 }", [
            "bad.yaml:5:20: error: 'percentile' of 'cap' must be a number between 0 and 100 (exclusive), like 99; found '100'",
        ]),
        ("a metric name that is not a name", "metric: Revenue\nkind: count\nevent: purchase", [
            "bad.yaml:1:9: error: metric name 'Revenue' must start with a lowercase letter and contain only lowercase letters, digits and underscores",
        ]),
        ("a metric declared twice", "metric: purchase_rate\nkind: count\nevent: purchase", [
            "bad.yaml:1:9: error: metric 'purchase_rate' is declared twice",
            "events.yaml:10:9: note: 'purchase_rate' is first declared here",
        ]),
        ("an event declared twice", "event: purchase\nproperties: { revenue: { type: double } }", [
            "bad.yaml:1:8: error: event 'purchase' is declared twice",
            "events.yaml:1:8: note: 'purchase' is first declared here",
        ]),
        ("a property named like a runtime key", "event: login\nproperties: { device: { type: string } }", [
            "bad.yaml:2:15: error: property name 'device' is reserved: event lines already carry 'device' (reserved: date, device, event, experiment, goal, group, holdout, period, properties, unit, user, value); choose another name",
        ]),
        ("an event named like the runtime's", "event: split_test_click", [
            "bad.yaml:1:8: error: event name 'split_test_click' is reserved: the runtime's own events (split_test_exposure, split_test_goal, split_test_holdout) start with 'split_test'; choose another name",
        ]),
        ("a property name that is not a name", "event: login\nproperties: { Method: { type: string } }", [
            "bad.yaml:2:15: error: property name 'Method' must start with a lowercase letter and contain only lowercase letters, digits and underscores",
        ]),
        ("a misspelt property key", "event: login\nproperties: { method: { tpye: string } }", [
            "bad.yaml:2:23: error: property 'method' needs 'type' (string, int, double or bool) or 'values' (a list of names)",
            "bad.yaml:2:25: error: unknown key 'tpye' of property 'method'; did you mean 'type'?",
        ]),
        ("an unknown property type", "event: login\nproperties: { attempts: { type: dobule } }", [
            "bad.yaml:2:33: error: 'type' must be 'string' or 'int' or 'double' or 'bool', not 'dobule'; did you mean 'double'?",
        ]),
        ("values of an int", "event: login\nproperties: { attempts: { type: int, values: [one, two] } }", [
            "bad.yaml:2:38: error: 'values' makes a property an enum of strings; it cannot be of type 'int'",
        ]),
        ("two events of one Swift case", "event: screen__loaded", [
            "bad.yaml:1:8: error: events 'screen_loaded' and 'screen__loaded' both become the Swift case 'screenLoaded'; rename one",
            "events.yaml:7:8: note: 'screen_loaded' is declared here",
        ]),
        ("an event of a reserved case", "event: properties", [
            "bad.yaml:1:8: error: event name 'properties' is reserved: the generated events enum already has a member of that name; choose another name",
        ]),
        ("an unknown metric", experiment(extra: "metrics: { primary: purchase_rat }"), [
            "bad.yaml:4:21: error: metric 'purchase_rat' is not declared; did you mean 'purchase_rate'?",
        ]),
        ("a metric named twice", experiment(extra: "metrics: { primary: purchase_rate, guardrails: [revenue_per_user, purchase_rate] }"), [
            "bad.yaml:4:67: error: metric 'purchase_rate' is named twice in this experiment's 'metrics'; a metric has one role",
            "bad.yaml:4:21: note: 'purchase_rate' is first named here",
        ]),
        ("a misspelt role", experiment(extra: "metrics: { primary: purchase_rate, guardrail: [revenue_per_user] }"), [
            "bad.yaml:4:36: error: unknown key 'guardrail' in 'metrics'; did you mean 'guardrails'?",
        ]),
        ("metrics naming none", experiment(extra: "metrics: {}"), [
            "bad.yaml:4:10: error: 'metrics' names no metric: give at least one of 'primary', 'secondary' and 'guardrails'",
        ]),
        ("metrics as a list", experiment(extra: "metrics: [purchase_rate]"), [
            "bad.yaml:4:10: error: 'metrics' must be a mapping like { primary: purchase_rate, secondary: [revenue_per_user], guardrails: [p90_load_time] }; found a list",
        ]),
        ("a dimension that is not a flag", "attributes:\n  plan: { type: string, dimension: yes }", [
            "bad.yaml:2:36: error: 'dimension' must be true or false: whether exposures carry the attribute, so that a readout can slice by it; found 'yes'",
        ]),
    ]

    @Test(arguments: cases.map(\.name))
    func reportsEachMistakeWhereItIsWritten(name: String) throws {
        let testCase = try #require(Self.cases.first { $0.name == name })
        #expect(Self.printed(testCase.yaml) == testCase.expected)
    }

    @Test func theDeclarationsAloneAreClean() {
        #expect(Self.printed(experiment()) == [])
    }

    /// A metric reading an event whose own document has errors gets no second error: the one to
    /// fix is the event's.
    @Test func aBadlyDeclaredEventIsReportedOnce() {
        let yaml = "event: login\nproperties: { method: { type: text } }\n---\nmetric: logins\nkind: count\nevent: login"
        #expect(compile([("bad.yaml", yaml)]).diagnostics.map(\.description) == [
            "bad.yaml:2:31: error: 'type' must be 'string' or 'int' or 'double' or 'bool', not 'text'",
        ])
    }

    /// An experiment naming a metric whose document has errors gets no second error either.
    @Test func aBadlyDeclaredMetricIsReportedOnce() {
        let yaml = "metric: logins\nkind: count\n---\n" + experiment(extra: "metrics: { primary: logins }")
        let result = compile([("bad.yaml", yaml)])
        #expect(result.diagnostics.map(\.description) == [
            "bad.yaml:1:1: error: missing required key 'event' in a count metric: the declared event it reads",
        ])
        #expect(result.experiments.isEmpty, "an experiment judged by a metric that does not hold is not valid")
    }
}
