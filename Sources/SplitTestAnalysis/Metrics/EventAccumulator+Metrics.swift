@_spi(Tools) import SplitTesting

extension EventAccumulator {
    /// An accumulator that also reads the declared events of `metrics` into the metrics of the
    /// experiments that name them (``ExperimentTotals/metrics``); with `dimension`, per value of
    /// that exposure property too (``ExperimentTotals/metricSlices``); with
    /// `preExposureWindow`, CUPED's covariates of goals and metrics alike.
    @_spi(Tools) public init(
        definitions: [SplitTestDefinition]?, metrics: MetricDefinitions, dimension: String? = nil,
        preExposureWindow: PreExposureWindow? = nil
    ) {
        if let preExposureWindow {
            self.init(definitions: definitions, preExposureWindow: preExposureWindow)
        } else {
            self.init(definitions: definitions)
        }
        // Without declared events, metrics or a dimension, nothing differs from the plain readout.
        if !metrics.events.isEmpty || !metrics.isEmpty || dimension != nil {
            self.metrics = MetricAccumulator(definitions: metrics, dimension: dimension, preExposureWindow: preExposureWindow)
        }
    }

    /// Whether exposure lines must be read with their properties (a dimension to slice by).
    var readsExposureProperties: Bool { metrics?.readsExposureProperties ?? false }

    /// Whether the other lines must be read with their properties (declared events to read).
    var readsEventProperties: Bool { metrics.map { !$0.definitions.events.isEmpty } ?? false }

    /// Pass 2: a declared event, read with its properties. A line that does not match its
    /// declaration is reported and left out; otherwise it counts, for each unit its `device` or
    /// `user` names, in every metric of that unit's experiments that reads it. Events before a
    /// unit's first exposure, or of units never exposed, are the app's ordinary traffic: they
    /// count nowhere and are not reported.
    public mutating func addEvent(_ event: RawEvent, file: String, line: Int) {
        if !exposuresFinished { finishExposures() }
        guard let index = metrics?.declaration(named: event.name) else {
            return record(unknown: event, file: file, line: line)
        }
        if let problem = metrics?.mismatch(event, declaration: index) {
            return record(InputIssue(file: file, line: line, kind: .eventNotAsDeclared, message: problem + "; the event is left out"))
        }
        metrics?.countRead(index)
        guard event.device != nil || event.user != nil else {
            return record(InputIssue(
                file: file, line: line, kind: .missingField, message: "'\(event.name)' has neither \"device\" nor \"user\" and joins no unit"))
        }
        guard let readers = metrics?.columns(reading: index), !readers.isEmpty else { return }
        if let device = event.device { credit(event, unit: device, columns: readers) }
        if let user = event.user, user != event.device { credit(event, unit: user, columns: readers) }
    }

    /// Credits `event` to `unit` in each of `columns` whose experiment the unit is in.
    private mutating func credit(_ event: RawEvent, unit: String, columns: [Int]) {
        guard let number = unitNumbers[unit] else { return }
        for column in columns {
            guard let table = metrics?.columns[column].table, let slot = tables[table].slot(of: number) else { continue }
            metrics?.credit(event, column: column, slot: slot, firstExposure: slotTime[slot])
        }
    }
}
