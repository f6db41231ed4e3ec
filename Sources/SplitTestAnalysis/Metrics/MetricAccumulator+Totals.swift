@_spi(Tools) import SplitTesting

extension MetricAccumulator {
    /// The units of one table as the totals walk them: each unit's position, its group (in the
    /// readout's order) and whether it is left out (a conflict).
    struct Members {
        /// Per position: the group in the readout's order, or -1 for a unit left out.
        var group: [Int32]
        /// Per position: the slot, for the dimension.
        var slot: [Int]
        var groupCount: Int
    }

    /// The metrics of table `table` (whole, and per slice of the dimension when there is one).
    func totals(table: Int, members: Members) -> (metrics: [MetricTotals], slices: MetricSlices?) {
        let tableColumns = columns.filter { $0.table == table }
        guard !tableColumns.isEmpty else { return ([], nil) }
        let groupCount = members.groupCount
        let whole = members.group.map { Int($0) }
        let slicing = slices(of: members)
        var metrics: [MetricTotals] = []
        var sliceMetrics = [[MetricTotals]](repeating: [], count: slicing?.names.count ?? 0)
        for column in tableColumns {
            let read = column.metric.events.contains { name in declaration(named: name).map { eventsRead[$0] > 0 } ?? false }
            let cap = capValue(of: column, members: members)
            metrics.append(MetricSums.totals(column, cells: whole, cellCount: groupCount, cap: cap, eventsRead: read, window: preExposureWindow))
            if let slicing {
                let cells = zip(whole, slicing.ofPosition).map { group, slice in group < 0 ? -1 : slice * groupCount + group }
                let sliced = MetricSums.totals(
                    column, cells: cells, cellCount: slicing.names.count * groupCount, cap: cap, eventsRead: read, window: preExposureWindow)
                for index in slicing.names.indices {
                    sliceMetrics[index].append(sliced.cells(index * groupCount..<(index + 1) * groupCount))
                }
            }
        }
        guard let slicing, let dimension else { return (metrics, nil) }
        let slices = slicing.names.indices.map { index in
            MetricSlice(value: slicing.names[index], units: sliceMetrics[index].first?.units ?? [], metrics: sliceMetrics[index])
        }
        return (metrics, MetricSlices(dimension: dimension, slices: slices))
    }

    /// Each position's slice: the ``MetricSlices/shownValues`` values with the most units (ties
    /// by name), then every other value together.
    private func slices(of members: Members) -> (names: [String], ofPosition: [Int])? {
        guard dimension != nil else { return nil }
        var counts: [Int32: Int] = [:]
        for (position, group) in members.group.enumerated() where group >= 0 {
            counts[slotDimension[members.slot[position]], default: 0] += 1
        }
        func name(_ value: Int32) -> String { value < 0 ? MetricSlices.noValue : dimensionValues[Int(value)] }
        let ranked = counts.keys.sorted { counts[$0]! != counts[$1]! ? counts[$0]! > counts[$1]! : name($0) < name($1) }
        let shown = Array(ranked.prefix(MetricSlices.shownValues))
        var names = shown.map(name)
        let hasOther = ranked.count > shown.count
        if hasOther { names.append(MetricSlices.otherSlice) }
        let sliceOf = Dictionary(uniqueKeysWithValues: shown.enumerated().map { ($1, $0) })
        let ofPosition = members.slot.map { slot in sliceOf[slotDimension[slot]] ?? shown.count }
        return (names, ofPosition)
    }

    /// The value at which `column`'s per-unit values are capped: the absolute cap, or the
    /// percentile of the values of the units left in (of every group) whose value is not 0;
    /// `nil` without a cap.
    private func capValue(of column: MetricColumn, members: Members) -> Double? {
        guard column.metric.capsValues, let cap = column.metric.cap else { return nil }
        switch cap {
        case .absolute(let value):
            return value
        case .percentile(let percentile):
            // A ratio's numerator and denominator share the cap's percentile, each its own value;
            // this is the numerator's (see ``denominatorCapValue``).
            return Self.percentile(of: column.values, members: members, at: percentile)
        }
    }

    /// The percentile `percentile` (in (0, 100)) of the values of the units left in whose value
    /// is not 0; `nil` when there is none.
    static func percentile(of values: [Double], members: Members, at percentile: Double) -> Double? {
        var kept: [Double] = []
        for (position, group) in members.group.enumerated() where group >= 0 && values[position] != 0 {
            kept.append(values[position])
        }
        guard !kept.isEmpty else { return nil }
        kept.sort()
        return QuantileStatistic.sampleQuantile(kept, at: percentile / 100)
    }
}

/// Sums of one metric column over cells (groups, or slices × groups).
enum MetricSums {
    /// The totals of `column` with each position in cell `cells[position]` (-1: left out).
    static func totals(
        _ column: MetricColumn, cells: [Int], cellCount: Int, cap: Double?, eventsRead: Bool, window: PreExposureWindow?
    ) -> MetricTotals {
        let metric = column.metric
        var units = [Int](repeating: 0, count: cellCount)
        for cell in cells where cell >= 0 { units[cell] += 1 }
        var sum = [Double](repeating: 0, count: cellCount)
        var squares = sum
        if case .quantile(_, let level) = metric.kind {
            return MetricTotals(
                metric: metric, role: column.role, units: units, sum: sum, sumOfSquares: squares,
                quantiles: quantiles(column, cells: cells, cellCount: cellCount, units: units, level: level), eventsRead: eventsRead)
        }
        let isConversion: Bool
        if case .conversion = metric.kind { isConversion = true } else { isConversion = false }
        func capped(_ value: Double, _ limit: Double?) -> Double {
            guard let limit else { return value }
            return min(value, limit)
        }
        let denominatorCap = column.denominatorCap(cells: cells, cap: cap)
        var denominatorSum = column.denominators.isEmpty ? [] : sum
        var denominatorSquares = denominatorSum
        var products = denominatorSum
        var preSum = column.covariates.isEmpty ? [] : sum
        var preSquares = preSum
        var preProducts = preSum
        for (position, cell) in cells.enumerated() where cell >= 0 {
            let raw = column.values[position]
            let value = isConversion ? (raw > 0 ? 1 : 0) : capped(raw, cap)
            sum[cell] += value
            squares[cell] += value * value
            if !column.denominators.isEmpty {
                let denominator = capped(column.denominators[position], denominatorCap)
                denominatorSum[cell] += denominator
                denominatorSquares[cell] += denominator * denominator
                products[cell] += value * denominator
            }
            if !column.covariates.isEmpty {
                let rawPre = column.covariates[position]
                let pre = isConversion ? (rawPre > 0 ? 1 : 0) : capped(rawPre, cap)
                preSum[cell] += pre
                preSquares[cell] += pre * pre
                preProducts[cell] += pre * value
            }
        }
        return MetricTotals(
            metric: metric, role: column.role, units: units, sum: sum, sumOfSquares: squares,
            ratio: column.denominators.isEmpty
                ? nil : RatioSums(denominatorSum: denominatorSum, denominatorSumOfSquares: denominatorSquares, sumOfProducts: products),
            covariates: window.flatMap { window in
                column.covariates.isEmpty ? nil : MetricCovariates(window: window, sum: preSum, sumOfSquares: preSquares, sumOfProducts: preProducts)
            },
            capValue: cap, eventsRead: eventsRead)
    }

    /// Each cell's quantile statistic over its events, with the per-unit counts that correct
    /// its variance for several events per unit.
    private static func quantiles(
        _ column: MetricColumn, cells: [Int], cellCount: Int, units: [Int], level: Double
    ) -> [QuantileStatistic?] {
        var values = [[Double]](repeating: [], count: cellCount)
        var events = [Double](repeating: 0, count: cells.count)
        for (position, value) in zip(column.quantilePositions, column.quantileValues) {
            let cell = cells[Int(position)]
            guard cell >= 0 else { continue }
            values[cell].append(value)
            events[Int(position)] += 1
        }
        for cell in values.indices { values[cell].sort() }
        let estimates = values.map { QuantileStatistic.of(sorted: $0, quantile: level) }
        var below = [Double](repeating: 0, count: cells.count)
        for (position, value) in zip(column.quantilePositions, column.quantileValues) {
            let cell = cells[Int(position)]
            guard cell >= 0, let estimate = estimates[cell]?.estimate, value <= estimate else { continue }
            below[Int(position)] += 1
        }
        var clusters = (0..<cellCount).map {
            QuantileClusters(
                units: units[$0], belowSum: 0, belowSumOfSquares: 0, eventSum: 0, eventSumOfSquares: 0, sumOfProducts: 0)
        }
        for (position, cell) in cells.enumerated() where cell >= 0 && events[position] > 0 {
            let count = events[position]
            let under = below[position]
            clusters[cell].belowSum += under
            clusters[cell].belowSumOfSquares += under * under
            clusters[cell].eventSum += count
            clusters[cell].eventSumOfSquares += count * count
            clusters[cell].sumOfProducts += under * count
        }
        return estimates.enumerated().map { cell, estimate in
            guard var estimate else { return nil }
            estimate.clusters = clusters[cell]
            return estimate
        }
    }
}

extension MetricTotals {
    /// The same figures for the cells in `range` only (one slice's groups).
    func cells(_ range: Range<Int>) -> MetricTotals {
        var copy = self
        copy.units = Array(units[range])
        copy.sum = Array(sum[range])
        copy.sumOfSquares = Array(sumOfSquares[range])
        copy.ratio = ratio.map {
            RatioSums(
                denominatorSum: Array($0.denominatorSum[range]), denominatorSumOfSquares: Array($0.denominatorSumOfSquares[range]),
                sumOfProducts: Array($0.sumOfProducts[range]))
        }
        copy.quantiles = quantiles.map { Array($0[range]) }
        copy.covariates = covariates.map {
            MetricCovariates(
                window: $0.window, sum: Array($0.sum[range]), sumOfSquares: Array($0.sumOfSquares[range]),
                sumOfProducts: Array($0.sumOfProducts[range]))
        }
        return copy
    }
}

extension MetricColumn {
    /// A ratio's denominator cap: the absolute cap, or the same percentile of the denominators;
    /// `nil` without a cap or for other kinds.
    func denominatorCap(cells: [Int], cap: Double?) -> Double? {
        guard !denominators.isEmpty, metric.capsValues, let kind = metric.cap else { return nil }
        switch kind {
        case .absolute(let value): return value
        case .percentile(let percentile):
            var kept: [Double] = []
            for (position, cell) in cells.enumerated() where cell >= 0 && denominators[position] != 0 {
                kept.append(denominators[position])
            }
            guard !kept.isEmpty else { return nil }
            kept.sort()
            return QuantileStatistic.sampleQuantile(kept, at: percentile / 100)
        }
    }
}
