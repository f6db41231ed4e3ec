/// The rules that span experiments: identifiers and Swift type names are unique, and the
/// experiments of one layer own disjoint slices of it.
enum CrossFileValidation {
    /// Reports every clash among `experiments` (in input order) and returns the experiments that
    /// clash with none defined before them.
    static func check(_ experiments: [ParsedExperiment], log: inout DiagnosticLog) -> [ParsedExperiment] {
        var rejected = Set<Int>()
        var firstByIdentifier: [String: Int] = [:]
        var firstBySwiftName: [String: Int] = [:]
        for (index, parsed) in experiments.enumerated() {
            let experiment = parsed.experiment
            if let first = firstByIdentifier[experiment.identifier] {
                log.add(
                    .error("duplicate identifier '\(experiment.identifier)'", at: parsed.identifierLocation),
                    fileIndex: parsed.fileIndex,
                    notes: [.note("'\(experiment.identifier)' is first defined here", at: experiments[first].identifierLocation)])
                rejected.insert(index)
                continue
            }
            firstByIdentifier[experiment.identifier] = index
            if let first = firstBySwiftName[experiment.swiftName] {
                let other = experiments[first].experiment.identifier
                log.add(
                    .error(
                        "experiments '\(other)' and '\(experiment.identifier)' both become the Swift type "
                            + "'\(experiment.swiftName)'; set a different 'swift_name'",
                        at: parsed.swiftNameLocation),
                    fileIndex: parsed.fileIndex,
                    notes: [.note("'\(other)' is defined here", at: experiments[first].swiftNameLocation)])
                rejected.insert(index)
                continue
            }
            firstBySwiftName[experiment.swiftName] = index
        }
        checkLayers(experiments, rejected: &rejected, log: &log)
        return experiments.indices.filter { !rejected.contains($0) }.map { experiments[$0] }
    }

    /// One experiment's slice of a layer.
    private struct Slice {
        var index: Int
        var buckets: Range<Int>
        var location: SourceLocation
    }

    /// Sorts each layer's experiments by where their range starts: a range that starts before
    /// the furthest end so far overlaps the experiment that reaches that end.
    private static func checkLayers(
        _ experiments: [ParsedExperiment], rejected: inout Set<Int>, log: inout DiagnosticLog
    ) {
        var slices: [String: [Slice]] = [:]
        for (index, parsed) in experiments.enumerated() where !rejected.contains(index) {
            guard let layer = parsed.experiment.layer else { continue }
            guard let location = parsed.layerRangeLocation else {
                preconditionFailure("the parser locates the range of every layer it accepts")
            }
            slices[layer.name, default: []].append(Slice(index: index, buckets: layer.buckets, location: location))
        }
        for (name, members) in slices {
            let ordered = members.sorted { ($0.buckets.lowerBound, $0.index) < ($1.buckets.lowerBound, $1.index) }
            var furthest: Slice?
            for slice in ordered {
                if let holder = furthest, slice.buckets.lowerBound < holder.buckets.upperBound {
                    let parsed = experiments[slice.index]
                    let other = experiments[holder.index].experiment.identifier
                    log.add(
                        .error(
                            "experiments '\(other)' and '\(parsed.experiment.identifier)' overlap in "
                                + "layer '\(name)': \(percent(holder.buckets)) and \(percent(slice.buckets)); "
                                + "the experiments of a layer must own disjoint ranges",
                            at: slice.location),
                        fileIndex: parsed.fileIndex,
                        notes: [.note("the range of '\(other)' is here", at: holder.location)])
                    rejected.insert(slice.index)
                } else if slice.buckets.upperBound > furthest?.buckets.upperBound ?? 0 {
                    furthest = slice
                }
            }
        }
    }

    /// `[0, 50]`: a bucket range as the percentages the definition writes.
    private static func percent(_ buckets: Range<Int>) -> String {
        func format(_ bucket: Int) -> String {
            let whole = bucket / 100
            let fraction = bucket % 100
            if fraction == 0 { return String(whole) }
            return fraction % 10 == 0 ? "\(whole).\(fraction / 10)" : "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
        }
        return "[\(format(buckets.lowerBound)), \(format(buckets.upperBound))]"
    }
}
