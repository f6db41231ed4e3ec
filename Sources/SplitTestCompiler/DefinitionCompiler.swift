/// The compiler's front end: definition files in, validated experiments and diagnostics out.
public enum DefinitionCompiler {
    /// Parses and validates every document of every file; reports all errors of the run.
    ///
    /// `today` decides which `expires:` dates are in the past; it is a parameter so that the
    /// result depends on the inputs only. When there are errors, `experiments` still lists the
    /// experiments that passed, so that tools can show them; callers must not generate code then.
    public static func compile(
        _ sources: [SourceFile], today: CalendarDate, limits: CompilerLimits = .default
    ) -> CompilationResult {
        var log = DiagnosticLog(limitPerFile: limits.diagnosticsPerFile)
        // The experiments and their places side by side, so that neither is copied to be checked
        // or sorted.
        var experiments: [Experiment] = []
        var places: [ExperimentPlaces] = []
        var documentBudget = limits.experiments
        var documents = DocumentSet()
        var experimentDocuments = 0
        for (index, source) in sources.enumerated() {
            let file = DefinitionFileContext(path: source.path, index: index)
            guard source.contents.count <= limits.fileSize else {
                log.add(
                    .error(
                        "this file is \(source.contents.count) bytes; the largest definition file "
                            + "accepted is \(limits.fileSize) bytes", at: file.location(line: 1, column: 1)),
                    fileIndex: index)
                continue
            }
            let summary = YAMLReader.readDocuments(
                source.contents, file: file, limits: limits, documentBudget: &documentBudget
            ) { document in
                var parser = ExperimentParser(
                    document: document, file: file, displayPath: source.displayPath, limits: limits, today: today,
                    log: log.continuation(forFile: index))
                switch DocumentKind(of: document) {
                case .experiment:
                    experimentDocuments += 1
                    if let parsed = parser.parse() {
                        if let targeting = parser.targeting { documents.targeting[experiments.count] = targeting }
                        documents.links[experiments.count] = parsed.links
                        experiments.append(parsed.experiment)
                        places.append(parsed.places)
                    } else if let targeting = parser.targeting {
                        documents.targetingOfRejected.append((targeting, index))
                    }
                    if let identifier = DocumentKind.identifierWritten(in: document) {
                        documents.identifiersWritten.insert(identifier)
                    }
                case .attributes:
                    documents.attributes.append((parser.parseAttributes(), index))
                case .holdout:
                    if let holdout = parser.parseHoldout() { documents.holdouts.append(holdout) }
                case .segment:
                    if let segment = parser.parseSegment() { documents.segments.append(segment) }
                    if let name = DocumentKind.segmentNameWritten(in: document) { documents.segmentNamesWritten.insert(name) }
                case .environments:
                    if let declaration = parser.parseEnvironmentDeclaration() { documents.environments.append(declaration) }
                case .test:
                    if let test = parser.parseTestDocument() { documents.tests.append(test) }
                case .event:
                    if let event = parser.parseEvent() { documents.events.append(event) }
                    if let name = DocumentKind.rootScalar("event", in: document) { documents.eventNamesWritten.insert(name) }
                case .metric:
                    if let metric = parser.parseMetric() { documents.metrics.append(metric) }
                    if let name = DocumentKind.rootScalar("metric", in: document) { documents.metricNamesWritten.insert(name) }
                }
                log.merge(parser.log.diagnostics)
            }
            log.merge(summary.log)
            experimentDocuments += summary.unreadExperiments
            documents.unreadExperiments += summary.unreadExperiments
            if summary.documentCount == 0 && !summary.stoppedOnSyntaxError {
                log.add(
                    .error(
                        "this file defines no experiment; an experiment needs at least 'identifier', "
                            + "'type' and 'groups'", at: file.location(line: 1, column: 1)),
                    fileIndex: index)
            }
        }
        let targeting = documents.checkTargeting(&experiments, places: places, log: &log)
        let environments = EnvironmentValidation.check(
            documents.environments, links: documents.links, experiments: &experiments, places: places, log: &log)
        let requirements = RequirementValidation.checkNames(
            documents.links, experiments: experiments, places: places,
            identifiersWritten: documents.identifiersWritten, log: &log)
        let (events, eventDetails) = EventValidation.check(documents.events, log: &log)
        let metricValidation = MetricValidation(
            documents.metrics, events: events, eventNamesWritten: documents.eventNamesWritten,
            metricNamesWritten: documents.metricNamesWritten, log: &log)
        let unmeasured = metricValidation.link(documents.links, experiments: &experiments, places: places, log: &log)
        var requiresLocations: [String: SourceLocation] = [:]
        for (position, link) in documents.links {
            if let location = link.requiresLocation { requiresLocations[experiments[position].identifier] = location }
        }
        let rejected = CrossFileValidation.check(experiments, places: places, log: &log)
            .union(targeting.rejected).union(environments.rejected).union(requirements.rejected).union(unmeasured)
        if !rejected.isEmpty {
            let kept = experiments.indices.filter { !rejected.contains($0) }
            experiments = kept.map { experiments[$0] }
            places = kept.map { places[$0] }
        }
        let holdouts = HoldoutValidation.check(
            documents.holdouts, experiments: &experiments, identifiersWritten: documents.identifiersWritten, log: &log)
        let unlinked = RequirementValidation.link(
            requirements.edges, experiments: &experiments, places: places, requiresLocations: requiresLocations,
            log: &log)
        if !unlinked.isEmpty {
            experiments = experiments.indices.filter { !unlinked.contains($0) }.map { experiments[$0] }
        }
        // Sorted by identifier through their positions: a sort that moves whole experiments
        // copies each many times, and files are usually given in order already.
        let identifiers = experiments.map(\.identifier)
        let order = identifiers.indices.sorted { identifiers[$0] < identifiers[$1] }
        if !order.elementsEqual(identifiers.indices) { experiments = order.map { experiments[$0] } }
        let tests = TestValidation.check(
            documents.tests, experiments: experiments, environments: environments.names,
            attributes: targeting.declarations, identifiersWritten: documents.identifiersWritten, log: &log)
        var result = CompilationResult(
            experiments: experiments, diagnostics: log.sorted, attributes: targeting.declarations, holdouts: holdouts,
            segments: targeting.segments, environments: environments.names, tests: tests,
            experimentDocuments: experimentDocuments)
        result.events = events
        result.metrics = metricValidation.metrics
        result.eventDetails = eventDetails
        result.metricDetails = metricValidation.details
        return result
    }
}
