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

    /// Checks the declarations and every experiment's targeting, which it sets on `experiments`;
    /// returns the declarations and the positions of experiments whose targeting has errors.
    func checkTargeting(
        _ experiments: inout [Experiment], places: [ExperimentPlaces], log: inout DiagnosticLog
    ) -> (declarations: [AttributeDeclaration], rejected: Set<Int>) {
        let (declarations, badlyDeclared) = AttributeValidation.check(attributes, log: &log)
        var kinds: [String: AttributeKind] = [:]
        for (name, kind) in BuiltInAttributes.kinds { kinds[name] = kind }
        for declaration in declarations { kinds[declaration.name] = AttributeKind(declaration) }
        var rejected = Set<Int>()
        for (position, draft) in targeting.sorted(by: { $0.key < $1.key }) {
            let validation = TargetingValidation(
                kinds: kinds, badlyDeclared: badlyDeclared, fileIndex: places[position].fileIndex)
            if let checked = validation.check(draft, log: &log) {
                experiments[position].definition.targeting = checked
            } else {
                rejected.insert(position)
            }
        }
        for (draft, fileIndex) in targetingOfRejected {
            _ = TargetingValidation(kinds: kinds, badlyDeclared: badlyDeclared, fileIndex: fileIndex)
                .check(draft, log: &log)
        }
        return (declarations, rejected)
    }
}
