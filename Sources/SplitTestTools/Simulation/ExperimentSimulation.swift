@_spi(Tools) import SplitTestCompiler
import SplitTestStatistics
@_spi(Generated) @_spi(Tools) import SplitTesting

/// What happened to synthetic units in one experiment: how many were enrolled, how they spread
/// over the groups, and whether that spread matches the weights (a sample-ratio check).
public struct ExperimentSimulation: Sendable, Hashable, Encodable {
    /// One group's share.
    public struct GroupShare: Sendable, Hashable, Encodable {
        /// The group's name as written in YAML.
        public var group: String
        /// The share of enrolled units the weights promise, in `0...1`.
        public var expectedShare: Double
        /// The share of enrolled units it received, in `0...1` (0 when nobody was enrolled).
        public var observedShare: Double
        /// How many enrolled units it received.
        public var units: Int
    }

    /// The experiment's identifier.
    public var experiment: String
    /// How many units were resolved.
    public var units: Int
    /// Units bucketed into a group.
    public var enrolled: Int
    /// Units outside the traffic or layer slice, held out, not targeted, not in a required group,
    /// or outside the schedule, and every unit of a resolved experiment.
    public var notEnrolled: Int
    /// Units outside the experiment's traffic or its layer slice (part of `notEnrolled`).
    public var outsideTraffic: Int
    /// Units kept out by the experiment's holdout (part of `notEnrolled`).
    public var heldOut: Int
    /// Units whose attributes the targeting does not match (part of `notEnrolled`).
    public var notTargeted: Int
    /// Units not in a group a required experiment asks for (part of `notEnrolled`).
    public var prerequisiteUnmet: Int
    /// Units resolved before the schedule's start (part of `notEnrolled`; all or none of them,
    /// since they share one time).
    public var notStarted: Int
    /// Units resolved after the schedule's end (part of `notEnrolled`; all or none of them).
    public var ended: Int
    /// Units that got a group the experiment names for them (`force:`; part of `notEnrolled`).
    public var forced: Int
    /// Units served the control because the experiment is stopped (part of `notEnrolled`; all
    /// of them but the forced ones, or none).
    public var stopped: Int
    /// Units served the winner because the experiment is resolved (part of `notEnrolled`; all of
    /// them but the forced ones, or none).
    public var resolved: Int
    /// One entry per group, in declaration order.
    public var groups: [GroupShare]
    /// The chi-square goodness-of-fit p-value of the enrolled counts against the weights;
    /// `nil` when nothing was bucketed (no enrolled unit, or a resolved experiment).
    public var sampleRatioPValue: Double?
    /// For a multivariate experiment, whose groups are its cells: the shares of each factor's
    /// levels; `nil` for an experiment with plain groups.
    public var factors: [FactorShares]?

    /// Resolves `units`, each with `attributes` at `time`, through `experiment`'s definition
    /// after `adjusting` it, as the runtime resolves it.
    @_spi(Tools) public init<Units: Sequence<String>>(
        experiment: Experiment, units: Units, attributes: SplitTestAttributeValues = SplitTestAttributeValues(),
        time: Double? = nil,
        adjusting: (SplitTestDefinition) -> SplitTestDefinition = { $0 }
    ) {
        let definition = adjusting(experiment.definition)
        var counts = [Int](repeating: 0, count: definition.groups.count)
        var total = 0
        var enrolled = 0
        var outsideTraffic = 0
        var heldOut = 0
        var notTargeted = 0
        var prerequisiteUnmet = 0
        var notStarted = 0
        var ended = 0
        var forced = 0
        var stopped = 0
        var resolved = 0
        for unit in units {
            total += 1
            let resolution = definition.resolve(
            unit: unit, attributes: attributes, time: time ?? SplitTestDefinition.currentTime, adjusting: adjusting)
            switch resolution.reason {
            case .holdout: heldOut += 1
            case .notTargeted: notTargeted += 1
            case .prerequisite: prerequisiteUnmet += 1
            case .notStarted: notStarted += 1
            case .ended: ended += 1
            case .notEnrolled: outsideTraffic += 1
            case .forced: forced += 1
            case .stopped: stopped += 1
            case .resolved: resolved += 1
            default: break
            }
            guard resolution.reason == .bucketed else { continue }
            enrolled += 1
            counts[resolution.groupIndex] += 1
        }
        let shares = definition.bucketTable.shares
        self.experiment = experiment.identifier
        self.units = total
        self.enrolled = enrolled
        self.notEnrolled = total - enrolled
        self.outsideTraffic = outsideTraffic
        self.heldOut = heldOut
        self.notTargeted = notTargeted
        self.prerequisiteUnmet = prerequisiteUnmet
        self.notStarted = notStarted
        self.ended = ended
        self.forced = forced
        self.stopped = stopped
        self.resolved = resolved
        self.groups = definition.groups.indices.map { index in
            GroupShare(
                group: definition.groups[index],
                expectedShare: shares[index],
                observedShare: enrolled == 0 ? 0 : Double(counts[index]) / Double(enrolled),
                units: counts[index])
        }
        self.sampleRatioPValue = enrolled == 0
            ? nil
            : ChiSquareTest.goodnessOfFit(observed: counts, expected: shares.map { $0 * Double(enrolled) }).pValue
        self.factors = definition.factorial.map { FactorShares.all(design: $0, counts: counts, shares: shares) }
    }

    private enum CodingKeys: String, CodingKey {
        case experiment, units, enrolled, notEnrolled, outsideTraffic, heldOut, notTargeted, prerequisiteUnmet, notStarted, ended
        case forced, stopped, resolved, groups
        case sampleRatioPValue, factors
    }

    /// Encodes every key, the p-value as `null` when there is none.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(experiment, forKey: .experiment)
        try container.encode(units, forKey: .units)
        try container.encode(enrolled, forKey: .enrolled)
        try container.encode(notEnrolled, forKey: .notEnrolled)
        try container.encode(outsideTraffic, forKey: .outsideTraffic)
        try container.encode(heldOut, forKey: .heldOut)
        try container.encode(notTargeted, forKey: .notTargeted)
        try container.encode(prerequisiteUnmet, forKey: .prerequisiteUnmet)
        try container.encode(notStarted, forKey: .notStarted)
        try container.encode(ended, forKey: .ended)
        try container.encode(forced, forKey: .forced)
        try container.encode(stopped, forKey: .stopped)
        try container.encode(resolved, forKey: .resolved)
        try container.encode(groups, forKey: .groups)
        try container.encode(sampleRatioPValue, forKey: .sampleRatioPValue)
        // Only a multivariate experiment has the key, so that other experiments' JSON is unchanged.
        try container.encodeIfPresent(factors, forKey: .factors)
    }
}
