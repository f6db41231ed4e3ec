@_spi(Generated) import SplitTesting

/// The rules that span experiments: identifiers and Swift type names are unique, and the
/// experiments of one layer own disjoint slices of it.
enum CrossFileValidation {
    /// Reports every clash among `experiments` (in input order, written at `places`) and returns
    /// the positions of those that clash with one defined before them.
    static func check(
        _ experiments: [Experiment], places: [ExperimentPlaces], log: inout DiagnosticLog
    ) -> Set<Int> {
        var rejected = Set<Int>()
        var firstByIdentifier: [String: Int] = [:]
        var firstBySwiftName: [String: Int] = [:]
        firstByIdentifier.reserveCapacity(experiments.count)
        firstBySwiftName.reserveCapacity(experiments.count)
        for index in experiments.indices {
            let identifier = experiments[index].identifier
            let place = places[index]
            if let first = firstByIdentifier.updateValue(index, forKey: identifier) {
                firstByIdentifier[identifier] = first
                log.error(
                    "duplicate identifier '\(identifier)'", at: place.identifierLocation, fileIndex: place.fileIndex,
                    note: .note("'\(identifier)' is first defined here", at: places[first].identifierLocation))
                rejected.insert(index)
                continue
            }
            let swiftName = experiments[index].swiftName
            if let first = firstBySwiftName.updateValue(index, forKey: swiftName) {
                firstBySwiftName[swiftName] = first
                let other = experiments[first].identifier
                log.error(
                    "experiments '\(other)' and '\(identifier)' both become the Swift type "
                        + "'\(swiftName)'; set a different 'swift_name'",
                    at: place.swiftNameLocation, fileIndex: place.fileIndex,
                    note: .note("'\(other)' is defined here", at: places[first].swiftNameLocation))
                rejected.insert(index)
                continue
            }
        }
        checkLayers(experiments, places: places, rejected: &rejected, log: &log)
        return rejected
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
        _ experiments: [Experiment], places: [ExperimentPlaces], rejected: inout Set<Int>,
        log: inout DiagnosticLog
    ) {
        var slices: [String: [Slice]] = [:]
        for index in experiments.indices where !rejected.contains(index) {
            guard let layer = experiments[index].definition.layer else { continue }
            guard let location = places[index].layerRangeLocation else {
                preconditionFailure("the parser locates the range of every layer it accepts")
            }
            slices[layer.name, default: []].append(Slice(index: index, buckets: layer.buckets, location: location))
        }
        for (name, members) in slices {
            let ordered = members.sorted { ($0.buckets.lowerBound, $0.index) < ($1.buckets.lowerBound, $1.index) }
            var furthest: Slice?
            for slice in ordered {
                if let holder = furthest, slice.buckets.lowerBound < holder.buckets.upperBound {
                    let identifier = experiments[slice.index].identifier
                    let other = experiments[holder.index].identifier
                    log.error(
                        "experiments '\(other)' and '\(identifier)' overlap in "
                            + "layer '\(name)': \(percent(holder.buckets)) and \(percent(slice.buckets)); "
                            + "the experiments of a layer must own disjoint ranges",
                        at: slice.location, fileIndex: places[slice.index].fileIndex,
                        note: .note("the range of '\(other)' is here", at: holder.location))
                    rejected.insert(slice.index)
                } else if slice.buckets.upperBound > furthest?.buckets.upperBound ?? 0 {
                    furthest = slice
                }
            }
        }
    }

    /// `[0, 50]`: a bucket range as the percentages the definition writes.
    private static func percent(_ buckets: Range<Int>) -> String {
        "[\(BucketTable.percentText(buckets: buckets.lowerBound)), \(BucketTable.percentText(buckets: buckets.upperBound))]"
    }
}
