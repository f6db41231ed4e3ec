@_spi(Tools) import SplitTesting

extension AggregatesCSV {
    /// One group's figures for one metric, as a metric row of ``MetricQuery`` gives them.
    struct MetricRow {
        var eventsRead: Bool
        var cap: Double?
        var sum, sumOfSquares, denominatorSum, denominatorSumOfSquares, products, preSum, preSumOfSquares, preProducts: Double
        /// A quantile's events; `nil` (empty) for a group without any, or for other kinds.
        var quantileEvents: Int?
        var quantile: (value: Double, lower: Double, upper: Double)?
        var clusters: (belowSum: Double, belowSumOfSquares: Double, eventSum: Double, eventSumOfSquares: Double, products: Double)

        /// Reads the row through `field`; a figure that is not a finite number is a `Failure` on `line`.
        init(field: (String) -> String, line: Int) throws(Failure) {
            func real(_ name: String) throws(Failure) -> Double {
                let text = field(name)
                guard let value = Double(text), value.isFinite else {
                    throw Failure(line: line, message: "'\(name)' is not a number: '\(text)'")
                }
                return value
            }
            func optional(_ name: String) throws(Failure) -> Double? {
                field(name).isEmpty ? nil : try real(name)
            }
            eventsRead = (try optional("metric_events_read") ?? 0) > 0
            cap = try optional("metric_cap")
            sum = try optional("metric_sum") ?? 0
            sumOfSquares = try optional("metric_sum_squares") ?? 0
            denominatorSum = try optional("metric_denominator_sum") ?? 0
            denominatorSumOfSquares = try optional("metric_denominator_sum_squares") ?? 0
            products = try optional("metric_products") ?? 0
            preSum = try optional("metric_pre_sum") ?? 0
            preSumOfSquares = try optional("metric_pre_sum_squares") ?? 0
            preProducts = try optional("metric_pre_products") ?? 0
            if let events = try optional("quantile_events"), events > 0 {
                guard let count = Int(exactly: events), count <= AggregatesCSV.maximumCount else {
                    throw Failure(line: line, message: "'quantile_events' is not a count: '\(field("quantile_events"))'")
                }
                quantileEvents = count
                quantile = (try real("quantile_value"), try real("quantile_lower"), try real("quantile_upper"))
            }
            clusters = (
                try optional("quantile_below_sum") ?? 0, try optional("quantile_below_sum_squares") ?? 0,
                try optional("quantile_event_sum") ?? 0, try optional("quantile_event_sum_squares") ?? 0,
                try optional("quantile_products") ?? 0
            )
        }

        /// The metrics of an experiment from its rows, in the order `judged` gives them (a metric
        /// without rows has no units' figures: zeros, and no events read).
        static func totals(
            _ rows: [String: [String: MetricRow]], judged: [(metric: SplitTestMetric, role: MetricRole)], groups: [String],
            units: [Int], window: PreExposureWindow?
        ) -> [MetricTotals] {
            judged.map { metric, role in
                let byGroup = rows[metric.name] ?? [:]
                func figures(_ value: (MetricRow) -> Double) -> [Double] { groups.map { byGroup[$0].map(value) ?? 0 } }
                var totals = MetricTotals(
                    metric: metric, role: role, units: units, sum: figures(\.sum), sumOfSquares: figures(\.sumOfSquares),
                    capValue: byGroup.values.lazy.compactMap(\.cap).first, eventsRead: byGroup.values.contains { $0.eventsRead })
                switch metric.kind {
                case .ratio:
                    totals.ratio = RatioSums(
                        denominatorSum: figures(\.denominatorSum), denominatorSumOfSquares: figures(\.denominatorSumOfSquares),
                        sumOfProducts: figures(\.products))
                case .quantile(_, let level):
                    totals.quantiles = groups.indices.map { index in
                        guard let row = byGroup[groups[index]], let events = row.quantileEvents, let quantile = row.quantile else { return nil }
                        let clusters = row.clusters
                        return QuantileStatistic(
                            events: events, boundsSampleSize: events, quantile: level, estimate: quantile.value, lower: quantile.lower,
                            upper: quantile.upper,
                            clusters: QuantileClusters(
                                units: units[index], belowSum: clusters.belowSum, belowSumOfSquares: clusters.belowSumOfSquares,
                                eventSum: clusters.eventSum, eventSumOfSquares: clusters.eventSumOfSquares, sumOfProducts: clusters.products))
                    }
                case .conversion, .count, .sum:
                    if let window {
                        totals.covariates = MetricCovariates(
                            window: window, sum: figures(\.preSum), sumOfSquares: figures(\.preSumOfSquares),
                            sumOfProducts: figures(\.preProducts))
                    }
                }
                return totals
            }
        }
    }
}
