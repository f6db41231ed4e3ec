@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestFormats

/// Resolves the names of test documents against the definitions: the experiment, environments,
/// groups, reasons, params, levels and attributes each exist (with "did you mean"), and each
/// value fits its kind. A test that names anything unknown is an error, never a silent pass.
enum TestValidation {
    static func check(
        _ drafts: [TestDocumentDraft], experiments: [Experiment], environments: [String],
        attributes: [AttributeDeclaration], identifiersWritten: Set<String>, log: inout DiagnosticLog
    ) -> [DefinitionTest] {
        guard !drafts.isEmpty else { return [] }
        // Positions rather than experiments: a copy of an `Experiment` is a retain per field.
        var byIdentifier: [String: Int] = [:]
        byIdentifier.reserveCapacity(experiments.count)
        for position in experiments.indices { byIdentifier[experiments[position].identifier] = position }
        let kinds = AttributeDeclaration.kinds(attributes)
        var tests: [DefinitionTest] = []
        for draft in drafts {
            var checker = Checker(
                fileIndex: draft.fileIndex, environments: environments, kinds: kinds, log: log)
            defer { log = checker.log }
            guard let position = byIdentifier[draft.experiment.name] else {
                if !identifiersWritten.contains(draft.experiment.name) {
                    checker.error(
                        "experiment '\(shownInMessage(draft.experiment.name))' is not defined"
                            + Suggestions.didYouMean(draft.experiment.name, in: byIdentifier.keys.sorted()),
                        at: draft.experiment.location)
                }
                continue
            }
            if let test = checker.test(draft, experiment: experiments[position]) { tests.append(test) }
        }
        return tests
    }

    /// Checks one document, reporting into its own log.
    private struct Checker {
        let fileIndex: Int
        let environments: [String]
        let kinds: [String: SplitTestAttributeKind]
        var log: DiagnosticLog
        var valid = true

        mutating func error(_ message: String, at location: SourceLocation) {
            log.error(message, at: location, fileIndex: fileIndex)
            valid = false
        }

        mutating func test(_ draft: TestDocumentDraft, experiment: Experiment) -> DefinitionTest? {
            let environment = draft.environment.flatMap { checkEnvironment($0) }
            var cases: [DefinitionTest.Case] = []
            for written in draft.cases {
                let caseEnvironment = written.environment.flatMap { checkEnvironment($0) } ?? environment
                let values = attributes(written.attributes)
                guard let expect = expectation(written.expect, experiment: experiment) else { continue }
                cases.append(DefinitionTest.Case(
                    unit: written.unit, user: written.user ?? written.unit, device: written.device ?? written.unit,
                    attributes: values, environment: caseEnvironment, at: written.at ?? draft.at, expect: expect))
            }
            var distribution: DefinitionTest.Distribution?
            if let written = draft.distribution {
                for share in written.shares { _ = group(share.group.name, at: share.group.location, experiment: experiment) }
                distribution = DefinitionTest.Distribution(
                    units: written.units, prefix: written.prefix, shares: written.shares.map { ($0.group.name, $0.percent) },
                    tolerance: written.tolerance, location: written.location)
            }
            guard valid else { return nil }
            return DefinitionTest(
                experiment: experiment.identifier, description: draft.description, environment: environment, at: draft.at,
                cases: cases, distribution: distribution, location: draft.experiment.location)
        }

        private mutating func checkEnvironment(_ reference: NameReference) -> String? {
            guard environments.contains(reference.name) else {
                let remedy = environments.isEmpty ? "; the definitions declare no environments" : Suggestions.didYouMean(reference.name, in: environments)
                error("environment '\(shownInMessage(reference.name))' is not declared" + remedy, at: reference.location)
                return nil
            }
            return reference.name
        }

        private mutating func group(_ name: String, at location: SourceLocation, experiment: Experiment) -> String? {
            guard experiment.groupNames.contains(name) else {
                error(
                    "'\(shownInMessage(name))' is not a group of '\(experiment.identifier)'"
                        + Suggestions.didYouMean(name, in: experiment.groupNames), at: location)
                return nil
            }
            return name
        }

        private mutating func attributes(_ written: [(name: NameReference, value: WrittenScalar)]) -> SplitTestAttributeValues {
            var members: [(String, JSONValue)] = []
            for (name, value) in written {
                guard kinds[name.name] != nil else {
                    error(
                        "attribute '\(shownInMessage(name.name))' is not declared (known: "
                            + kinds.keys.sorted().joined(separator: ", ") + ")"
                            + Suggestions.didYouMean(name.name, in: kinds.keys.sorted()), at: name.location)
                    continue
                }
                do {
                    members.append((name.name, Self.json(value, kind: kinds[name.name])))
                    _ = try SplitTestAttributeValues(reading: members.suffix(1), kinds: kinds)
                } catch {
                    members.removeLast()
                    self.error(error.message, at: value.location)
                }
            }
            return (try? SplitTestAttributeValues(reading: members, kinds: kinds)) ?? SplitTestAttributeValues()
        }

        /// The value written in YAML as JSON would give it; a version written as a plain number
        /// (`app_version: 5.3`) is the text written, which YAML keeps, where JSON takes a version
        /// only as a string.
        private static func json(_ value: WrittenScalar, kind: SplitTestAttributeKind?) -> JSONValue {
            switch value.scalar {
            case .null: .null
            case .bool(let flag): .bool(flag)
            case .int, .double: kind == .version ? .string(value.text) : .number(value.text)
            case .string(let text): .string(text)
            }
        }

        private mutating func expectation(_ written: ExpectationDraft, experiment: Experiment) -> DefinitionTest.Expectation? {
            var expect = DefinitionTest.Expectation(
                group: nil, reason: nil, enrolled: nil, params: [], levels: [], location: written.location)
            if let group = written.group { expect.group = self.group(group.text, at: group.location, experiment: experiment) }
            if let reason = written.reason {
                let names = AssignmentReason.allCases.map(\.rawValue)
                if let value = AssignmentReason(rawValue: reason.text) {
                    expect.reason = value
                } else {
                    error(
                        "'\(shownInMessage(reason.text))' is not a reason; a reason is one of "
                            + names.joined(separator: ", ") + Suggestions.didYouMean(reason.text, in: names),
                        at: reason.location)
                }
            }
            if let enrolled = written.enrolled {
                if case .bool(let flag) = enrolled.scalar { expect.enrolled = flag } else {
                    error("'enrolled' must be true or false; found '\(shownInMessage(enrolled.text))'", at: enrolled.location)
                }
            }
            let parameters = experiment.factors.isEmpty ? experiment.parameters : experiment.factors.flatMap(\.parameters)
            for (name, value) in written.params {
                guard let declaration = parameters.first(where: { $0.name == name.name }) else {
                    error(
                        "'\(shownInMessage(name.name))' is not a param of '\(experiment.identifier)'"
                            + Suggestions.didYouMean(name.name, in: parameters.map(\.name)), at: name.location)
                    continue
                }
                guard let converted = Self.parameterValue(value, type: declaration.type) else {
                    error(
                        "param '\(name.name)' is \(declaration.type.rawValue); found '\(shownInMessage(value.text))'",
                        at: value.location)
                    continue
                }
                expect.params.append((name.name, converted))
            }
            let factors = experiment.definition.factorial?.factors ?? []
            for (factor, level) in written.levels {
                guard let known = factors.first(where: { $0.name == factor.name }) else {
                    let names = factors.map(\.name)
                    error(
                        "'\(shownInMessage(factor.name))' is not a factor of '\(experiment.identifier)'"
                            + (names.isEmpty ? " (it has groups, not factors)" : Suggestions.didYouMean(factor.name, in: names)),
                        at: factor.location)
                    continue
                }
                let levels = known.levels
                guard levels.contains(level.text) else {
                    error(
                        "'\(shownInMessage(level.text))' is not a level of factor '\(factor.name)'"
                            + Suggestions.didYouMean(level.text, in: levels), at: level.location)
                    continue
                }
                expect.levels.append((factor.name, level.text))
            }
            return expect
        }

        /// A written value as a value of the param's type.
        static func parameterValue(_ value: WrittenScalar, type: ParameterType) -> ParameterValue? {
            switch type {
            case .bool: if case .bool(let flag) = value.scalar { return .bool(flag) } else { return nil }
            case .int: if case .int(let number) = value.scalar { return .int(number) } else { return nil }
            case .double:
                switch value.scalar {
                case .int(let number): return .double(Double(number))
                case .double(let number): return .double(number)
                default: return nil
                }
            case .string: return .string(value.text)
            }
        }
    }
}
