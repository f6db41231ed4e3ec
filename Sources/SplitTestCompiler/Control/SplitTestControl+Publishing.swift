@_spi(Tools) import SplitTesting

extension SplitTestControl {
    /// A control of every experiment in `experiments`, as `splitc publish` writes it: each entry
    /// is its definition's ``SplitTesting/SplitTestDefinition/controlEntry``, every field written.
    package init(publishing experiments: [Experiment], sequence: Int, generated: String?) {
        var entries: [String: Entry] = [:]
        for experiment in experiments { entries[experiment.identifier] = experiment.definition.controlEntry }
        self.init(sequence: sequence, generated: generated, experiments: entries)
    }
}
