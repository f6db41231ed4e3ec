@_spi(Tools) import SplitTestCompiler
import SplitTestStatistics
@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestingTestSupport
import Testing

/// A holdout over a million units: its share, its independence from the groups of the
/// experiments it covers, and that a held-out unit is never exposed in them.
@Suite("Holdouts")
struct HoldoutQualityTests {
    /// The holdout of the checks, compiled from a definition as an app's would be.
    static let compiled: (holdout: SplitTestHoldout, rules: SplitTestDefinition) = {
        let result = DefinitionCompiler.compile(
            [
                SourceFile(path: "quality.yaml", contents: Array("""
                    identifier: quality_main
                    type: device
                    groups: [a, b, c, d]
                    ---
                    holdout: { name: quality_holdout, type: device, percent: 5, experiments: all }
                    """.utf8))
            ], today: CalendarDate(year: 2026, month: 11, day: 22))
        precondition(!result.hasErrors, "the quality definitions compile: \(result.diagnostics)")
        guard let experiment = result.experiments.first, let holdout = experiment.definition.holdout else {
            preconditionFailure("the holdout covers the experiment")
        }
        return (holdout, experiment.definition)
    }()

    /// Whether each synthetic unit is held out, computed once.
    static let heldOut: [Bool] = {
        let holdout = compiled.holdout
        return ParallelChunks.map(count: SyntheticUnits.count) { holdout.holds(unit: SyntheticUnits.id($0)) }
    }()

    @Test("a 5% holdout keeps out 5% of a million units, within 0.1 points")
    func shareIsWithinATenthOfAPoint() {
        #expect(Self.compiled.holdout.buckets == 500)
        let share = Double(Self.heldOut.filter { $0 }.count) / Double(SyntheticUnits.count)
        #expect(abs(share - 0.05) < 0.001, "held out: \(share)")
    }

    @Test("being held out is independent of the group the unit would get")
    func holdoutIsIndependentOfTheGroups() {
        // The group each unit is bucketed into (the same salt as the covered experiment).
        let groups = IndependenceTests.groups(UnitSample.shared.groupBuckets, weights: [1, 1, 1, 1])
        let rows = Self.heldOut.map { $0 ? 1 : 0 }
        let result = ChiSquareTest.independence(
            IndependenceTests.table(rows: rows, rowCount: 2, columns: groups, columnCount: 4))
        #expect(result.degreesOfFreedom == 3)
        #expect(result.pValue >= 0.001, "χ² \(result.statistic), p \(result.pValue)")
        // The finer table: held out against the decile of the group bucket.
        let fine = ChiSquareTest.independence(
            IndependenceTests.table(
                rows: rows, rowCount: 2, columns: IndependenceTests.deciles(UnitSample.shared.groupBuckets),
                columnCount: 10))
        #expect(fine.pValue >= 0.001, "χ² \(fine.statistic), p \(fine.pValue)")
    }

    @Test("the rules serve every held-out unit the control, reason holdout, and no other unit")
    func rulesFollowTheHoldout() {
        let rules = Self.compiled.rules
        let mismatches = ParallelChunks.map(count: 100_000) { index -> Int in
            let resolution = rules.resolve(unit: SyntheticUnits.id(index))
            let held = resolution.reason == .holdout
            guard held == Self.heldOut[index] else { return 1 }
            return held && (resolution.groupIndex != 0 || resolution.holdout != "quality_holdout") ? 1 : 0
        }
        #expect(mismatches.reduce(0, +) == 0)
    }

    enum Group: String, SplitTestGroup {
        case a, b, c, d
    }

    struct Covered: SplitTest {
        static let identifier = "quality_main"
        static let definition = SplitTestDefinition(
            identifier: identifier, groups: Group.self, unitType: .device, salt: "quality_main",
            bucketUpperBounds: HoldoutQualityTests.compiled.rules.bucketTable.upperBounds, control: .a,
            holdout: HoldoutQualityTests.compiled.holdout)
        let assignment: SplitTestAssignment<Group>
        init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
    }

    @Test("a held-out unit is never exposed in a covered experiment, and is reported as held out once")
    func heldOutUnitsAreNeverExposed() {
        var heldOutUnits = 0
        var exposedUnits = 0
        for index in 0..<4_000 {
            let unit = SyntheticUnits.id(index)
            let recorder = RecordingTrackingProvider()
            let service = SplitTestingService(configuration: .init(
                store: InMemoryAssignmentStore(),
                deviceID: unit, catalog: [Covered.self], tracking: TrackingClient(providers: [recorder]),
                builtInAttributes: SplitTestAttributeValues()))
            for _ in 0..<3 { service.fetchSplitTest(Covered.self).hitSplitTest() }
            let identifiers = recorder.events.map(\.identifier)
            if Self.heldOut[index] {
                heldOutUnits += 1
                #expect(identifiers == [TrackingEvent.holdoutIdentifier], "\(unit)")
            } else {
                exposedUnits += 1
                #expect(identifiers.count == 1 && identifiers != [TrackingEvent.holdoutIdentifier], "\(unit)")
            }
        }
        #expect(heldOutUnits > 100 && exposedUnits > 3_000, "both kinds of unit are checked")
    }
}
