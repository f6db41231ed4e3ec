@_spi(Tools) import SplitTestCompiler
@_spi(Generated) @_spi(Tools) import SplitTesting

/// The environment and control document that compiled definitions are resolved under, as a
/// service configured with them applies them: each definition takes its environment's values,
/// then the control document's entry for it. What `splitc` (`--environment`, `--control`) and the
/// decision service share, so that both resolve with the definitions an app would have in force.
///
/// ```swift
/// let inForce = try DefinitionsInForce(environment: "staging", control: document, declaredIn: result)
/// let definition = inForce.definition(experiment.definition) { problem in print("warning: \(problem)") }
/// ```
@_spi(Tools) public struct DefinitionsInForce: Sendable {
    /// The environment whose values the definitions take, or `nil` for their base values.
    public var environment: String?
    /// The control document whose entries apply, if any.
    public var control: SplitTestControl?

    /// `environment`'s values (or the base ones) under `control`, as given: for documents read
    /// back whatever their environment (a bandit's readout).
    public init(environment: String? = nil, control: SplitTestControl? = nil) {
        self.environment = environment
        self.control = control
    }

    /// `environment` (one of those `result` declares; otherwise an ``InputError`` that says which
    /// are) and `control`, which must have been published for that environment.
    public init(environment: String?, control: SplitTestControl?, declaredIn result: CompilationResult) throws(InputError) {
        if let environment, let message = result.undeclaredEnvironmentMessage(environment) { throw InputError(message) }
        self.environment = environment
        self.control = control
    }

    /// `compiled` in force: the environment's values over the base ones, then the control
    /// document's entry. An entry that cannot apply is described to `problem` (as the runtime
    /// reports it) and the definition serves without it, as in apps.
    public func definition(
        _ compiled: SplitTestDefinition, problem: (String) -> Void = { _ in }
    ) -> SplitTestDefinition {
        let definition = compiled.inEnvironment(environment)
        guard let entry = control?.experiments[compiled.identifier] else { return definition }
        switch definition.applying(entry) {
        case .success(let applied):
            return applied
        case .failure(.unknownGroup(let group)):
            problem("\(SplitTestingIssue.controlGroupNotFound(experiment: compiled.identifier, group: group))")
        case .failure(.invalid(let reason)):
            problem("\(SplitTestingIssue.controlEntryInvalid(experiment: compiled.identifier, reason: reason))")
        }
        return definition
    }
}

extension SplitTestDefinition.ControlEntryProblem {
    /// What is wrong with an entry, in words.
    @_spi(Tools) public var described: String {
        switch self {
        case .unknownGroup(let group): "group '\(group)' is not one of its groups"
        case .invalid(let reason): reason
        }
    }
}
