/// What the documents of a run define besides experiments, gathered while the files are read,
/// and the rules that need all of them: attributes, the targeting that names them, holdouts.
struct DocumentSet {
    var attributes: [(attributes: ParsedAttributes, fileIndex: Int)] = []
    var holdouts: [HoldoutDraft] = []
    /// The targeting of each parsed experiment, by its position among the parsed experiments.
    var targeting: [Int: TargetingDraft] = [:]
    /// The targeting of experiments with errors, checked only to report what else is wrong.
    var targetingOfRejected: [(draft: TargetingDraft, fileIndex: Int)] = []
    /// The identifier of every experiment document, valid or not.
    var identifiersWritten: Set<String> = []
    /// The segments that parsed, and the name of every segment document, valid or not.
    var segments: [SegmentDraft] = []
    var segmentNamesWritten: Set<String> = []
    /// The environments declarations (one is allowed).
    var environments: [EnvironmentDeclaration] = []
    /// The test documents whose shape is right.
    var tests: [TestDocumentDraft] = []
    /// What each parsed experiment names in other documents, by its position.
    var links: [Int: ExperimentLinks] = [:]
    /// The experiment documents that a syntax error or a rejected construct kept from the parser.
    var unreadExperiments = 0
    /// The event and metric documents whose shape is right, and the name of every one, valid or not.
    var events: [EventDraft] = []
    var eventNamesWritten: Set<String> = []
    var metrics: [MetricDraft] = []
    var metricNamesWritten: Set<String> = []

    /// Checks the declarations and every experiment's targeting, which it sets on `experiments`;
    /// returns the declarations and the positions of experiments whose targeting has errors.
    func checkTargeting(
        _ experiments: inout [Experiment], places: [ExperimentPlaces], log: inout DiagnosticLog
    ) -> (declarations: [AttributeDeclaration], segments: [Segment], rejected: Set<Int>) {
        let (declarations, badlyDeclared) = AttributeValidation.check(attributes, log: &log)
        let kinds = AttributeDeclaration.kinds(declarations)
        var segmentValidation = SegmentValidation(
            segments, namesWritten: segmentNamesWritten, kinds: kinds, badlyDeclared: badlyDeclared, log: &log)
        var rejected = Set<Int>()
        for (position, draft) in targeting.sorted(by: { $0.key < $1.key }) {
            let fileIndex = places[position].fileIndex
            let validation = TargetingValidation(
                kinds: kinds, badlyDeclared: badlyDeclared, fileIndex: fileIndex, outerKeys: ExperimentKey.names)
            if let checked = validation.check(draft, log: &log),
                let linked = segmentValidation.link(checked, draft: draft, fileIndex: fileIndex, log: &log)
            {
                experiments[position].definition.targeting = linked
            } else {
                segmentValidation.markUsed(by: draft)
                rejected.insert(position)
            }
        }
        for (draft, fileIndex) in targetingOfRejected {
            _ = TargetingValidation(
                kinds: kinds, badlyDeclared: badlyDeclared, fileIndex: fileIndex, outerKeys: ExperimentKey.names)
                .check(draft, log: &log)
            segmentValidation.markUsed(by: draft)
        }
        return (declarations, segmentValidation.finish(someExperimentsUnread: unreadExperiments > 0, log: &log), rejected)
    }
}
